import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { BLOB_GRACE_MS, blobs } from "../blobs/store";
import type { Queryable } from "../db";
import { getDb } from "../db";
import {
  auditEvents,
  documentVersions,
  fields,
  purgeRuns,
  signerCopies,
  templateDocuments,
  textLayers,
  signerFiles,
  organizations,
} from "../db/schema";
import { enqueue } from "../jobs/queue";
import { outboxDir } from "../mail/deliver-mail";
import { dropCached } from "../signing/page-cache";

/**
 * What a purge batch let go of: the blobs its requests pointed at and the outbox files of their
 * mails. Written as a `purge-blobs` job in the batch's transaction, so that a crash between the
 * commit and the deletion leaves the work queued, not the files stranded.
 */
export interface BlobRelease {
  runId: string | null;
  sha256s: string[];
  mailIds: string[];
}

export { BLOB_GRACE_MS } from "../blobs/store";

const SHA256 = /^[0-9a-f]{64}$/;
/** The blob a field's value names when it is a signature image ({"kind":"image","sha256":"…","mime":"…"}); else null. */
export const fieldImageSha = () =>
  sql<string | null>`(case when ${fields.value}->>'kind' = 'image' then ${fields.value}->>'sha256' end)`;
/** Keys of audit event data that hold a blob nothing else records (a stamped image). */
const AUDIT_BLOB_KEYS = ["imageSha256"] as const;

/**
 * Of these blobs (every blob when `candidates` is left out: a backup's list), the ones some record
 * points at: a document version, a template, a text layer (its PDF or its JSON), a signers' copy, a
 * signature image in a field's value, a file a signer attached, a stamp image in an audit event, an organization's logo. Every environment counts: a
 * blob a production record uses is never released.
 */
export async function referencedBlobs(db: Queryable, candidates?: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const batches = candidates
    ? Array.from({ length: Math.ceil(candidates.length / 500) }, (_, i) => candidates.slice(i * 500, i * 500 + 500))
    : [null];
  for (const c of batches) {
    const among = (column: Parameters<typeof inArray>[0]) => (c ? inArray(column, c) : undefined);
    const imageSha = fieldImageSha();
    const lists = [
      await db.selectDistinct({ s: documentVersions.sha256 }).from(documentVersions).where(among(documentVersions.sha256)),
      await db.selectDistinct({ s: templateDocuments.sha256 }).from(templateDocuments).where(among(templateDocuments.sha256)),
      await db.select({ s: textLayers.pdfSha256 }).from(textLayers).where(among(textLayers.pdfSha256)),
      await db.selectDistinct({ s: textLayers.layerSha256 }).from(textLayers).where(among(textLayers.layerSha256)),
      await db
        .selectDistinct({ s: sql<string>`${signerCopies.sha256}` })
        .from(signerCopies)
        .where(and(isNotNull(signerCopies.sha256), among(signerCopies.sha256))),
      await db.selectDistinct({ s: signerFiles.sha256 }).from(signerFiles).where(among(signerFiles.sha256)),
      await db
        .selectDistinct({ s: imageSha })
        .from(fields)
        .where(and(isNotNull(imageSha), among(imageSha))),
      await db
        .selectDistinct({ s: sql<string>`${organizations.logoSha256}` })
        .from(organizations)
        .where(and(isNotNull(organizations.logoSha256), among(organizations.logoSha256))),
    ];
    for (const key of AUDIT_BLOB_KEYS) {
      const value = sql<string>`${auditEvents.data}->>${sql.raw(`'${key}'`)}`;
      lists.push(
        await db
          .selectDistinct({ s: value })
          .from(auditEvents)
          .where(and(isNotNull(value), among(value))),
      );
    }
    for (const rows of lists) for (const r of rows) if (r.s) found.add(r.s);
  }
  return found;
}

async function removeFile(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
}

/**
 * Deletes the released blobs that no record points at any more (and the outbox files). A blob
 * touched within BLOB_GRACE_MS is kept for now and queued to be looked at again then. Idempotent.
 */
export async function releaseBlobs(release: BlobRelease): Promise<{ blobs: number; outboxFiles: number; deferred: number }> {
  const db = await getDb();
  const candidates = [...new Set(release.sha256s)].filter((s) => SHA256.test(s));
  const kept = await referencedBlobs(db, candidates);
  const touchedSince = new Date(Date.now() - BLOB_GRACE_MS);
  let deleted = 0;
  const deferred: string[] = [];
  for (const sha of candidates) {
    if (kept.has(sha)) continue;
    // The pages drawn from it on this instance (other instances' go within a day: page-cache.ts).
    await dropCached([sha]);
    if (await blobs().delete(sha, { unlessTouchedSince: touchedSince })) deleted++;
    else if (await blobs().has(sha)) deferred.push(sha);
  }
  let outboxFiles = 0;
  for (const id of release.mailIds) {
    // Mail ids are job ids; anything else is not a file name of the outbox.
    if (/^[\w-]+$/.test(id) && (await removeFile(path.join(outboxDir(), `${id}.eml`)))) outboxFiles++;
  }
  if (deferred.length) {
    const later: BlobRelease = { runId: release.runId, sha256s: deferred, mailIds: [] };
    await enqueue(db, "purge-blobs", { ...later }, { runAt: new Date(Date.now() + BLOB_GRACE_MS) });
  }
  return { blobs: deleted, outboxFiles, deferred: deferred.length };
}

/** The `purge-blobs` job: a release left by a purge that stopped, or one deferred; counted on its run. */
export async function runBlobRelease(payload: BlobRelease) {
  const { runId } = payload;
  const done = await releaseBlobs(payload);
  if (runId && (done.blobs || done.outboxFiles)) {
    const db = await getDb();
    await db
      .update(purgeRuns)
      .set({
        blobs: sql`${purgeRuns.blobs} + ${done.blobs}`,
        counts: sql`jsonb_set(${purgeRuns.counts}, '{outboxFiles}', to_jsonb(coalesce((${purgeRuns.counts}->>'outboxFiles')::int, 0) + ${done.outboxFiles}::int))`,
      })
      .where(eq(purgeRuns.id, runId));
  }
  return done;
}
