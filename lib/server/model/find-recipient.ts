import "server-only";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db";
import { recipients } from "../db/schema";
import { notFound } from "../errors";
import { isUuid } from "../auth/scope";

/**
 * A recipient of this request (found already, so visible to the caller): 404 RECIPIENT_NOT_FOUND for an
 * id that is not a UUID, another request's recipient, or none.
 */
export async function findRecipient(tx: Queryable, requestId: string, recipientId: string) {
  if (!isUuid(recipientId)) throw notFound("RECIPIENT_NOT_FOUND", "Recipient");
  const [row] = await tx
    .select()
    .from(recipients)
    .where(and(eq(recipients.id, recipientId), eq(recipients.requestId, requestId)));
  if (!row) throw notFound("RECIPIENT_NOT_FOUND", "Recipient");
  return row;
}
