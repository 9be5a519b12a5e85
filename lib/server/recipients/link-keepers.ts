import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import { auditEvents } from "../db/schema";
import { AppError } from "../errors";
import { signedInStaff } from "../auth/signed-in-staff";
import type { RequestRow } from "../model/request-state";

/**
 * Who may take a recipient's signing link into their hands or send it somewhere else: copying it, or
 * correcting the recipient's address (a new link is mailed to the address set). On a dashboard call, a
 * staff member who is an ADMIN of the organization or who created the request (the staff member its
 * `request.created` event names). Without a dashboard identity, the organization's own API key, when
 * `keyAlone` allows it: a correction may (the key can set any address on its requests anyway), a copy
 * may not (the API never hands out a signing link). Anyone else, the dashboard's key with no staff
 * member or a forged one included: 403 ADMIN_REQUIRED, before anything changes.
 */
export async function assertMayHandleLink(
  db: Queryable,
  auth: KeyAuth,
  req: RequestRow,
  what: string,
  opts: { keyAlone: boolean },
): Promise<void> {
  if (opts.keyAlone && auth.kind !== "SYSTEM" && !auth.staff) return;
  const me = await signedInStaff(db, auth);
  if (!me) throw new AppError("ADMIN_REQUIRED", `Only staff signed in to the dashboard can ${what}`);
  if (me.role !== "ADMIN" && (await creatorOf(db, req)) !== `staff:${me.id}`)
    throw new AppError("ADMIN_REQUIRED", `Only an admin or the staff member who created the request can ${what}`);
}

/** Who created the request, as its first audit event names them ("staff:<id>", "api-key:<prefix>"). */
async function creatorOf(db: Queryable, req: RequestRow): Promise<string | null> {
  const [created] = await db
    .select({ actor: auditEvents.actor })
    .from(auditEvents)
    .where(and(eq(auditEvents.requestId, req.id), eq(auditEvents.type, "request.created")))
    .orderBy(asc(auditEvents.createdAt))
    .limit(1);
  return created?.actor ?? null;
}
