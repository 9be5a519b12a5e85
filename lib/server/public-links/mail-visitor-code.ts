import "server-only";
import { eq } from "drizzle-orm";
import { toLocale } from "@/lib/i18n/locales";
import { getDb } from "../db";
import { publicLinks, publicVisits } from "../db/schema";
import { brandOf } from "../model/brand";
import { deliverMail } from "../mail/deliver-mail";
import { messages } from "../notify/messages";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";
import { VISIT_CODE_TTL_MS, visitCodeOf } from "./visit-link";

/**
 * Mails a public link's visitor the code that confirms their address (the link asks for it). The code is
 * derived again from the visit's id; a visit that started, or whose code expired, is not mailed. Like a
 * signer's code, the mail names no document.
 */
export async function mailVisitorCode(payload: JobPayloads["visitor-code"], job: JobContext) {
  const db = await getDb();
  const [row] = await db
    .select({ visit: publicVisits, link: publicLinks })
    .from(publicVisits)
    .innerJoin(publicLinks, eq(publicLinks.id, publicVisits.linkId))
    .where(eq(publicVisits.id, payload.visitId));
  if (!row) return { skipped: "visit gone" };
  const { visit, link } = row;
  const { brand } = await brandOf(db, link.orgId);
  if (visit.status !== "CONFIRMING" || !visit.codeExpiresAt || visit.codeExpiresAt.getTime() <= Date.now()) {
    return { skipped: "visit started or its code expired" };
  }
  await deliverMail(job.id, {
    kind: "visitor-code",
    scope: { orgId: link.orgId, environment: link.environment, requestId: null },
    to: { name: visit.name, address: visit.email },
    ...messages.signerCode({
      name: visit.name,
      organization: brand.name,
      brand,
      code: await visitCodeOf(db, visit.id),
      minutes: Math.round(VISIT_CODE_TTL_MS / 60_000),
      sandbox: link.environment === "SANDBOX",
      locale: toLocale(visit.locale) ?? undefined,
    }),
  });
  return { sent: true };
}
