import "server-only";
import { eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { signatureRequests } from "../db/schema";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest } from "../model/request-queries";

/** Only drafts are deleted; a sent request is cancelled instead, and keeps its record. */
export async function deleteRequest(auth: KeyAuth, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    assertDraft(req, "deleting");
    await tx.delete(signatureRequests).where(eq(signatureRequests.id, req.id));
    return { id: req.id, deleted: true };
  });
}
