import { z } from "zod";
import { anchoredFieldShape } from "./anchors";
import { zFile, zPageSize } from "./common";
import { fieldDto, fieldInputShape, oneOrListError, refineFieldRules } from "./fields";
import { requestLocaleShape } from "./locale";
import { ONE_EXPIRY, oneExpiry, sendSettingsJsonShape } from "./send-settings";
import { zAddRecipient, zDocumentName, zFiles, zGroupRequired, zOrder, zTitle } from "./requests";
import { visibleText } from "./text";

import { RECIPIENT_ROLES, TEMPLATE_KINDS } from "./states";

export { TEMPLATE_KINDS };

/** A template has at most this many roles (each is one recipient of a draft, and a request has at most 50). */
export const MAX_TEMPLATE_ROLES = 50;
export const MAX_ROLE_NAME = 100;
/** `sN`, the N-th role (as anchors name it); matched whatever its case. */
export const ROLE_REF = /^s([1-9]\d{0,2})$/i;
const ROLE_ERROR = "role must be SIGNER, CC, APPROVER or VIEWER";

/** A role's name: 1–100 characters after trimming, one line, nothing hidden (it heads CSV columns and the builder's lists). */
export const zRoleName = z
  .string({ error: `name is required: 1 to ${MAX_ROLE_NAME} characters` })
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(MAX_ROLE_NAME, { error: `name is at most ${MAX_ROLE_NAME} characters` })
  .superRefine(visibleText("name"));

/** Where a field or a recipient names its role: the role's name (any case), or sN for the N-th role. */
export const zRoleRef = z
  .string({ error: "roleName is a role's name or s1, s2, … (the n-th role)" })
  .trim()
  .min(1, { error: "roleName must not be empty" })
  .max(MAX_ROLE_NAME, { error: `roleName is at most ${MAX_ROLE_NAME} characters` });

export const zTemplateRole = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The signing order a recipient in this role gets unless the use call gives one. */
  order: z.number().int(),
  /** The recipient role a recipient in this role gets unless the use call gives one. */
  role: z.enum(RECIPIENT_ROLES),
  /** sN: this role's place (anchors' sN, CSV columns sN.name / sN.email). */
  signerRef: z.string(),
  /** A recipient in this role may hand their turn to someone else, unless the use call says otherwise. */
  canDelegate: z.boolean(),
  /** The role is a signing group: the use call gives it several people, `required` of whom must sign (null: one person). */
  group: z.object({ required: z.number().int() }).nullable(),
});
export type TemplateRoleDto = z.infer<typeof zTemplateRole>;

const roleOrder = z.number({ error: "order must be an integer from 1 to 1000" }).int().min(1).max(1000);

/** One role of a PUT /roles body: id (to rename a role) or its name (to keep one) say which role it is; else it is new. */
export const zTemplateRoleInput = z.strictObject(
  {
    id: z.uuid({ error: "id is the id of one of the template's roles" }).optional(),
    name: zRoleName,
    order: roleOrder.optional(),
    role: z.enum(RECIPIENT_ROLES, { error: ROLE_ERROR }).optional(),
    /** Recipients in this role may hand their turn to someone else (unless the use call says otherwise). */
    canDelegate: z.boolean({ error: "canDelegate must be true or false" }).optional(),
    /** A signing group: the use call gives several people for the role, `required` of whom sign; null: one person. */
    group: z
      .strictObject({ required: zGroupRequired }, { error: "group is { required } (how many of its people must sign)" })
      .nullable()
      .optional(),
  },
  { error: "A role is { name, order?, role?, canDelegate?, group?, id? }" },
);
export const zPutTemplateRoles = z
  .object({
    roles: z
      .array(zTemplateRoleInput, { error: "roles is a list of { name, order?, role? }" })
      .max(MAX_TEMPLATE_ROLES, { error: `A template has at most ${MAX_TEMPLATE_ROLES} roles` }),
  })
  .superRefine((b, ctx) => {
    const seen = new Map<string, number>();
    const ids = new Set<string>();
    b.roles.forEach((r, i) => {
      const k = r.name.toLowerCase();
      if (seen.has(k))
        ctx.addIssue({ code: "custom", path: ["roles", i, "name"], message: `The role name "${r.name}" is given twice` });
      seen.set(k, i);
      const m = ROLE_REF.exec(r.name);
      if (m && Number(m[1]) !== i + 1)
        ctx.addIssue({
          code: "custom",
          path: ["roles", i, "name"],
          message: `"${r.name}" can only name role ${m[1]} (sN is the N-th role); role ${i + 1} needs another name`,
        });
      if (r.group && (r.role ?? "SIGNER") !== "SIGNER")
        ctx.addIssue({ code: "custom", path: ["roles", i, "group"], message: "Only a SIGNER role can be a signing group" });
      if (r.id !== undefined) {
        if (ids.has(r.id))
          ctx.addIssue({ code: "custom", path: ["roles", i, "id"], message: `The role id ${r.id} is given twice` });
        ids.add(r.id);
      }
    });
  });
