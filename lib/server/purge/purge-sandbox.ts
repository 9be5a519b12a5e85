import "server-only";
import { log } from "../log";
import { and, asc, eq, gt, inArray, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { PURGE_COUNTS, type PurgeRunDto } from "@/lib/schemas/purge";
import { config } from "../config";
import { getDb } from "../db";
import { oneRow } from "../db/rows";
import {
  auditEvents,
  bulkSends,
  documentVersions,
  fields,
  jobs,
  mailLog,
  purgeRuns,
  recipients,
  signerCopies,
  signerDrafts,
  signerFiles,
  signatureRequests,
  templateDocuments,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema";
import { enqueue } from "../jobs/queue";
import { toPurgeRunDto } from "./dto";
import { dropUnusedTextLayers } from "../model/signer-leftovers";
import { fieldImageSha, releaseBlobs, type BlobRelease } from "./release-blobs";

const SANDBOX = "SANDBOX";
const DAY_MS = 24 * 60 * 60_000;
/** Taken (for its transaction only) while a run is claimed; beside the migration lock, 727274. */
const CLAIM_LOCK = 727275;
/** A run takes no new batch after this long: the next run goes on where it stopped. */
const BUDGET_MS = 5 * 60_000;
/** An unfinished run older than this was left by an instance that stopped; it no longer blocks. */
const LEASE_MS = 30 * 60_000;
/** When a batch's `purge-blobs` job runs if the purge that wrote it did not get to delete it (it stopped). */
const RELEASE_FALLBACK_MS = 15 * 60_000;

export interface PurgeOptions {
  /** The clock: requests created before `now` − retention are purged. */
  now?: Date;
  /** Default SANDBOX_RETENTION_DAYS. */
  retentionDays?: number;
  /** Requests per transaction. */
  batchSize?: number;
  /** Run only if no run started within PURGE_INTERVAL_MINUTES (the scheduler); else run now. */
  ifDue?: boolean;
  /** Asked between batches: true stops the run (the server is stopping). */
  shouldStop?: () => boolean;
}

export type PurgeOutcome = { ran: true; run: PurgeRunDto } | { ran: false; reason: "running" | "not-due" };

type Counts = Record<(typeof PURGE_COUNTS)[number], number>;
interface Totals {
  requests: number;
  blobs: number;
  counts: Counts;
}

const unique = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x != null))];

/**
 * Claims the right to run, for every instance at once: under a transaction-scoped advisory lock (so
 * two instances never claim together), no run may be going on (an unfinished row younger than the
 * lease) and, for the scheduler, none may have started within the interval. The claim is the new
 * purge_runs row; the lock ends with the transaction, the row stays and keeps the others out.
 */
