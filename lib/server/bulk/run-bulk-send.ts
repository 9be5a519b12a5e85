import "server-only";
import { errField, log } from "../log";
import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { bulkSendRows, bulkSends } from "../db/schema";
import { AppError } from "../errors";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";
import { placeUnifiedAnchors } from "../anchors/place-anchor-fields";
import { sendRequest } from "../requests/send-request";
import { findVisibleRequest, loadFields, loadRecipients } from "../model/request-queries";
import { draftFromTemplate } from "../templates/draft-from-template";
import { findVisibleTemplate, loadTemplateDocuments } from "../templates/find-template";
import { loadTemplateRoles } from "../templates/template-roles";
import type { BulkSendRowRow } from "./dto";
import { templateColumns, validateRow } from "./validate-rows";

/** Rows read per query; each row is still its own transactions. */
const PAGE = 20;

/** Another worker recorded a request on this row first: ours is rolled back. */
class RowTaken extends Error {}

/**
 * The `bulk-send` job: every PENDING row of the bulk send, in order, one at a time. A row goes
 * through three steps, each safe to repeat after a crash at any point:
 *   1. the draft, made in one transaction with the row's request_id (draftFromTemplate's hook):
 *      a row either names its request or has none, never an orphan draft;
 *   2. fields from the unified anchors, for each signer the template's stored fields left without
 *      (placeUnifiedAnchors skips anchors already placed);
 *   3. the send, then the row marked SENT; a request found already sent is only marked.
 * A row whose failure no retry can fix (an AppError below 500: a conversion refused, a signer
 * without fields) is FAILED with its message and the others go on. Anything else (the database,
 * LibreOffice busy) fails the job, which the queue retries with the row still PENDING; on the last
 * attempt every error is the row's own. The send is DONE when no row is PENDING.
 */
export async function runBulkSend(payload: JobPayloads["bulk-send"], job: JobContext) {
  const id = payload.bulkSendId;
  const auth: KeyAuth = payload.auth;
  const db = await getDb();
  const [bulk] = await db.select().from(bulkSends).where(eq(bulkSends.id, id));
  if (!bulk) return { skipped: "bulk send gone" };
  if (bulk.status === "QUEUED")
    await db
      .update(bulkSends)
      .set({ status: "RUNNING" })
      .where(and(eq(bulkSends.id, id), eq(bulkSends.status, "QUEUED")));

  let done = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(bulkSendRows)
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, "PENDING")))
      .orderBy(asc(bulkSendRows.rowIndex))
      .limit(PAGE);
    if (rows.length === 0) break;
    for (const row of rows) {
      try {
        await processRow(auth, bulk.templateId, row);
      } catch (e) {
        if (!permanent(e) && !job.final) throw e;
        if (!permanent(e)) log().error({ err: errField(e) }, `bulk send ${id} row ${row.rowIndex}`);
        await failRow(row, permanent(e) ? (e as Error).message : "Internal error while sending this row (retries used up)");
      }
      done++;
    }
  }
  await finish(id);
  return { rows: done };
}

const permanent = (e: unknown) => e instanceof AppError && e.status < 500;

async function processRow(auth: KeyAuth, templateId: string, row: BulkSendRowRow) {
  const db = await getDb();
  let requestId = row.requestId;
  if (!requestId) {
    // Checked again here: the template may have changed since the rows were validated.
    const tpl = await findVisibleTemplate(db, auth, templateId);
    const cols = templateColumns(await loadTemplateDocuments(db, tpl.id), await loadTemplateRoles(db, tpl.id));
    const v = validateRow(row.rowIndex, row.data, cols);
    if (!v.ok) throw new AppError("BULK_ROW_INVALID", v.error.errors.map((x) => x.message).join("; "));
    const { recipients, templateData, title, locale, timezone, dateFormat } = v.value;
    try {
      const draft = await draftFromTemplate(
        auth,
        templateId,
        {
          title: title ?? tpl.name,
          // Each in their role, with its recipient role and signing order (roles made from anchors: s1 first, then s2, …).
          recipients,
          templateData: cols.fillsDocx ? templateData : undefined,
          locale,
          timezone,
          dateFormat,
        },
        {
          inTransaction: async (tx, req) => {
            const mine = await tx
              .update(bulkSendRows)
              .set({ requestId: req.id, updatedAt: new Date() })
              .where(and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.status, "PENDING"), isNull(bulkSendRows.requestId)))
              .returning({ id: bulkSendRows.id });
            if (!mine.length) throw new RowTaken();
            await tx
              .update(bulkSends)
              .set({ createdCount: sql`${bulkSends.createdCount} + 1` })
              .where(eq(bulkSends.id, row.bulkSendId));
          },
        },
      );
      requestId = draft.id;
    } catch (e) {
      if (e instanceof RowTaken) return;
      throw e;
    }
  }

  const req = await findVisibleRequest(db, auth, requestId);
  if (req.status === "DRAFT") {
    const recs = (await loadRecipients(db, req.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const withFields = new Set((await loadFields(db, req.id)).map((f) => f.recipientId));
    for (const [i, r] of recs.entries()) {
      if (r.role === "SIGNER" && !withFields.has(r.id)) await placeUnifiedAnchors(auth, req.id, r.id, `s${i + 1}`);
    }
    try {
      await sendRequest(auth, req.id);
    } catch (e) {
      // Sent by a run that died before marking the row: that is the outcome we wanted.
      if (!(e instanceof AppError && e.code === "REQUEST_NOT_DRAFT")) throw e;
    }
  }
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bulkSendRows)
      .set({ status: "SENT", error: null, updatedAt: new Date() })
      .where(and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.status, "PENDING")))
      .returning({ id: bulkSendRows.id });
    if (marked.length)
      await tx
        .update(bulkSends)
        .set({ sentCount: sql`${bulkSends.sentCount} + 1` })
        .where(eq(bulkSends.id, row.bulkSendId));
  });
}

async function failRow(row: BulkSendRowRow, message: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bulkSendRows)
      .set({ status: "FAILED", error: message.slice(0, 2000), updatedAt: new Date() })
      .where(and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.status, "PENDING")))
      .returning({ id: bulkSendRows.id });
    if (marked.length)
      await tx
        .update(bulkSends)
        .set({ failedCount: sql`${bulkSends.failedCount} + 1` })
        .where(eq(bulkSends.id, row.bulkSendId));
  });
}

/** DONE once no row is PENDING (one statement: a row marked meanwhile keeps it RUNNING). */
async function finish(id: string) {
  const db = await getDb();
  await db
    .update(bulkSends)
    .set({ status: "DONE", finishedAt: new Date() })
    .where(
      and(
        eq(bulkSends.id, id),
        sql`${bulkSends.status} <> 'DONE'`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(bulkSendRows)
            .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, "PENDING"))),
        ),
      ),
    );
}
