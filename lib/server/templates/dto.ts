import "server-only";
import type { RecipientRole } from "@/lib/schemas/states";
import type { TemplateDto, TemplateFieldDto, TemplateRoleDto } from "@/lib/schemas/templates";
import type { templateFields, templateRoles, templates } from "../db/schema";
import { fieldDtoOf, type FieldColumns } from "../model/field-row";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateFieldRow = typeof templateFields.$inferSelect;
export type TemplateRoleRow = typeof templateRoles.$inferSelect;

/** sN: the role's place, as anchors and CSV columns name it. */
export const signerRefOf = (r: Pick<TemplateRoleRow, "position">) => `s${r.position}`;

export function toTemplateRoleDto(r: TemplateRoleRow): TemplateRoleDto {
  return { id: r.id, name: r.name, order: r.signingOrder, role: r.recipientRole as RecipientRole, signerRef: signerRefOf(r) };
}

/** `roles`: the template's roles by id (every field's role is one of them: the foreign key says so). */
export function toTemplateFieldDto(
  f: FieldColumns & { id: string; roleId: string },
  roles: ReadonlyMap<string, TemplateRoleRow>,
): TemplateFieldDto {
  const role = roles.get(f.roleId);
  if (!role) throw new Error(`Template field ${f.id} points at role ${f.roleId}, which was not loaded`);
  return fieldDtoOf(f, { roleId: role.id, roleName: role.name, signerRef: signerRefOf(role) });
}

export const rolesById = (roles: TemplateRoleRow[]) => new Map(roles.map((r) => [r.id, r]));

export function toTemplateHeader(t: TemplateRow, roles: TemplateRoleRow[]): Omit<TemplateDto, "fields"> {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind as TemplateDto["kind"],
    environment: t.environment as TemplateDto["environment"],
    placeholders: t.placeholders,
    anchors: t.anchors as TemplateDto["anchors"],
    roles: roles.map(toTemplateRoleDto),
    pageCount: t.pageCount,
    pages: t.pages,
    sha256: t.sha256,
    size: t.size,
    filename: t.filename,
    createdAt: t.createdAt.toISOString(),
  };
}

export function toTemplateDto(t: TemplateRow, roles: TemplateRoleRow[], fields: TemplateFieldRow[]): TemplateDto {
  const byId = rolesById(roles);
  return { ...toTemplateHeader(t, roles), fields: fields.map((f) => toTemplateFieldDto(f, byId)) };
}
