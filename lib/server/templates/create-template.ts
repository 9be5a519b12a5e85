import "server-only";
import { HIDDEN_FORMAT, LINE_CONTROL } from "@/lib/schemas/text";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { templates } from "../db/schema";
import { insertRow } from "../db/rows";
import { judgeDocumentCount } from "../documents/document-set";
import { insertTemplateDocument, judgeTemplateFiles, judgeTemplateLimits, templateNow, warmUpFor } from "./template-documents";

/** Characters a template's name may not hold (lib/schemas/text.ts), dropped from a name taken from the file's. */
const NOT_IN_NAME = new RegExp(`${LINE_CONTROL.source}|${HIDDEN_FORMAT.source}`, "g");

/** The template's name: as given, else the first file's name without its extension (and without what a name may not hold). */
function nameOf(given: string | undefined, file: File | undefined): string {
  if (given) return given;
  const base = (file?.name || "")
    .replace(/\.[^.]{1,8}$/, "")
    .replace(NOT_IN_NAME, "")
    .trim();
  return (base || "Untitled template").slice(0, 200);
}

/**
 * POST /templates: a template from one or several files (PDF and DOCX mixed, in the order given), each
 * judged by its content; its roles s1…sN are those its anchors name.
 */
export async function createTemplate(auth: KeyAuth, input: { file: File | File[]; name?: string }) {
  const files = Array.isArray(input.file) ? input.file : [input.file];
  judgeDocumentCount(files.length, "template");
  const judged = await judgeTemplateFiles(files);
  judgeTemplateLimits([], judged);
  const db = await getDb();
  const dto = await db.transaction(async (tx) => {
    const row = await insertRow(
      tx,
      templates,
      { orgId: auth.orgId, environment: auth.environment, name: nameOf(input.name, files[0]), createdByKeyId: auth.keyId },
      "the new template",
    );
    for (const [i, d] of judged.entries()) await insertTemplateDocument(tx, row.id, i + 1, d);
    return templateNow(tx, row);
  });
  warmUpFor(judged);
  return dto;
}
