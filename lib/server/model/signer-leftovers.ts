import "server-only";
import { and, eq, inArray, isNotNull, notExists, notInArray, sql } from "drizzle-orm";
import { parseStoredFieldValue } from "@/lib/schemas/signing";
import type { Queryable } from "../db";
import {
  documentVersions,
  embedLinks,
  fields,
  recipients,
  signerDrafts,
  signerFiles,
  signerSessions,
  templateDocuments,
  textLayers,
} from "../db/schema";
import { BLOB_GRACE_MS } from "../blobs/store";
import { enqueue } from "../jobs/queue";

/**
 * What a signer leaves behind while they may act: the values they saved on the way (signer_drafts, a
 * passport number among them), the files they uploaded that no signature keeps (signer_files and their
 * blobs), the sessions their code opened (signer_sessions), and an EMBEDDED signer's signing URLs and the
 * page sessions opened with them (embed_links: the only way such a signer acts, an hour from opening,
 * and it would still show the document after the turn). None of it has a use once they may no longer
 * act, and none of it may outlive that in the database or in a backup.
 *
 * The state machine calls this on every move out of "this recipient may act" (recipient-state.ts: to
 * SIGNED, APPROVED or DECLINED; request-state.ts: a request leaving IN_PROGRESS, whatever it becomes),
 * in the transaction of the move; a correction, which hands the turn to a new link, calls it too. One
 * place, so that a new way of ending a turn cannot forget it.
 *
 * A file is kept when a signature's value names it (fields.value of kind "files"); the rest go, and
 * their blobs are released by a `purge-blobs` job after the blob grace period (release-blobs.ts keeps
 * any blob another record still points at, and the bytes of an upload under way elsewhere).
 */
export type LeftoverScope = { recipientIds: readonly string[] } | { requestIds: readonly string[] };

export interface DroppedLeftovers {
  drafts: number;
  files: number;
  /** Signer sessions and embedded signing URLs (opened or not). */
  sessions: number;
}

/** The recipients a scope names, as a subquery (a request's: every recipient of it). */
function recipientsOf(tx: Queryable, scope: LeftoverScope) {
  return "recipientIds" in scope
    ? [...scope.recipientIds]
    : tx
        .select({ id: recipients.id })
        .from(recipients)
        .where(inArray(recipients.requestId, [...scope.requestIds]));
}

/** The ids of the uploaded files a signature of these recipients keeps (named by a FILE field's stored value). */
async function keptFileIds(tx: Queryable, scope: LeftoverScope): Promise<string[]> {
  const rows = await tx
    .select({ value: fields.value })
    .from(fields)
    .where(and(inArray(fields.recipientId, recipientsOf(tx, scope)), eq(fields.type, "FILE"), isNotNull(fields.value)));
  const ids: string[] = [];
  for (const { value } of rows) {
    const v = parseStoredFieldValue(value);
    if (v?.kind === "files") ids.push(...v.files.map((f) => f.id));
  }
  return ids;
}

/**
 * The text layers of released uploaded PDFs that nothing else reads (no document version, template
 * document or other upload is that PDF): deleted, their JSON blobs returned for release. A layer row
 * points at its PDF's blob, so it would otherwise keep the released PDF for ever.
 */
export async function dropUnusedTextLayers(tx: Queryable, pdfSha256s: readonly string[]): Promise<string[]> {
  if (!pdfSha256s.length) return [];
  const gone = await tx
    .delete(textLayers)
    .where(
      and(
        inArray(textLayers.pdfSha256, [...pdfSha256s]),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(documentVersions)
            .where(eq(documentVersions.sha256, textLayers.pdfSha256)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(templateDocuments)
            .where(eq(templateDocuments.sha256, textLayers.pdfSha256)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(signerFiles)
            .where(eq(signerFiles.sha256, textLayers.pdfSha256)),
        ),
      ),
    )
    .returning({ layer: textLayers.layerSha256 });
  return gone.map((g) => g.layer);
}

/** Drops what the scope's recipients left behind (see above), in the caller's transaction. */
export async function dropSignerLeftovers(tx: Queryable, scope: LeftoverScope): Promise<DroppedLeftovers> {
  const ids = "recipientIds" in scope ? scope.recipientIds : scope.requestIds;
  if (!ids.length) return { drafts: 0, files: 0, sessions: 0 };
  const drafts = await tx
    .delete(signerDrafts)
    .where(inArray(signerDrafts.recipientId, recipientsOf(tx, scope)))
    .returning({ id: signerDrafts.fieldId });
  const sessions = await tx
    .delete(signerSessions)
    .where(inArray(signerSessions.recipientId, recipientsOf(tx, scope)))
    .returning({ id: signerSessions.id });
  // The embedded page's done screen needs no further call, and a used or unopened URL framed again is 404 as before.
  const embedded = await tx
    .delete(embedLinks)
    .where(inArray(embedLinks.recipientId, recipientsOf(tx, scope)))
    .returning({ id: embedLinks.id });
  const kept = await keptFileIds(tx, scope);
  const unkept = await tx
    .delete(signerFiles)
    .where(
      and(inArray(signerFiles.recipientId, recipientsOf(tx, scope)), kept.length ? notInArray(signerFiles.id, kept) : undefined),
    )
    .returning({ sha256: signerFiles.sha256, mime: signerFiles.mime });
  if (unkept.length) {
    const shas = [...new Set(unkept.map((f) => f.sha256))];
    const pdfs = [...new Set(unkept.filter((f) => f.mime === "application/pdf").map((f) => f.sha256))];
    const layers = await dropUnusedTextLayers(tx, pdfs);
    await enqueue(
      tx,
      "purge-blobs",
      { runId: null, sha256s: [...new Set([...shas, ...layers])], mailIds: [] },
      { runAt: new Date(Date.now() + BLOB_GRACE_MS) },
    );
  }
  return { drafts: drafts.length, files: unkept.length, sessions: sessions.length + embedded.length };
}
