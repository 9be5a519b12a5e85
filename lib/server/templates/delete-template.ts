import "server-only";
import { eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { templates } from "../db/schema";
import { findVisibleTemplate } from "./find-template";

/**
 * Deleting hides the template from every key at once; the row and its fields stay for the drafts
 * that were made from it (their documents are their own versions and do not depend on it).
 */
export async function deleteTemplate(auth: KeyAuth, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await findVisibleTemplate(tx, auth, id, { forUpdate: true });
    await tx.update(templates).set({ deletedAt: new Date() }).where(eq(templates.id, row.id));
    return { id: row.id, deleted: true as const };
  });
}
