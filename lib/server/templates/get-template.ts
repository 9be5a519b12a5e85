import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { toTemplateDto } from "./dto";
import { findVisibleTemplate, loadTemplateFields } from "./find-template";
import { loadTemplateRoles } from "./template-roles";

export async function getTemplate(auth: KeyAuth, id: string) {
  const db = await getDb();
  const row = await findVisibleTemplate(db, auth, id);
  return toTemplateDto(row, await loadTemplateRoles(db, row.id), await loadTemplateFields(db, row.id));
}
