import "server-only";
import type { Queryable } from "../db";
import { auditEvents } from "../db/schema";
import type { KeyAuth } from "../auth/authenticate";

export interface Actor {
  actor: string;
  ip?: string | null;
  userAgent?: string | null;
}

export const keyActor = (auth: KeyAuth): Actor => ({ actor: `api-key:${auth.keyPrefix}`, ip: auth.ip, userAgent: auth.userAgent });
export const systemActor: Actor = { actor: "system" };

/** Audit events are written in the same transaction as the change they describe. */
export async function recordEvent(db: Queryable, requestId: string, type: string, who: Actor, data: Record<string, unknown> = {}) {
  await db.insert(auditEvents).values({
    requestId,
    type,
    actor: who.actor,
    ip: who.ip ?? null,
    userAgent: who.userAgent ?? null,
    data,
  });
}