export type PutTemplateRoles = z.infer<typeof zPutTemplateRoles>;

const zTemplateName = z
  .string({ error: "name is 1 to 200 characters" })
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(200, { error: "name is at most 200 characters" })
  .superRefine(visibleText("name"));

export const zCreateTemplate = z.object({
  file: zFiles.describe("The PDF or DOCX; repeat the part for several documents, in order (PDF and DOCX mixed)"),
  /** Defaults to the first file's name without its extension. */
  name: zTemplateName.optional(),
});

/** POST /templates/{id}/documents: a PDF or DOCX (`file`), and optionally its name and its place. */
export const zAddTemplateDocument = z.object({
  file: zFile,
  name: zDocumentName.optional().describe("Its name; the file's name when left out"),
  order: zOrder.optional().describe("Its place (1 for the first); last when left out"),
});

/** PATCH /templates/{id}. */
export const zUpdateTemplate = z.strictObject({ name: zTemplateName }, { error: "The body is { name }" });
/** POST /signature-requests/{id}/save-as-template. */
export const zSaveAsTemplate = z.strictObject({ name: zTemplateName.optional() }, { error: "The body is { name? }" });

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

/** A template's field: the one field shape (./fields), for a role. */
export const zTemplateField = fieldDto({
  /** The role whose recipient gets this field when the template is used. */
  roleId: z.uuid(),
  roleName: z.string(),
  /** sN: the role's place, as anchors name it. */
  signerRef: z.string(),
  documentId: z.uuid().describe("The template's PDF document it stands on (`documents[].id`); `page` counts its pages"),
});
export type TemplateFieldDto = z.infer<typeof zTemplateField>;

/** One of a template's documents: a PDF used as it is, or a DOCX filled from templateData when used. */
export const zTemplateDocument = z.object({
  id: z.uuid(),
  name: z.string().describe("Its name (the uploaded file's, unless renamed)"),
  order: z.number().int().describe("Its place among the template's documents: 1 for the first"),
  kind: z.enum(TEMPLATE_KINDS),
  /** DOCX: the placeholder names found, in order of appearance. Empty for a PDF. */
  placeholders: z.array(z.string()),
  anchors: z.array(zTemplateAnchor),
  /** PDF only; null for a DOCX (its pages exist once it is filled and converted). */
  pageCount: z.number().int().nullable(),
  pages: z.array(zPageSize).nullable(),
  sha256: z.string(),
  size: z.number().int(),
  filename: z.string().nullable(),
});
export type TemplateDocumentDto = z.infer<typeof zTemplateDocument>;

export const zTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(TEMPLATE_KINDS).describe("The first document's kind (each document has its own)"),
  environment: z.enum(["SANDBOX", "PRODUCTION"]),
  /** Every DOCX document's placeholder names, in document order then order of appearance, each once: what templateData fills. */
  placeholders: z.array(z.string()),
  /** Every document's anchors, each naming its document. */
  anchors: z.array(zTemplateAnchor.extend({ documentId: z.uuid() })),
  /** The roles, in order: the first is s1. A recipient of a use call takes one. */
  roles: z.array(zTemplateRole),
  documents: z.array(zTemplateDocument).describe("The template's documents in order"),
  /** The first document's: PDF only; null for a DOCX (its pages exist once it is filled and converted). */
  pageCount: z.number().int().nullable(),
  pages: z.array(zPageSize).nullable(),
  sha256: z.string().describe("The first document's"),
  size: z.number().int().describe("The first document's"),
  filename: z.string().nullable().describe("The first document's"),
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

