import "server-only";
import type { TemplateDto, TemplateFieldDto } from "@/lib/schemas/templates";
import type { templateFields, templates } from "../db/schema";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateFieldRow = typeof templateFields.$inferSelect;

export function toTemplateFieldDto(f: TemplateFieldRow): TemplateFieldDto {
  return {
    id: f.id,
    signerRef: f.signerRef,
    type: f.type as TemplateFieldDto["type"],
    page: f.page,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    name: f.name,
    required: f.required,
    label: f.label,
    maxLength: f.maxLength,
    fontSize: f.fontSize,
    defaultValue: f.defaultValue,
    anchor: f.anchor ?? null,
  };
}

export function toTemplateHeader(t: TemplateRow): Omit<TemplateDto, "fields"> {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind as TemplateDto["kind"],
    environment: t.environment as TemplateDto["environment"],
    placeholders: t.placeholders,
    anchors: t.anchors as TemplateDto["anchors"],
    pageCount: t.pageCount,
    pages: t.pages,
    sha256: t.sha256,
    size: t.size,
    filename: t.filename,
    createdAt: t.createdAt.toISOString(),
  };
}

export function toTemplateDto(t: TemplateRow, fields: TemplateFieldRow[]): TemplateDto {
  return { ...toTemplateHeader(t), fields: fields.map(toTemplateFieldDto) };
}
