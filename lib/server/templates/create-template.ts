import "server-only";
import { HIDDEN_FORMAT, LINE_CONTROL } from "@/lib/schemas/text";
import type { KeyAuth } from "../auth/authenticate";
import { officeConverter } from "../convert/converter";
import { getDb } from "../db";
import { templates } from "../db/schema";
import { insertRow } from "../db/rows";
import { toTemplateDto } from "./dto";
import { judgeTemplateFile } from "./judge-template-file";
import { ensureRoles, highestAnchorRef } from "./template-roles";

/** Characters a template's name may not hold (lib/schemas/text.ts), dropped from a name taken from the file's. */
const NOT_IN_NAME = new RegExp(`${LINE_CONTROL.source}|${HIDDEN_FORMAT.source}`, "g");

/** The template's name: as given, else the file's name without its extension (and without what a name may not hold). */
function nameOf(given: string | undefined, file: File): string {
  if (given) return given;
  const base = (file.name || "")
    .replace(/\.[^.]{1,8}$/, "")
    .replace(NOT_IN_NAME, "")
    .trim();
  return (base || "Untitled template").slice(0, 200);
}

export async function createTemplate(auth: KeyAuth, input: { file: File; name?: string }) {
  const judged = await judgeTemplateFile(new Uint8Array(await input.file.arrayBuffer()));
  const db = await getDb();
  // The template and its roles s1…sN (N: the highest its anchors name; at most 50 are made) together.
  const { row, roles } = await db.transaction(async (tx) => {
    const inserted = await insertRow(
      tx,
      templates,
      {
        orgId: auth.orgId,
        environment: auth.environment,
        name: nameOf(input.name, input.file),
        filename: input.file.name || null,
        createdByKeyId: auth.keyId,
        ...judged,
      },
      "the new template",
    );
    return { row: inserted, roles: await ensureRoles(tx, inserted.id, highestAnchorRef(judged.anchors), { cap: true }) };
  });
  // A DOCX template is there to be used: have LibreOffice warm by then (2 s of start-up otherwise).
  if (row.kind === "DOCX")
    officeConverter()
      .warmUp()
      .catch(() => {});
  return toTemplateDto(row, roles, []);
}
