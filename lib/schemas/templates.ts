import { z } from "zod";
import { anchoredFieldShape } from "./anchors";
import { zFile, zPageSize } from "./common";
import { FIELD_TYPES, refineFieldRules, zFieldTypeDto } from "./fields";
import { zAddRecipient } from "./requests";

import { TEMPLATE_KINDS } from "./states";

export { TEMPLATE_KINDS };

export const zCreateTemplate = z.object({
  file: zFile,
  /** Defaults to the file's name without its extension. */
  name: z.string().trim().min(1, { error: "name must not be empty" }).max(200).optional(),
});

export const zListTemplatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

/** An anchor found in a template, as anchors/preview lists them: its text, what it parses to (or why not), and for a PDF where it is. */
export const zTemplateAnchor = z.object({
  anchorKey: z.string(),
  valid: z.boolean(),
  anchor: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().optional(),
  page: z.number().int().optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const zSignerRef = z.string({ error: "recipientId is a signer reference: s1, s2, …" }).regex(/^s[1-9]\d{0,2}$/, {
  error: "On a template, recipientId is a signer reference: s1 for the first recipient of a use call, s2 for the second, …",
});

export const zTemplateField = z.object({
  id: z.uuid(),
  signerRef: z.string(),
  type: z.enum(FIELD_TYPES),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  name: z.string().nullable(),
  required: z.boolean(),
  label: z.string().nullable(),
  maxLength: z.number().int().nullable(),
  fontSize: z.number().nullable(),
  defaultValue: z.string().nullable(),
  ...zFieldTypeDto,
  anchor: z.record(z.string(), z.unknown()).nullable(),
});
export type TemplateFieldDto = z.infer<typeof zTemplateField>;

export const zTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  environment: z.enum(["SANDBOX", "PRODUCTION"]),
  /** DOCX: the placeholder names found, in order of appearance. Empty for a PDF. */
  placeholders: z.array(z.string()),
  anchors: z.array(zTemplateAnchor),
  /** PDF only; null for a DOCX (its pages exist once it is filled and converted). */
  pageCount: z.number().int().nullable(),
  pages: z.array(zPageSize).nullable(),
  sha256: z.string(),
  size: z.number().int(),
  filename: z.string().nullable(),
  /** Fields stored on a PDF template, copied to each draft made from it. */
  fields: z.array(zTemplateField),
  createdAt: z.string(),
});
export type TemplateDto = z.infer<typeof zTemplate>;

export const zTemplateList = z.object({
  items: z.array(zTemplate.omit({ fields: true }).extend({ fieldCount: z.number().int() })),
  nextCursor: z.string().nullable(),
});

/** Values of a DOCX template's placeholders: text (numbers and booleans are written as text), flat or nested. */
export type TemplateValueInput = string | number | boolean | { [key: string]: TemplateValueInput };
const zTemplateValue: z.ZodType<TemplateValueInput> = z.lazy(() =>
  z.union([z.string().max(100_000), z.number(), z.boolean(), z.record(z.string().max(200), zTemplateValue)], {
    error: "A templateData value is text (or a number, or an object of them)",
  }),
);

export const zUseTemplateParams = z.object({ templateId: z.string().max(100) });

export const zUseTemplate = z.object({
  title: z.string({ error: "title is required" }).trim().min(1, { error: "title is required" }).max(500),
  /** In order: the first is s1, the second s2, … */
  recipients: z.array(zAddRecipient, { error: "recipients is a list of { email, name, order? }" }).max(50),
  templateData: z
    .record(z.string().max(200), zTemplateValue, { error: "templateData maps placeholder names to text" })
    .optional(),
});
export type UseTemplate = z.infer<typeof zUseTemplate>;

/** The /fields/anchored body on a PDF template: as on a request, with recipientId a signer reference. */
export const zTemplateAnchoredField = z.object({ ...anchoredFieldShape, recipientId: zSignerRef }).superRefine(refineFieldRules);
export const zTemplateAnchoredFields = z.object({
  fields: z.array(zTemplateAnchoredField, { error: "fields is a list of { anchorKey, type, recipientId, … }" }).min(1).max(1000),
});
export type TemplateAnchoredFields = z.infer<typeof zTemplateAnchoredFields>;
