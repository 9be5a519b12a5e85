import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "../db";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../errors";

const TTL_HOURS = 24;

export type IdempotencyClaim = { kind: "new" } | { kind: "replay"; status: number; body: string };

/**
 * Claims an Idempotency-Key for this API key. The same key with the same request within 24 h
 * replays the stored response; with another request it is a 422; while the first is still running, 409.
 */
export async function claimIdempotencyKey(
  keyId: string,
  idemKey: string,
  method: string,
  path: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  if (idemKey.length > 255) throw new AppError("IDEMPOTENCY_KEY_INVALID", "Idempotency-Key must be at most 255 characters");
  const db = await getDb();
  // Expired keys are forgotten first, so that the insert below can claim them again.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.keyId, keyId),
        eq(idempotencyKeys.idempotencyKey, idemKey),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${TTL_HOURS})`),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ keyId, idempotencyKey: idemKey, method, path, requestHash })
    .onConflictDoNothing()
    .returning({ keyId: idempotencyKeys.keyId });
  if (inserted.length) return { kind: "new" };

  const [prev] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idempotencyKey, idemKey)));
  if (!prev) return claimIdempotencyKey(keyId, idemKey, method, path, requestHash);
  if (prev.requestHash !== requestHash || prev.method !== method || prev.path !== path) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request");
  }
  if (prev.statusCode === null || prev.responseBody === null) {
    throw new AppError(
      "IDEMPOTENCY_KEY_IN_PROGRESS",
      "A request with this Idempotency-Key is still being processed; retry later",
    );
  }
  return { kind: "replay", status: prev.statusCode, body: prev.responseBody };
}

export async function storeIdempotentResponse(keyId: string, idemKey: string, status: number, body: string) {
  const db = await getDb();
  await db
    .update(idempotencyKeys)
    .set({ statusCode: status, responseBody: body })
    .where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idempotencyKey, idemKey)));
}

/** A server fault is not remembered: the client may retry with the same key. */
export async function releaseIdempotencyKey(keyId: string, idemKey: string) {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idempotencyKey, idemKey)));
}
