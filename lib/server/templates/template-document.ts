import "server-only";
import { and, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { blobs } from "../blobs/store";
import { getDb } from "../db";
import { templates } from "../db/schema";
import { oneRow } from "../db/rows";
import { toTemplateDto } from "./dto";
import { findVisibleTemplate, loadTemplateFields } from "./find-template";
import { loadTemplateRoles } from "./template-roles";
import { fileNameOf } from "@/lib/files/file-name";

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** GET /templates/{id}/document: the file as it was uploaded (what the builder shows, what a use call starts from). */
export async function getTemplateDocument(auth: KeyAuth, id: string) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, id);
  const extension = tpl.kind === "PDF" ? "pdf" : "docx";
  return {
    bytes: await blobs().get(tpl.sha256),
    sha256: tpl.sha256,
    contentType: tpl.kind === "PDF" ? "application/pdf" : DOCX_TYPE,
    filename: `${fileNameOf(tpl.name, "template")}.${extension}`,
  };
}

/** PATCH /templates/{id}: a new name (the file, roles and fields stay). */
export async function renameTemplate(auth: KeyAuth, id: string, input: { name: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, id, { forUpdate: true });
    const row = oneRow(
      await tx
        .update(templates)
        .set({ name: input.name })
        .where(and(eq(templates.id, tpl.id)))
        .returning(),
      "the renamed template",
    );
    return toTemplateDto(row, await loadTemplateRoles(tx, row.id), await loadTemplateFields(tx, row.id));
  });
}
