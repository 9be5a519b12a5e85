import "server-only";
import type { AddTemplateFields, UpdateTemplateField } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { AppError, type FieldError } from "../errors";
import { templateOwner, type StoredField } from "../model/field-owner";
import { changeField, placeFields, removeField, type FieldContext } from "../fields/field-service";
import { seatProblem } from "../fields/place-fields";
import type { PageSize } from "@/lib/pdf/inspect";
import {
  rolesById,
  toTemplateFieldDto,
  type TemplateDocumentRow,
  type TemplateDocuments,
  type TemplateRoleRow,
  type TemplateRow,
} from "./dto";
import { findVisibleTemplate, loadTemplateDocuments } from "./find-template";
import { describeRoles, findRole, loadTemplateRoles } from "./template-roles";

/**
 * A template's fields (POST, PATCH, DELETE …/templates/{id}/fields): the field service
 * (field-service.ts) with the template as owner. A field is for one of its SIGNER roles, on one of its
 * PDF documents (the first unless it names another).
 */

const DOCX_FIELDS =
  "filling its placeholders moves its text, so its fields are placed by anchors ({{s1|signature|160|50}} in the document), not by coordinates";

/** A template's PDF documents: what fields by coordinates stand on (a DOCX's text moves when it is filled). */
export function pdfDocumentsOf(docs: TemplateDocuments): (TemplateDocumentRow & { pages: PageSize[] })[] {
  return docs.filter((d): d is TemplateDocumentRow & { pages: PageSize[] } => d.kind === "PDF" && d.pages !== null);
}

/** 422 TEMPLATE_NOT_PDF unless the template has a PDF document to hold fields by coordinates. */
export function assertPdfDocuments(docs: TemplateDocuments) {
  const pdfs = pdfDocumentsOf(docs);
  if (!pdfs.length) {
    throw new AppError("TEMPLATE_NOT_PDF", `This template's documents are DOCX: ${DOCX_FIELDS}`, {
      details: { kind: docs[0].kind },
    });
  }
  return pdfs;
}

/** The role each field names (422 listing the ones no role answers to), and a field only for a SIGNER role. */
function rolesOf(inputs: { roleName: string }[], roles: TemplateRoleRow[], at: (i: number) => string): TemplateRoleRow[] {
  const unknown: FieldError[] = [];
  const notSigner: FieldError[] = [];
  const out = inputs.map((f, i) => {
    const role = findRole(roles, f.roleName);
    if (!role) unknown.push({ field: `${at(i)}roleName`, message: `No role "${f.roleName}"` });
    else if (role.recipientRole !== "SIGNER")
      notSigner.push({
        field: `${at(i)}roleName`,
        message: `Role ${role.name} is ${role.recipientRole}; only a SIGNER has fields`,
      });
    return role;
  });
  if (unknown.length) {
    const names = [...new Set(inputs.filter((_, i) => !out[i]).map((f) => f.roleName))];
    throw new AppError(
      "TEMPLATE_ROLE_NOT_FOUND",
      `The template has no role ${names.map((n) => `"${n}"`).join(", ")}; its roles are ${describeRoles(roles) || "none yet (PUT /roles)"}`,
      { errors: unknown, details: { roleName: names } },
    );
  }
  const [first] = notSigner;
  if (first) throw new AppError("FIELD_PLACEMENT_INVALID", first.message, { errors: notSigner });
  return out as TemplateRoleRow[];
}

/** The template as the field service works on it (field-service.ts): its fields are for its roles, on its PDF documents. */
function templateContext(tpl: TemplateRow, docs: TemplateDocuments, roles: readonly TemplateRoleRow[] = []): FieldContext {
  const roleById = new Map(roles.map((r) => [r.id, r]));
  return {
    owner: templateOwner(tpl.id),
    // A field's place (`seat`) fits its role: a signing group's role has one per signature it needs.
    assigneeProblem: ({ assigneeId, seat }, at) => {
      const role = roleById.get(assigneeId);
      return seatProblem(role?.groupRequired ? { name: role.name, required: role.groupRequired } : null, seat, at);
    },
    documents: assertPdfDocuments(docs).map((d) => ({ id: d.id, pages: d.pages, pageCount: d.pageCount ?? d.pages.length })),
    documentProblem: (documentId, at) => {
      const doc = docs.find((d) => d.id === documentId);
      return doc?.kind === "DOCX" ? { field: `${at}documentId`, message: `${doc.name} is a DOCX: ${DOCX_FIELDS}` } : null;
    },
    judgeChange: (typed) => {
      if (typed.type === "RADIO" && typed.options)
        throw new AppError("VALIDATION_FAILED", "A stored RADIO button stands for one option: give option, not options", {
          errors: [{ field: "options", message: "give option, not options" }],
        });
    },
  };
}

/** A stored field as the API answers it, with its role's name and place. */
const toDto = (r: StoredField, roles: ReadonlyMap<string, TemplateRoleRow>) =>
  toTemplateFieldDto({ ...r, roleId: r.assigneeId }, roles);

/** The template whose fields change (locked), as the field service works on it. */
async function contextFor(tx: Queryable, auth: KeyAuth, templateId: string): Promise<FieldContext> {
  const tpl = await findVisibleTemplate(tx, auth, templateId, { forUpdate: true });
  return templateContext(tpl, await loadTemplateDocuments(tx, tpl.id), await loadTemplateRoles(tx, tpl.id));
}

/**
 * POST /templates/{id}/fields: fields by coordinates on a PDF template, each for a role (roleName: its
 * name or sN). The same shapes and checks as a request's fields (types' properties, page and box,
 * RADIO groups per role); one bad field and none is stored.
 */
export async function addTemplateFields(auth: KeyAuth, templateId: string, body: AddTemplateFields) {
  const given = "fields" in body ? body.fields : [body];
  const at = (i: number) => (given.length > 1 ? `fields.${i}.` : "");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ctx = await contextFor(tx, auth, templateId);
    const roles = await loadTemplateRoles(tx, templateId);
    const roleOf = rolesOf(given, roles, at);
    const rows = await placeFields(
      tx,
      ctx,
      given.map(({ roleName: _roleName, ...f }, i) => ({ ...f, assigneeId: roleOf[i]!.id })),
    );
    const byId = rolesById(roles);
    return { fields: rows.map((r) => toDto(r, byId)) };
  });
}

/**
 * PATCH /templates/{id}/fields/{fieldId}: what the patch gives, else what is stored, checked as a whole
 * like a request's field (a type changed drops the old type's properties).
 */
export async function updateTemplateField(auth: KeyAuth, templateId: string, fieldId: string, patch: UpdateTemplateField) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ctx = await contextFor(tx, auth, templateId);
    const roles = await loadTemplateRoles(tx, templateId);
    const { roleName, ...fieldPatch } = patch;
    const row = await changeField(tx, ctx, fieldId, fieldPatch, (cur) =>
      roleName !== undefined ? rolesOf([{ roleName }], roles, () => "")[0]!.id : cur.assigneeId,
    );
    return toDto(row, rolesById(roles));
  });
}

/** DELETE /templates/{id}/fields/{fieldId}. */
export async function deleteTemplateField(auth: KeyAuth, templateId: string, fieldId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => removeField(tx, await contextFor(tx, auth, templateId), fieldId));
}
