import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { signerCodes } from "../db/schema";
import { brandOf } from "../model/brand";
import { deliverMail } from "../mail/deliver-mail";
import { loadRecipient, mailLocale, mailTo } from "../mail/recipient-mail";
import { messages } from "../notify/messages";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";
import { signerCodeOf } from "./signer-auth";
import { CODE_TTL_MS } from "./signer-session";

/**
 * Mails an EMAIL_CODE signer the code they asked for on the signing page. The code is derived again
 * from its row (never stored, never in the payload); a code already used or past its time is not sent.
 */
export async function mailSignerCode(payload: JobPayloads["signer-code"], job: JobContext) {
  const db = await getDb();
  const [code] = await db.select().from(signerCodes).where(eq(signerCodes.id, payload.codeId));
  if (!code || code.usedAt || code.expiresAt.getTime() <= Date.now()) return { skipped: "code used, replaced or expired" };
  const row = await loadRecipient(code.recipientId);
  if (!row) return { skipped: "recipient gone" };
  const { brand } = await brandOf(db, row.req.orgId);
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  await deliverMail(job.id, {
    kind: "signer-code",
    scope: { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id },
    to: mailTo(row.r),
    ...messages.signerCode({
      name: row.r.name,
      organization: brand.name,
      brand,
      code: await signerCodeOf(db, code.id),
      minutes,
      sandbox: row.req.environment === "SANDBOX",
      locale: mailLocale(row),
    }),
  });
  return { sent: true };
}
