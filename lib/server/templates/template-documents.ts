import "server-only";
import { eq } from "drizzle-orm";
import { DOCX_TYPE, type FileAnswer } from "@/lib/files/file-answer";
import { fileNameOf, titleOfTemplateDocument } from "@/lib/files/file-name";
import type { TemplateDocumentDto } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { blobs } from "../blobs/store";
import { getDb, type Queryable } from "../db";
import { templateDocuments, templates } from "../db/schema";
import { oneRow } from "../db/rows";
import { templateOwner } from "../model/field-owner";
import { officeConverter } from "../convert/converter";
import { documentNameOf, judgeDocumentLimits } from "../documents/document-set";
import type { DocumentOwner } from "../documents/document-owner";
import { toTemplateDocumentDto, toTemplateDto, type TemplateDocumentRow, type TemplateRow } from "./dto";
import { findVisibleTemplate, loadTemplateDocuments, loadTemplateFields } from "./find-template";
import { judgeTemplateFile, type JudgedTemplate } from "./judge-template-file";
import { ensureRoles, highestAnchorRef, loadTemplateRoles } from "./template-roles";

/**
 * What is a template's own in its documents (docs/api.md "Templates with several documents"): PDFs and DOCX
 * files in order, judged, stored and named as uploaded; adding, renaming, moving, removing and reading them
 * is the one document service's (documents/document-service.ts), which requests' documents share. A template keeps at least one; together they stay within the
 * limits a request has (MAX_DOCUMENTS, MAX_REQUEST_MB, MAX_REQUEST_PAGES; a DOCX's pages count once it is
 * filled, when a request is made from it).
 */

/** A judged file to store as a document: what it is, its name and the name it was uploaded under. */
export interface NewTemplateDocument {
  judged: JudgedTemplate;
  name: string;
  filename: string | null;
}

/** Judges uploaded files one after another (each as an upload is: by its content). */
export async function judgeTemplateFiles(files: readonly File[]): Promise<NewTemplateDocument[]> {
  const out: NewTemplateDocument[] = [];
  for (const [i, f] of files.entries()) {
    const judged = await judgeTemplateFile(new Uint8Array(await f.arrayBuffer()));
    out.push({ judged, name: documentNameOf(f.name, i + 1), filename: f.name || null });
  }
  return out;
}

/** The limits, for documents as judged (a DOCX has no pages yet). */
const weightOf = (d: Pick<JudgedTemplate, "size" | "pageCount">) => ({ size: d.size, pageCount: d.pageCount });

export function judgeTemplateLimits(existing: readonly TemplateDocumentRow[], adding: readonly NewTemplateDocument[]) {
  judgeDocumentLimits(
    existing.map(weightOf),
    adding.map((a) => weightOf(a.judged)),
    "template",
  );
}

/**
 * Stores a document at `position`, and the roles its anchors name (s1…sN; at most 50 are made) unless the
 * roles are made otherwise (a template saved from a request takes its recipients as roles).
 */
export async function insertTemplateDocument(
  tx: Queryable,
  templateId: string,
  position: number,
  { judged, name, filename }: NewTemplateDocument,
  opts: { rolesFromAnchors?: boolean } = {},
): Promise<TemplateDocumentRow> {
  const row = oneRow(
    await tx
      .insert(templateDocuments)
      .values({ templateId, position, name, filename, ...judged })
      .returning(),
    "the template's new document",
  );
  if (opts.rolesFromAnchors !== false) await ensureRoles(tx, templateId, highestAnchorRef(judged.anchors), { cap: true });
  return row;
}

/** A DOCX is there to be used: have LibreOffice warm by then (2 s of start-up otherwise). */
export function warmUpFor(docs: readonly { judged: JudgedTemplate }[]) {
  if (docs.some((d) => d.judged.kind === "DOCX"))
    officeConverter()
      .warmUp()
      .catch(() => {});
}

/**
 * A template as the owner of its documents (documents/document-service.ts): PDFs and DOCX files as
 * uploaded, judged by their content; their fields are for its roles.
 */
export const TEMPLATE_DOCUMENTS: DocumentOwner<TemplateRow, TemplateDocumentRow, NewTemplateDocument, TemplateDocumentDto> = {
  kind: "template",
  table: {
    table: templateDocuments,
    id: templateDocuments.id,
    name: templateDocuments.name,
    position: templateDocuments.position,
    owner: templateDocuments.templateId,
  },
  fieldOwner: templateOwner,
  find: (db, auth, id, { forUpdate }) => findVisibleTemplate(db, auth, id, { forUpdate }),
  load: loadTemplateDocuments,
  judgeUpload: async (file) => oneRow(await judgeTemplateFiles([file]), "the judged upload"),
  weightOf,
  weightOfUpload: (upload) => weightOf(upload.judged),
  insert: (tx, templateId, position, upload, name) => insertTemplateDocument(tx, templateId, position, { ...upload, name }),
  bytesOf: async (_tx, doc) => [doc.sha256],
  dto: toTemplateDocumentDto,
  fileOf: (_tpl, doc) => templateFileOf(doc),
  afterAdd: (upload) => warmUpFor([upload]),
};

/** The template whose documents change: locked. */
const lockedTemplate = (tx: Queryable, auth: KeyAuth, id: string) => findVisibleTemplate(tx, auth, id, { forUpdate: true });

/** The whole template as it now is. */
export async function templateNow(tx: Queryable, tpl: TemplateRow) {
  return toTemplateDto(
    tpl,
    await loadTemplateDocuments(tx, tpl.id),
    await loadTemplateRoles(tx, tpl.id),
    await loadTemplateFields(tx, tpl.id),
  );
}

/** A template document's file as uploaded, under its name with the extension its kind has. */
async function templateFileOf(doc: TemplateDocumentRow): Promise<FileAnswer> {
  const extension = doc.kind === "PDF" ? "pdf" : "docx";
  const base = fileNameOf(titleOfTemplateDocument(doc.name), "template");
  return {
    bytes: await blobs().get(doc.sha256),
    sha256: doc.sha256,
    type: doc.kind === "PDF" ? "application/pdf" : DOCX_TYPE,
    name: `${base}.${extension}`,
  };
}

/** PATCH /templates/{id}: a new name (the documents, roles and fields stay). */
export async function renameTemplate(auth: KeyAuth, id: string, input: { name: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await lockedTemplate(tx, auth, id);
    const row = oneRow(
      await tx.update(templates).set({ name: input.name }).where(eq(templates.id, tpl.id)).returning(),
      "the renamed template",
    );
    return templateNow(tx, row);
  });
}
