import "server-only";
import type { Queryable } from "../db";
import { auditEvents } from "../db/schema";
import type { KeyAuth } from "../auth/authenticate";

export interface Actor {
  actor: string;
  /** How the actor is shown in the audit trail and on the certificate, when the id alone does not say. */
  actorLabel?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** The caller of an API operation: the staff member behind a dashboard call, else the key. */
export const keyActor = (auth: KeyAuth): Actor =>
  auth.staff
    ? { actor: `staff:${auth.staff.id}`, actorLabel: staffLabel(auth.staff), ip: auth.ip, userAgent: auth.userAgent }
    : { actor: `api-key:${auth.keyPrefix}`, ip: auth.ip, userAgent: auth.userAgent };

export const staffLabel = (s: { name: string; email: string }) => `${s.name} <${s.email}> (staff)`;

/** How an event's actor is shown to people: its label, else a key by its prefix ("API key signet_test_ab…"), else the actor. */
export const actorShown = (actor: string, label: string | null): string =>
  label ?? (actor.startsWith("api-key:") ? `API key ${actor.slice("api-key:".length)}…` : actor);
export const systemActor: Actor = { actor: "system" };

/**
 * Audit events are written in the same transaction as the change they describe. `at`: the time of the change
 * when the caller read it (a signature: the same instant as the recipient's signedAt and the DATE fields' day);
 * else the database's clock.
 */
export async function recordEvent(
  db: Queryable,
  requestId: string,
  type: string,
  who: Actor,
  data: Record<string, unknown> = {},
  opts: { at?: Date } = {},
) {
  await db.insert(auditEvents).values({
    requestId,
    type,
    actor: who.actor,
    actorLabel: who.actorLabel ?? null,
    ip: who.ip ?? null,
    userAgent: who.userAgent ?? null,
    data,
    ...(opts.at && { createdAt: opts.at }),
  });
}
