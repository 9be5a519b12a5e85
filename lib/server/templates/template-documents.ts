import "server-only";
import { keepingFieldsOf } from "../fields/form-guard";
import { templateOwner } from "../model/field-owner";
import { eq } from "drizzle-orm";
import { DOCX_TYPE, type FileAnswer } from "@/lib/files/file-answer";
import { fileNameOf, titleOfTemplateDocument } from "@/lib/files/file-name";
import type { KeyAuth } from "../auth/authenticate";
import { blobs, BLOB_GRACE_MS } from "../blobs/store";
import { getDb, type Queryable } from "../db";
import { templateDocuments, templateFields, templates } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError } from "../errors";
import { enqueue } from "../jobs/queue";
import { officeConverter } from "../convert/converter";
import {
  documentNameOf,
  judgeDocumentCount,
  judgeDocumentLimits,
  judgeOrder,
  moveDocumentTo,
  type OrderedDocuments,
} from "../documents/document-set";
import { toTemplateDocumentDto, toTemplateDto, type TemplateDocumentRow, type TemplateRow } from "./dto";
import { findVisibleTemplate, loadTemplateDocuments, loadTemplateFields, templateDocumentIn } from "./find-template";
import { judgeTemplateFile, type JudgedTemplate } from "./judge-template-file";
import { ensureRoles, highestAnchorRef, loadTemplateRoles } from "./template-roles";

/**
 * A template's documents (docs/api.md "Templates with several documents"): PDFs and DOCX files in order,
 * added, renamed, moved, removed and read. A template keeps at least one; together they stay within the
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

const TEMPLATE_DOCUMENTS: OrderedDocuments = {
  table: templateDocuments,
  id: templateDocuments.id,
  position: templateDocuments.position,
  owner: templateDocuments.templateId,
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

/** POST /templates/{id}/documents: a PDF or DOCX added, last unless `order` places it. */
export async function addTemplateDocument(
  auth: KeyAuth,
  templateId: string,
  input: { file: File; name?: string; order?: number },
) {
  const db = await getDb();
  // Cheap refusals before the file is read: an unknown template, a full one.
  const before = await findVisibleTemplate(db, auth, templateId);
  // (One more document than there are: a full template says so before the upload is read.)
  judgeDocumentCount((await loadTemplateDocuments(db, before.id)).length + 1, "template");
  const [judged] = await judgeTemplateFiles([input.file]);
  const added = await db.transaction(async (tx) => {
    const tpl = await lockedTemplate(tx, auth, templateId);
    const docs = await loadTemplateDocuments(tx, tpl.id);
    judgeTemplateLimits(docs, [judged!]);
    const position = docs.length + 1;
    const to = input.order === undefined ? position : judgeOrder(input.order, position);
    const row = await insertTemplateDocument(tx, tpl.id, position, {
      ...judged!,
      name: input.name ?? documentNameOf(input.file.name, position),
    });
    await moveDocumentTo(tx, TEMPLATE_DOCUMENTS, tpl.id, row, to);
    return { ...row, position: to };
  });
  warmUpFor([judged!]);
  return toTemplateDocumentDto(added);
}

/** PATCH /templates/{id}/documents/{docId}: renamed and/or moved. */
export async function updateTemplateDocument(
  auth: KeyAuth,
  templateId: string,
  documentId: string,
  patch: { name?: string; order?: number },
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await lockedTemplate(tx, auth, templateId);
    const docs = await loadTemplateDocuments(tx, tpl.id);
    const doc = templateDocumentIn(docs, documentId);
    const to = patch.order === undefined ? doc.position : judgeOrder(patch.order, docs.length);
    await moveDocumentTo(tx, TEMPLATE_DOCUMENTS, tpl.id, doc, to);
    if (patch.name !== undefined)
      await tx.update(templateDocuments).set({ name: patch.name }).where(eq(templateDocuments.id, doc.id));
    return toTemplateDocumentDto(templateDocumentIn(await loadTemplateDocuments(tx, tpl.id), doc.id));
  });
}

/** DELETE /templates/{id}/documents/{docId}: refused while fields stand on it unless `removeFields`; never the last one. */
export async function deleteTemplateDocument(auth: KeyAuth, templateId: string, documentId: string, removeFields: boolean) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await lockedTemplate(tx, auth, templateId);
    const docs = await loadTemplateDocuments(tx, tpl.id);
    const doc = templateDocumentIn(docs, documentId);
    if (docs.length === 1) throw new AppError("LAST_DOCUMENT", "A template keeps at least one document: this is its last");
    const onIt = await tx.select({ id: templateFields.id }).from(templateFields).where(eq(templateFields.documentId, doc.id));
    if (onIt.length > 0 && !removeFields) {
      throw new AppError(
        "DOCUMENT_HAS_FIELDS",
        `The document has ${onIt.length} field(s): move or delete them first, or ask for them to go too (?removeFields=true)`,
        { details: { fields: onIt.length } },
      );
    }
    // Its fields go with it (ON DELETE CASCADE); its bytes once nothing else points at them.
    await moveDocumentTo(tx, TEMPLATE_DOCUMENTS, tpl.id, doc, docs.length);
    // A rule or formula on another document may read one of its fields: then it stays.
    await keepingFieldsOf(tx, templateOwner(tpl.id), doc.name, () =>
      tx.delete(templateDocuments).where(eq(templateDocuments.id, doc.id)),
    );
    const release = { runId: null, sha256s: [doc.sha256], mailIds: [] };
    await enqueue(tx, "purge-blobs", release, { runAt: new Date(Date.now() + BLOB_GRACE_MS) });
    return { id: doc.id, deleted: true as const };
  });
}

/** A template document's file as uploaded, under its name with the extension its kind has. */
async function fileOf(doc: TemplateDocumentRow): Promise<FileAnswer> {
  const extension = doc.kind === "PDF" ? "pdf" : "docx";
  const base = fileNameOf(titleOfTemplateDocument(doc.name), "template");
  return {
    bytes: await blobs().get(doc.sha256),
    sha256: doc.sha256,
    type: doc.kind === "PDF" ? "application/pdf" : DOCX_TYPE,
    name: `${base}.${extension}`,
  };
}

/** GET /templates/{id}/document: the first document's file as it was uploaded (a PDF, or a DOCX). */
export async function getTemplateDocument(auth: KeyAuth, id: string) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, id);
  const [first] = await loadTemplateDocuments(db, tpl.id);
  return fileOf(first);
}

/** GET /templates/{id}/documents/{docId}: one document's file as it was uploaded. */
export async function readTemplateDocumentFile(auth: KeyAuth, id: string, documentId: string) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, id);
  return fileOf(templateDocumentIn(await loadTemplateDocuments(db, tpl.id), documentId));
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