async function claimRun(cutoff: Date, ifDue: boolean): Promise<{ id: string } | { skipped: "running" | "not-due" }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${CLAIM_LOCK}) as locked`);
    if (!(got as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return { skipped: "running" as const };
    const since = (ms: number) => gt(purgeRuns.startedAt, sql`now() - make_interval(secs => ${ms / 1000})`);
    const [busy] = await tx
      .select({ id: purgeRuns.id })
      .from(purgeRuns)
      .where(and(isNull(purgeRuns.finishedAt), since(LEASE_MS)))
      .limit(1);
    if (busy) return { skipped: "running" as const };
    if (ifDue) {
      const [recent] = await tx
        .select({ id: purgeRuns.id })
        .from(purgeRuns)
        .where(since(config.purgeIntervalMinutes * 60_000))
        .limit(1);
      if (recent) return { skipped: "not-due" as const };
    }
    // Runs whose instance stopped half-way: what they did is in their counts; say that they stopped.
    await tx
      .update(purgeRuns)
      .set({ finishedAt: sql`now()`, error: "Interrupted: the instance running it stopped; the next run went on" })
      .where(isNull(purgeRuns.finishedAt));
    return oneRow(await tx.insert(purgeRuns).values({ cutoff }).returning({ id: purgeRuns.id }), "the new purge run");
  });
}

/**
 * One transaction: up to `size` sandbox requests created before the cutoff, and everything that hangs
 * off them. Every statement names the sandbox again (through `batch`, or its own environment
 * column), so no production row can be deleted whatever the ids. Returns null when none is left.
 */
async function purgeBatch(runId: string, cutoff: Date, size: number, totals: Totals) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: signatureRequests.id, orgId: signatureRequests.orgId })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.environment, SANDBOX),
          lt(signatureRequests.createdAt, cutoff),
          // A request a worker is busy with (sealing, mailing) waits for the next run.
          notExists(
            tx
              .select({ one: sql`1` })
              .from(jobs)
              .where(
                and(
                  eq(jobs.status, "RUNNING"),
                  gt(jobs.lockedUntil, sql`now()`),
                  sql`${jobs.payload}->>'requestId' = ${signatureRequests.id}::text`,
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(signatureRequests.createdAt))
      .limit(size)
      .for("update", { skipLocked: true });
    if (!picked.length) return null;
    const ids = picked.map((r) => r.id);
    const orgIds = unique(picked.map((r) => r.orgId));
    const inBatch = and(
      inArray(signatureRequests.id, ids),
      eq(signatureRequests.environment, SANDBOX),
      lt(signatureRequests.createdAt, cutoff),
    );
    const batch = tx.select({ id: signatureRequests.id }).from(signatureRequests).where(inBatch);
    const batchText = tx
      .select({ id: sql<string>`${signatureRequests.id}::text`.as("id") })
      .from(signatureRequests)
      .where(inBatch);

    // Webhook deliveries name their request in the payload (data.id), under a sandbox endpoint.
    const deliveries = await tx
      .delete(webhookDeliveries)
      .where(
        and(
          inArray(
            webhookDeliveries.endpointId,
            tx
              .select({ id: webhookEndpoints.id })
              .from(webhookEndpoints)
              .where(and(eq(webhookEndpoints.environment, SANDBOX), inArray(webhookEndpoints.orgId, orgIds))),
          ),
          inArray(sql`${webhookDeliveries.payload}->'data'->>'id'`, batchText),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    // Jobs name a request, a recipient or a delivery in their payload (whatever their status).
    const named: SQL[] = [
      inArray(sql`${jobs.payload}->>'requestId'`, batchText),
      inArray(
        sql`${jobs.payload}->>'recipientId'`,
        tx
          .select({ id: sql<string>`${recipients.id}::text`.as("id") })
          .from(recipients)
          .where(inArray(recipients.requestId, batch)),
      ),
    ];
    if (deliveries.length) {
      named.push(
        and(
          eq(jobs.type, "webhook"),
          inArray(
            sql`${jobs.payload}->>'deliveryId'`,
            deliveries.map((d) => d.id),
          ),
        )!,
      );
    }
    const jobRows = await tx
      .delete(jobs)
      .where(or(...named))
      .returning({ id: jobs.id });
    const mails = await tx
      .delete(mailLog)
      .where(and(eq(mailLog.environment, SANDBOX), inArray(mailLog.orgId, orgIds), inArray(mailLog.requestId, batch)))
      .returning({ id: mailLog.id, via: mailLog.via });
    const events = await tx
      .delete(auditEvents)
      .where(inArray(auditEvents.requestId, batch))
      .returning({ image: sql<string | null>`${auditEvents.data}->>'imageSha256'` });
    // What signers saved as they filled their fields (images inline, no blob of their own).
    const drafts = await tx
      .delete(signerDrafts)
      .where(
        inArray(
          signerDrafts.recipientId,
          tx.select({ id: recipients.id }).from(recipients).where(inArray(recipients.requestId, batch)),
        ),
      )
      .returning({ id: signerDrafts.fieldId });
    // Files signers attached: their blobs are released with the rest.
    const attached = await tx
      .delete(signerFiles)
      .where(inArray(signerFiles.requestId, batch))
      .returning({ sha256: signerFiles.sha256, mime: signerFiles.mime });
    const fieldRows = await tx.delete(fields).where(inArray(fields.requestId, batch)).returning({ image: fieldImageSha() });
    const recipientRows = await tx
      .delete(recipients)
      .where(inArray(recipients.requestId, batch))
      .returning({ id: recipients.id });
    const versions = await tx
      .delete(documentVersions)
      .where(inArray(documentVersions.requestId, batch))
      .returning({ sha256: documentVersions.sha256 });
    const gone = await tx.delete(signatureRequests).where(inBatch).returning({ id: signatureRequests.id });
    // Text layers are shared by content, whatever the environment: one goes only when no document
    // version (of any environment), template or signer's upload is that PDF any more; an attached
    // PDF's layer (read when it was uploaded) by the same rule, since its row would keep the PDF.
    const pdfs = unique(versions.map((v) => v.sha256));
    const layers = await dropUnusedTextLayers(
      tx,
      unique([...pdfs, ...attached.filter((a) => a.mime === "application/pdf").map((a) => a.sha256)]),
    );
    // Signers' copies by the same rule (not counted: derived data, like the layers' JSON blobs).
    const copies = pdfs.length
      ? await tx
          .delete(signerCopies)
          .where(
            and(
              inArray(signerCopies.pdfSha256, pdfs),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(documentVersions)
                  .where(eq(documentVersions.sha256, signerCopies.pdfSha256)),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(templateDocuments)
                  .where(eq(templateDocuments.sha256, signerCopies.pdfSha256)),
              ),
            ),
          )
          .returning({ copy: signerCopies.sha256 })
      : [];

    const release: BlobRelease = {
      runId,
      sha256s: unique([
        ...pdfs,
        ...fieldRows.map((f) => f.image),
        ...attached.map((a) => a.sha256),
        ...events.map((e) => e.image),
        ...layers,
        ...copies.map((c) => c.copy),
      ]),
      mailIds: mails.filter((m) => m.via === "outbox").map((m) => m.id),
    };
    const jobId = await enqueue(tx, "purge-blobs", { ...release }, { runAt: new Date(Date.now() + RELEASE_FALLBACK_MS) });

    const c = { ...totals.counts };
    c.recipients += recipientRows.length;
    c.fields += fieldRows.length;
    c.signerDrafts += drafts.length;
    c.events += events.length;
    c.mails += mails.length;
    c.webhookDeliveries += deliveries.length;
    c.documentVersions += versions.length;
    c.textLayers += layers.length;
    c.jobs += jobRows.length;
    const next: Totals = { requests: totals.requests + gone.length, blobs: totals.blobs, counts: c };
    // Progress is committed with the batch: a run that stops half-way still shows what it did.
    await tx.update(purgeRuns).set({ requests: next.requests, blobs: next.blobs, counts: c }).where(eq(purgeRuns.id, runId));
    return { picked: picked.length, release, jobId, totals: next };
  });
}

/**
 * Sandbox bulk sends started before the cutoff and finished (their rows go with them, ON DELETE
 * CASCADE), with their jobs once those are over. One still running waits for the next run; the
 * requests it made are purged as requests, by their own age.
 */
async function purgeBulkSends(cutoff: Date) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(bulkSends)
      .where(and(eq(bulkSends.environment, SANDBOX), lt(bulkSends.createdAt, cutoff), eq(bulkSends.status, "DONE")))
      .returning({ id: bulkSends.id });
    if (gone.length) {
      await tx.delete(jobs).where(
        and(
          eq(jobs.type, "bulk-send"),
          inArray(jobs.status, ["DONE", "FAILED"]),
          inArray(
            sql`${jobs.payload}->>'bulkSendId'`,
            gone.map((g) => g.id),
          ),
        ),
      );
    }
  });
}

/**
 * Deletes sandbox signature requests created more than SANDBOX_RETENTION_DAYS ago, with their
 * recipients, fields, the values signers saved, audit events, mails (log rows and outbox files),
 * webhook deliveries, jobs, document versions and text layers no longer used, in batches of 200 per
 * transaction; then the blobs that only they pointed at. Production data is never touched. One
 * purge_runs row records the run. Across instances one run goes on at a time (see claimRun); with
 * `ifDue`, at most one starts per PURGE_INTERVAL_MINUTES.
 */
export async function purgeSandbox(opts: PurgeOptions = {}): Promise<PurgeOutcome> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.retentionDays ?? config.sandboxRetentionDays) * DAY_MS);
  const size = Math.max(1, Math.floor(opts.batchSize ?? 200));
  const claim = await claimRun(cutoff, opts.ifDue ?? false);
  if ("skipped" in claim) return { ran: false, reason: claim.skipped };

  const db = await getDb();
  let totals: Totals = { requests: 0, blobs: 0, counts: Object.fromEntries(PURGE_COUNTS.map((k) => [k, 0])) as Counts };
  const started = Date.now();
  let error: string | null = null;
  try {
    for (;;) {
      const done = await purgeBatch(claim.id, cutoff, size, totals);
      if (!done) break;
      totals = done.totals;
      const freed = await releaseBlobs(done.release);
      totals.blobs += freed.blobs;
      totals.counts.outboxFiles += freed.outboxFiles;
      // Done here: its fallback job is not needed (a deferred part was queued again by releaseBlobs).
      await db.delete(jobs).where(and(eq(jobs.id, done.jobId), eq(jobs.status, "QUEUED")));
      if (done.picked < size || Date.now() - started > BUDGET_MS || opts.shouldStop?.()) break;
    }
    await purgeBulkSends(cutoff);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    log().error(`sandbox purge ${claim.id} failed: ${error}`);
  }
  const row = oneRow(
    await db
      .update(purgeRuns)
      .set({
        finishedAt: sql`now()`,
        requests: totals.requests,
        blobs: totals.blobs,
        counts: { ...totals.counts },
        error: error?.slice(0, 2000) ?? null,
      })
      .where(eq(purgeRuns.id, claim.id))
      .returning(),
    "the finished purge run",
  );
  return { ran: true, run: toPurgeRunDto(row) };
}

/** The worker's sweep: a purge if none ran (on any instance) within PURGE_INTERVAL_MINUTES. */
export function purgeSandboxIfDue(shouldStop?: () => boolean): Promise<PurgeOutcome> {
  return purgeSandbox({ ifDue: true, shouldStop });
}
