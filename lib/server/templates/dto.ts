import "server-only";
import type { TemplateDto, TemplateFieldDto } from "@/lib/schemas/templates";
import type { templateFields, templates } from "../db/schema";
import { fieldPlacement } from "../requests/load-request";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateFieldRow = typeof templateFields.$inferSelect;

export function toTemplateFieldDto(f: TemplateFieldRow): TemplateFieldDto {
  return { id: f.id, signerRef: f.signerRef, ...fieldPlacement(f) };
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
