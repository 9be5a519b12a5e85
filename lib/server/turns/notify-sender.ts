import "server-only";
import { eq } from "drizzle-orm";
import { defaultLocale, toLocale } from "@/lib/i18n/locales";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { signatureRequests, staffUsers } from "../db/schema";
import { enqueue } from "../jobs/queue";
import type { JobPayloadInputs, JobPayloads } from "../jobs/payloads";
import { deliverMail } from "../mail/deliver-mail";
import { messages } from "../notify/messages";
import { actorsOf, isDone } from "../model/roles";
import { loadRecipients } from "../model/request-queries";

type Notice = JobPayloadInputs["sender-notice"];
type NoticeOf<K extends Notice["kind"]> = Omit<Extract<Notice, { kind: K }>, "kind" | "requestId">;

/**
 * Queues the mail that tells the staff member who sent a request that it reached an end (completed, declined,
 * expired), in the transaction of that change: it is queued exactly when the change committed. A request sent
 * with an API key has no staff member to tell (docs/api.md, "The sender hears back"): nothing is queued.
 */
export async function queueSenderNotice<K extends Notice["kind"]>(
  tx: Queryable,
  req: { id: string; sentByStaffId: string | null },
  kind: K,
  ...extra: keyof NoticeOf<K> extends never ? [] : [NoticeOf<K>]
): Promise<void> {
  if (!req.sentByStaffId) return;
  await enqueue(tx, "sender-notice", { kind, requestId: req.id, ...extra[0] } as Notice);
}

/** The dashboard's page of a request: what the sender's mail links to. */
export const requestPageUrl = (id: string) => `${config.publicBaseUrl}/requests/${id}`;

/**
 * The job: mails the sender in their own language (their preference, else English). Keyed by the job id, so a
 * retried job sends one mail; a staff member deactivated since is not mailed.
 */
export async function mailSenderNotice(payload: JobPayloads["sender-notice"], jobId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ req: signatureRequests, staff: staffUsers })
    .from(signatureRequests)
    .innerJoin(staffUsers, eq(staffUsers.id, signatureRequests.sentByStaffId))
    .where(eq(signatureRequests.id, payload.requestId));
  if (!row) return { skipped: "request or its sender gone" };
  if (row.staff.deactivatedAt) return { skipped: "sender deactivated" };
  const base = {
    name: row.staff.name,
    title: row.req.title,
    sandbox: row.req.environment === "SANDBOX",
    locale: toLocale(row.staff.locale) ?? defaultLocale,
    link: requestPageUrl(row.req.id),
  };
  const msg =
    payload.kind === "declined"
      ? messages.senderNotice({ ...base, kind: "declined", by: payload.by, reason: payload.reason })
      : payload.kind === "expired"
        ? messages.senderNotice({ ...base, kind: "expired", unfinished: await unfinishedCount(db, row.req.id) })
        : messages.senderNotice({ ...base, kind: "completed" });
  await deliverMail(jobId, {
    kind: `sender-${payload.kind}`,
    scope: { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id },
    to: { name: row.staff.name, address: row.staff.email },
    ...msg,
  });
  return { sent: payload.kind };
}

/** How many of those who take a turn had not finished it. */
async function unfinishedCount(db: Queryable, requestId: string) {
  return actorsOf(await loadRecipients(db, requestId)).filter((r) => !isDone(r)).length;
}
