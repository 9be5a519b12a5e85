import "server-only";
import type { RecipientRole } from "@/lib/schemas/states";
import type { TemplateDocumentDto, TemplateDto, TemplateFieldDto, TemplateRoleDto } from "@/lib/schemas/templates";
import type { templateDocuments, templateFields, templateRoles, templates } from "../db/schema";
import { fieldDtoOf, type FieldColumns } from "../model/field-row";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateDocumentRow = typeof templateDocuments.$inferSelect;
export type TemplateFieldRow = typeof templateFields.$inferSelect;
export type TemplateRoleRow = typeof templateRoles.$inferSelect;

/** sN: the role's place, as anchors and CSV columns name it. */
export const signerRefOf = (r: Pick<TemplateRoleRow, "position">) => `s${r.position}`;

export function toTemplateRoleDto(r: TemplateRoleRow): TemplateRoleDto {
  return {
    id: r.id,
    name: r.name,
    order: r.signingOrder,
    role: r.recipientRole as RecipientRole,
    signerRef: signerRefOf(r),
    canDelegate: r.canDelegate,
    group: r.groupRequired ? { required: r.groupRequired } : null,
  };
}

/** `roles`: the template's roles by id (every field's role is one of them: the foreign key says so). */
export function toTemplateFieldDto(
  f: FieldColumns & { id: string; roleId: string; documentId: string },
  roles: ReadonlyMap<string, TemplateRoleRow>,
): TemplateFieldDto {
  const role = roles.get(f.roleId);
  if (!role) throw new Error(`Template field ${f.id} points at role ${f.roleId}, which was not loaded`);
  return fieldDtoOf(f, { roleId: role.id, roleName: role.name, signerRef: signerRefOf(role), documentId: f.documentId });
}

export function toTemplateDocumentDto(d: TemplateDocumentRow): TemplateDocumentDto {
  return {
    id: d.id,
    name: d.name,
    order: d.position,
    kind: d.kind as TemplateDocumentDto["kind"],
    placeholders: d.placeholders,
    anchors: d.anchors as TemplateDocumentDto["anchors"],
    pageCount: d.pageCount,
    pages: d.pages,
    sha256: d.sha256,
    size: d.size,
    filename: d.filename,
  };
}

/** What templateData fills: every DOCX document's placeholders, in document order, each once. */
export function placeholdersOf(docs: readonly TemplateDocumentRow[]): string[] {
  return [...new Set(docs.filter((d) => d.kind === "DOCX").flatMap((d) => d.placeholders))];
}

/** The template's documents, as read with it: at least one, in order. */
export type TemplateDocuments = readonly [TemplateDocumentRow, ...TemplateDocumentRow[]];

export const rolesById = (roles: TemplateRoleRow[]) => new Map(roles.map((r) => [r.id, r]));

/** The record without its fields; the top-level file facts are the first document's (docs/api.md "Templates"). */
export function toTemplateHeader(t: TemplateRow, docs: TemplateDocuments, roles: TemplateRoleRow[]): Omit<TemplateDto, "fields"> {
  const documents = docs.map(toTemplateDocumentDto);
  const first = documents[0]!;
  return {
    id: t.id,
    name: t.name,
    kind: first.kind,
    environment: t.environment as TemplateDto["environment"],
    placeholders: placeholdersOf(docs),
    anchors: documents.flatMap((d) => d.anchors.map((a) => ({ ...a, documentId: d.id }))),
    roles: roles.map(toTemplateRoleDto),
    documents,
    pageCount: first.pageCount,
    pages: first.pages,
    sha256: first.sha256,
    size: first.size,
    filename: first.filename,
    createdAt: t.createdAt.toISOString(),
  };
}

export function toTemplateDto(
  t: TemplateRow,
  docs: TemplateDocuments,
  roles: TemplateRoleRow[],
  fields: TemplateFieldRow[],
): TemplateDto {
  const byId = rolesById(roles);
  return { ...toTemplateHeader(t, docs, roles), fields: fields.map((f) => toTemplateFieldDto(f, byId)) };
}