/**
 * A recipient of a use call: in a role (by roleName, or by position when no recipient gives one); `role` and
 * `order` default to the template role's.
 */
export const zUseTemplateRecipient = z
  .object({
    ...zAddRecipient.shape,
    roleName: zRoleRef.optional(),
    role: z.enum(RECIPIENT_ROLES, { error: ROLE_ERROR }).optional(),
  })
  .superRefine((r, ctx) => {
    // zAddRecipient's own rules (order = signingOrder, an access code with ACCESS_CODE), on the same values.
    // A field that fails on its own was reported by the object's shape already: only the rules across fields are added.
    const shape: Record<string, z.ZodType> = zAddRecipient.shape;
    const failsAlone = (key: PropertyKey | undefined) =>
      typeof key === "string" && key in shape && !shape[key]!.safeParse((r as Record<string, unknown>)[key]).success;
    const checked = zAddRecipient.safeParse({ ...r, role: r.role ?? "SIGNER" });
    if (!checked.success)
      for (const issue of checked.error.issues) if (!failsAlone(issue.path[0])) ctx.addIssue({ ...issue, code: "custom" });
  });
export type UseTemplateRecipient = z.infer<typeof zUseTemplateRecipient>;

export const zUseTemplate = z
  .object({
    title: zTitle,
    /** By roleName, or in order (the first takes the first role, s1) when none gives one. */
    recipients: z
      .array(zUseTemplateRecipient, { error: "recipients is a list of { roleName?, email, name, order?, role? }" })
      .max(50)
      .refine((rs) => rs.every((r) => r.roleName !== undefined) || rs.every((r) => r.roleName === undefined), {
        error: "Give roleName for every recipient or for none (then the first recipient takes the first role, …)",
      }),
    templateData: z
      .record(z.string().max(200), zTemplateValue, { error: "templateData maps placeholder names to text" })
      .optional(),
    /** The new request's language, time zone and date format; each recipient may give its own locale. */
    ...requestLocaleShape,
    /** The new request's send settings, as on a PATCH of a draft; what is left out is the organization's. */
    ...sendSettingsJsonShape,
  })
  .refine(oneExpiry, ONE_EXPIRY);
export type UseTemplate = z.infer<typeof zUseTemplate>;

/** The /fields/anchored body on a PDF template: as on a request, with recipientId a signer reference. */
export const zTemplateAnchoredField = z.object({ ...anchoredFieldShape, recipientId: zSignerRef }).superRefine(refineFieldRules);
export const zTemplateAnchoredFields = z.object({
  fields: z.array(zTemplateAnchoredField, { error: "fields is a list of { anchorKey, type, recipientId, … }" }).min(1).max(1000),
});
export type TemplateAnchoredFields = z.infer<typeof zTemplateAnchoredFields>;

/** A field placed by coordinates on a PDF template: the one field shape (./fields), for a role (roleName). */
const templateFieldShape = {
  ...fieldInputShape,
  roleName: zRoleRef,
  documentId: z
    .string()
    .max(100)
    .optional()
    .describe("The template's PDF document it stands on (`documents[].id`); the first PDF document when left out"),
};
export const zTemplateFieldInput = z.object(templateFieldShape).superRefine(refineFieldRules);
export type TemplateFieldInput = z.infer<typeof zTemplateFieldInput>;
export const zAddTemplateFields = z.union(
  [
    zTemplateFieldInput,
    z.object({
      fields: z
        .array(zTemplateFieldInput, { error: "fields is a list of { type, roleName, page, x, y, width, height, … }" })
        .min(1, { error: "fields needs at least one field" })
        .max(1000, { error: "At most 1000 fields at once" }),
    }),
  ],
  { error: oneOrListError("The body is one field { type, roleName, page, x, y, width, height, … } or { fields: [...] }") },
);
export type AddTemplateFields = z.infer<typeof zAddTemplateFields>;
export const zUpdateTemplateField = z
  .object(templateFieldShape)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: "Nothing to change" });
export type UpdateTemplateField = z.infer<typeof zUpdateTemplateField>;
export const zTemplateFieldList = z.object({ fields: z.array(zTemplateField) });
export const zTemplateRoles = z.object({ roles: z.array(zTemplateRole) });
