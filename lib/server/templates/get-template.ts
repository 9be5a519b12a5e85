import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { findVisibleTemplate } from "./find-template";
import { templateNow } from "./template-documents";

export async function getTemplate(auth: KeyAuth, id: string) {
  const db = await getDb();
  return templateNow(db, await findVisibleTemplate(db, auth, id));
}
