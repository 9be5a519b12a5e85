import { z } from "zod";
import { zSendApproval } from "./approvals";
import { zFile, zPageSize } from "./common";
import { noHiddenFormat, visibleText } from "./text";
import { fieldDto, fieldInputShape, MAX_GROUP_REQUIRED, oneOrListError, refineFieldRules } from "./fields";
import { locales } from "../i18n/locales";
import { recipientLocaleShape, requestLocaleShape, zDateFormat, zLocale, zTimeZone } from "./locale";
import { ONE_EXPIRY, oneExpiry, sendSettingsFormShape, sendSettingsJsonShape, zSendSettings } from "./send-settings";

export { FIELD_TYPES } from "./fields";

import {
  AUTH_METHODS,
  RECIPIENT_DELIVERIES,
  RECIPIENT_ROLES,
  RECIPIENT_STATUSES,
  REQUEST_SOURCES,
  REQUEST_STATUSES,
} from "./states";
import type { RecipientRole, RecipientStatus } from "./states";

// Defined once in ./states (the database's CHECK constraints are made from the same arrays).
export { AUTH_METHODS, RECIPIENT_DELIVERIES, RECIPIENT_ROLES, RECIPIENT_STATUSES, REQUEST_STATUSES };
export type { RecipientRole, RecipientStatus };
export const zRequestStatus = z.enum(REQUEST_STATUSES);

/** A request's title: 1–500 characters after trimming, one line, nothing hidden (it heads mails and the signing page). */
export const zTitle = z
  .string({ error: "title is required" })
  .trim()
  .min(1, { error: "title is required" })
  .max(500)
  .superRefine(visibleText("title"));

/** Parts of one name a body may repeat; the request's own limit (MAX_DOCUMENTS) is judged after. */
export const MAX_FILE_PARTS = 50;

/** One or several PDFs in parts of one name (`file`, `documentFile`), in the order given. */
export const zFiles = z.union([
  zFile,
  z
    .array(zFile)
    .min(1)
    .max(MAX_FILE_PARTS, { error: `at most ${MAX_FILE_PARTS} files` }),
]);

export const zCreateRequest = z
  .object({
    file: zFiles.optional().describe("The PDF; repeat the part for several documents, in order"),
    documentFile: zFiles.optional().describe("Another name of `file`"),
    title: zTitle,
    delivery_mode: z.enum(["email"], { error: 'delivery_mode must be "email"' }).default("email"),
    ...requestLocaleShape,
    // The send settings, as parts (docs/api.md "Send settings").
    ...sendSettingsFormShape,
  })
  .refine((b) => !!(b.file || b.documentFile), {
    error: "A PDF is required in the part file (or documentFile); repeat the part for several documents",
    path: ["file"],
  })
  .refine((b) => !(b.file && b.documentFile), {
    error: "Give the PDF as file or documentFile, not both",
    path: ["documentFile"],
  })
  .refine(oneExpiry, ONE_EXPIRY);
export type CreateRequest = z.output<typeof zCreateRequest>;

/**
 * PATCH of a DRAFT: what create takes, but the document, in JSON. `locale: null` drops the request's
 * language; `subject`, `message`, `replyTo`, `reminders` null clear them; expiresAt or expiryDays replaces the expiry.
 */
export const zUpdateRequest = z
  .object({
    title: zTitle.optional(),
    locale: zLocale.nullable().optional(),
    timezone: zTimeZone.optional(),
    dateFormat: zDateFormat.optional(),
    ...sendSettingsJsonShape,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: "Nothing to change" })
  .refine(oneExpiry, ONE_EXPIRY);
export type UpdateRequest = z.output<typeof zUpdateRequest>;

/** A day (2026-11-25) or an instant (2026-11-25T09:30:00Z) of a list's created-between filter. */
const zListDate = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}($|T)/.test(s) && !Number.isNaN(Date.parse(s)), {
    error: "a date (YYYY-MM-DD) or an ISO 8601 instant",
  });

export const zListRequestsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
    status: zRequestStatus.optional(),
    /** Words of the title or of a recipient's name or address (any case, any part of them). */
    q: z.string().trim().min(1, { error: "q is empty" }).max(200, { error: "q is at most 200 characters" }).optional(),
    /** Who created it, as the audit trail names actors: staff:<id> or api-key:<prefix>. */
    createdBy: z
      .string()
      .max(200)
      .regex(/^(staff|api-key):[\w-]+$/, { error: "createdBy is staff:<id> or api-key:<prefix>" })
      .optional(),
    /** How it was started: `api` (staff and keys) or `public_link` (a visitor of a template's public link). */
    source: z.enum(REQUEST_SOURCES, { error: "source is api or public_link" }).optional(),
    /** Started from this public link (its id). */
    publicLinkId: z.uuid({ error: "publicLinkId is a public link's id" }).optional(),
    /** Created at or after (a day: from its start, UTC). */
    createdFrom: zListDate.optional(),
    /** Created before the end of (a day: its end, UTC). */
    createdTo: zListDate.optional(),
  })
  .refine((q) => !q.createdFrom || !q.createdTo || listBound(q.createdFrom, "from") <= listBound(q.createdTo, "to"), {
    error: "createdFrom is after createdTo",
    path: ["createdFrom"],
  });

/** A created-between bound as an instant: a bare day is the start of it (from) or the start of the next (to, exclusive). */
export function listBound(s: string, side: "from" | "to"): Date {
  const d = new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
  if (s.length === 10 && side === "to") d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * SIGNER fills in their fields and signs; APPROVER approves (or declines) the document, has no
 * fields; VIEWER is done once they have opened it. These three take their turn in the order. CC
 * takes no turn: they get the sealed PDF at completion.
 */
const ROLE_ERROR = "role must be SIGNER, CC, APPROVER or VIEWER";
/** The status that ends a recipient's turn, per role that takes one (CC takes none). */
export const DONE_STATUS = { SIGNER: "SIGNED", APPROVER: "APPROVED", VIEWER: "VIEWED" } as const satisfies Partial<
  Record<RecipientRole, RecipientStatus>
>;
/** Whether a recipient of this role takes a turn in the order (and so must finish before completion). */
export const takesTurn = (role: string): role is keyof typeof DONE_STATUS => Object.hasOwn(DONE_STATUS, role);
/**
 * Whether a recipient has done what their role asks (a CC has nothing to do; a group's member released because
 * enough of the group signed has nothing left to do).
 */
export const isDone = (r: { role: string; status: string }) =>
  !takesTurn(r.role) || r.status === DONE_STATUS[r.role] || r.status === "RELEASED";

/**
 * How a signer proves who they are before their link shows anything: NONE (the link is enough),
 * ACCESS_CODE (a code the sender gives them out of band) or EMAIL_CODE (a 6-digit code mailed to
 * their address when they ask for it on the signing page).
 */
export type AuthMethod = (typeof AUTH_METHODS)[number];

/**
 * How a recipient reaches their turn: EMAIL (the invitation is mailed) or EMBEDDED (no
 * invitation or reminder: the sender asks for a short-lived signing URL and frames it). Upper case
 * like the recipient's other enums (role, status, authentication.method); the lower-case spelling
 * ("embedded") is accepted on input.
 */
export type RecipientDelivery = (typeof RECIPIENT_DELIVERIES)[number];
const zDeliveryInput = z
  .enum([...RECIPIENT_DELIVERIES, "email", "embedded"], { error: "delivery must be EMAIL or EMBEDDED" })
  .transform((v) => v.toUpperCase() as RecipientDelivery)
  .meta({
    description:
      "EMAIL (default): invitations and reminders are mailed. EMBEDDED: no mail; ask for a signing URL (POST …/signing-url) and frame it",
  });

export const zRecipient = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  order: z.number().int(),
  signingOrder: z.number().int(),
  status: z.enum(RECIPIENT_STATUSES),
  sentAt: z.string().nullable(),
  /** When their invitation last went out: the first (sentAt), a resend, a reminder, the mail after a correction. */
  lastMailedAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** APPROVER: when they approved (signedAt stays null for an approver). */
  approvedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The method only: neither the access code nor anything derived from it is ever returned. */
  authentication: z.object({ method: z.enum(AUTH_METHODS) }),
  delivery: z.enum(RECIPIENT_DELIVERIES),
  /** Their language (page, mails, DATE and NUMBER fields); null: the request's. */
  locale: z.enum(locales).nullable(),
  /** Automatic reminders sent to them so far, and the last one's time. */
  remindersSent: z.number().int(),
  lastRemindedAt: z.string().nullable(),
  /** May hand their turn to someone else (POST /api/sign/{token}/delegate). */
  canDelegate: z.boolean(),
  /** The person who handed this turn over to the one now named: who, when, why (null: nobody did). */
  delegatedFrom: z.object({ name: z.string(), email: z.string(), reason: z.string(), at: z.string() }).nullable(),
  /**
   * The signing group this recipient is a member of (null: none): its id (its first member's, to which the
   * group's fields are assigned), its name, how many of its members must sign, and how many it has.
   */
  group: z.object({ id: z.uuid(), name: z.string(), required: z.number().int(), size: z.number().int() }).nullable(),
  /** A group member who signed: the group's place they took (fields with that `seat`). */
  groupSeat: z.number().int().nullable(),
});

/** A request's field: the one field shape (./fields), for a recipient, on one of the request's documents. */
export const zField = fieldDto({
  recipientId: z.uuid(),
  documentId: z.uuid().describe("The document the field stands on (`documents[].id`); `page` counts its pages"),
});

export const zDocument = z.object({
  version: z.number().int(),
  sha256: z
    .string()
    .describe('SHA-256 of the document as stored: the uploaded file in its one reading (docs/api.md, "How a PDF is read")'),
  uploadedSha256: z
    .string()
    .nullable()
    .describe("SHA-256 of the file as it was uploaded, when storing it in its one reading changed its bytes (else null)"),
  size: z.number().int(),
  pageCount: z.number().int(),
  pages: z.array(zPageSize),
});

/** One of a request's documents, in the order its recipients read them, with its current version. */
export const zRequestDocument = z.object({
  id: z.uuid(),
  name: z.string().describe("Its name (the uploaded file's, unless renamed)"),
  order: z.number().int().describe("Its place among the request's documents: 1 for the first"),
  ...zDocument.shape,
});
export type RequestDocumentDto = z.infer<typeof zRequestDocument>;

/**
 * Set when sealing failed for good (every retry of the seal job used); cleared when a reseal
 * succeeds. `code` is the engine's reason (OUT_OF_PAGE, TOO_COMPLEX, UNPARSEABLE, …) or SEAL_FAILED.
 */
export const zSealError = z.object({ code: z.string(), message: z.string(), failedAt: z.string() });

/** A file a signer attached to a FILE field and kept in their signature. */
export const zAttachment = z.object({
  id: z.uuid(),
  fieldId: z.uuid(),
  recipientId: z.uuid(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

export const zSignatureRequest = z.object({
  id: z.uuid(),
  status: zRequestStatus,
  title: z.string(),
  delivery_mode: z.string(),
  environment: z.enum(["SANDBOX", "PRODUCTION"]),
  /** The first document (a one-document request's only one), as before documents were many. */
  document: zDocument.describe("The first document's current version (`documents[0]`)"),
  documents: z.array(zRequestDocument).describe("The request's documents in order, each with its current version"),
  recipients: z.array(zRecipient),
  fields: z.array(zField),
  attachments: z
    .array(zAttachment)
    .describe("Files signers attached to FILE fields and kept in their signature: GET …/attachments/{attachmentId}"),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sealError: zSealError.nullable(),
  /** Where it came from: `api` (a key or the dashboard), `public_link` (a visitor of a template's public link, `publicLinkId`). */
  source: z.enum(REQUEST_SOURCES),
  publicLinkId: z.uuid().nullable(),
  /** The signers' language unless a recipient has their own; null: each recipient's, else their browser's, else English. */
  locale: z.enum(locales).nullable(),
  /** IANA zone of the DATE fields and the certificate's times. */
  timezone: z.string(),
  dateFormat: zDateFormat,
  /** Subject, message, Reply-To, expiry and reminders of the request's mails. */
  sendSettings: zSendSettings,
  /** Its send waits for a staff member's approval (the key's production sends need one): it cannot change meanwhile. */
  awaitingApproval: z.boolean(),
  /** The latest send approval asked for it (waiting, approved or rejected with a reason); null: none. */
  approval: zSendApproval.nullable(),
});
export type SignatureRequestDto = z.infer<typeof zSignatureRequest>;
export type RecipientDto = z.infer<typeof zRecipient>;
export type FieldDto = z.infer<typeof zField>;

export const zRequestSummary = zSignatureRequest
  .omit({ recipients: true, fields: true, documents: true, attachments: true, approval: true })
  .extend({
    /** How many documents it has; `document` is the first's. */
    documentCount: z.number().int(),
    recipientCount: z.number().int(),
    /** Each recipient, in order, with their state: the list says who has signed ("Ann ✓ · Bob waiting"). */
    recipients: z.array(zRecipient.pick({ id: true, name: true, email: true, role: true, order: true, status: true })),
    /** Of the recipients who take a turn (signers, approvers, viewers), how many have done it. */
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    /** Who created it: the actor as the audit trail names it, and how to show it. */
    createdBy: z.object({ actor: z.string(), name: z.string() }).nullable(),
  });
export const zRequestList = z.object({ items: z.array(zRequestSummary), nextCursor: z.string().nullable() });

// Recipients
const orderInt = z.number({ error: "order must be an integer from 1 to 1000" }).int().min(1).max(1000);
/**
 * A recipient's name goes into the To header of their mail and onto the certificate: no angle
 * brackets (which would start an address), no control characters (C0, DEL, C1, line separators:
 * which would start a header line), no bidi control or zero-width character (which would make it read as
 * another name), 1–200 characters after trimming.
 */
const NAME_FORBIDDEN = /[<>\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const zRecipientName = z
  .string({ error: "name is required" })
  .trim()
  .min(1, { error: "name is required" })
  .max(200, { error: "name is at most 200 characters" })
  .refine((s) => !NAME_FORBIDDEN.test(s), { error: "name must not contain <, > or control characters (line breaks included)" })
  .superRefine(noHiddenFormat("name"));
/** An access code as the sender sets it: 6–64 characters after trimming, no control characters. */
export const zAccessCode = z
  .string({ error: "accessCode must be a string" })
  .trim()
  .min(6, { error: "accessCode must be 6 to 64 characters" })
  .max(64, { error: "accessCode must be 6 to 64 characters" })
  .refine((s) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s), {
    error: "accessCode must not contain control characters",
  });
/**
 * `authentication` in a recipient's body. `accessCode` goes with ACCESS_CODE only; it is required
 * when a recipient is added with ACCESS_CODE, and may be left out of a PATCH that keeps ACCESS_CODE
 * (the code stays as it was).
 */
export const zRecipientAuthentication = z
  .strictObject(
    {
      method: z.enum(AUTH_METHODS, { error: "authentication.method must be NONE, ACCESS_CODE or EMAIL_CODE" }),
      accessCode: zAccessCode.optional(),
    },
    { error: "authentication must be an object: { method, accessCode? }" },
  )
  .refine((a) => a.accessCode === undefined || a.method === "ACCESS_CODE", {
    error: "accessCode is only given with method ACCESS_CODE",
    path: ["accessCode"],
  });
export type RecipientAuthentication = z.infer<typeof zRecipientAuthentication>;
/** A name of a signing group (members join a group by its name, in any letter case). */
export const zGroupName = z
  .string({ error: "group.name is required" })
  .trim()
  .min(1, { error: "group.name is required" })
  .max(100, { error: "group.name is at most 100 characters" })
  .refine((s) => !NAME_FORBIDDEN.test(s), { error: "group.name must not contain <, > or control characters" })
  .superRefine(noHiddenFormat("group.name"));
/** How many members of a group must sign. */
export const zGroupRequired = z
  .number({ error: `group.required is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
  .int({ error: `group.required is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
  .min(1, { error: `group.required is a whole number from 1 to ${MAX_GROUP_REQUIRED}` })
  .max(MAX_GROUP_REQUIRED, { error: `group.required is a whole number from 1 to ${MAX_GROUP_REQUIRED}` });
/**
 * A recipient's signing group: its name (the recipients given the same name are its members) and how many
 * of them must sign (default 1; given on any member, it is the group's).
 */
export const zGroupInput = z.strictObject(
  { name: zGroupName, required: zGroupRequired.optional() },
  { error: "group is { name, required? }" },
);
const recipientBase = z.object({
  email: z.email({ error: "email must be a valid e-mail address" }).max(320),
  name: zRecipientName,
  role: z.enum(RECIPIENT_ROLES, { error: ROLE_ERROR }).default("SIGNER"),
  order: orderInt.optional(),
  signingOrder: orderInt.optional(),
  authentication: zRecipientAuthentication.optional(),
  delivery: zDeliveryInput.optional(),
  /** May hand their turn to someone else from their signing page (default false). */
  canDelegate: z.boolean({ error: "canDelegate must be true or false" }).optional(),
  /** Member of a signing group (joined by name); null on a PATCH leaves the group. */
  group: zGroupInput.nullable().optional(),
  ...recipientLocaleShape,
});
const sameOrder = (b: { order?: number; signingOrder?: number }) =>
  b.order === undefined || b.signingOrder === undefined || b.order === b.signingOrder;
const orderMismatch = { error: "order and signingOrder are the same setting; they differ here", path: ["signingOrder"] };
export const zAddRecipient = recipientBase
  .refine(sameOrder, orderMismatch)
  .refine((b) => b.authentication?.method !== "ACCESS_CODE" || b.authentication.accessCode !== undefined, {
    error: "authentication.accessCode is required with method ACCESS_CODE (6 to 64 characters)",
    path: ["authentication", "accessCode"],
  });
export const zUpdateRecipient = recipientBase
  .extend({ role: z.enum(RECIPIENT_ROLES, { error: ROLE_ERROR }) })
  .partial()
  .refine(sameOrder, orderMismatch)
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: "Nothing to change" });
export const zRecipientParams = z.object({ id: z.string().max(100), recipientId: z.string().max(100) });

/** POST …/recipients/{id}/correct: a sent request's recipient's name or address, set right before they finish. */
export const zCorrectRecipient = z
  .strictObject(
    { email: recipientBase.shape.email.optional(), name: zRecipientName.optional() },
    { error: "give name and/or email, nothing else" },
  )
  .refine((b) => b.email !== undefined || b.name !== undefined, { error: "Nothing to correct: give name and/or email" });

// Fields
const { type: fieldType, ...fieldPlacedAs } = fieldInputShape;
/** A field's properties as given: the one field shape (./fields) with its recipient, named right after the type. */
export const fieldShape = {
  type: fieldType,
  recipientId: z.string({ error: "recipientId is required" }).max(100),
  documentId: z
    .string()
    .max(100)
    .optional()
    .describe("The request's document it stands on (`documents[].id`); the first when left out"),
  ...fieldPlacedAs,
};
/** Type-dependent rules (lib/schemas/fields.ts): a PATCH is checked on the field as merged, server-side. */
export const zFieldInput = z.object(fieldShape).superRefine(refineFieldRules);
export type FieldInput = z.infer<typeof zFieldInput>;
export const zAddFields = z.union([zFieldInput, z.object({ fields: z.array(zFieldInput).min(1).max(1000) })], {
  error: oneOrListError("The body is one field { type, recipientId, page, x, y, width, height, … } or { fields: [...] }"),
});
export const zUpdateField = z
  .object(fieldShape)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: "Nothing to change" });
export const zFieldParams = z.object({ id: z.string().max(100), fieldId: z.string().max(100) });

// Documents
export const zDocumentName = z
  .string({ error: "name is text" })
  .trim()
  .min(1, { error: "name must not be empty" })
  .max(200, { error: "name is at most 200 characters" });
export const zOrder = z.coerce
  .number({ error: "order is a whole number, 1 for the first document" })
  .int({ error: "order is a whole number, 1 for the first document" })
  .min(1, { error: "order is 1 or more" })
  .max(10000);
export const zDocumentParams = z.object({ id: z.string().max(100), documentId: z.string().max(100) });
export const zAttachmentParams = z.object({ id: z.string().max(100), attachmentId: z.string().max(100) });
/** POST …/documents: the PDF (`file`), and optionally its name and its place. */
export const zAddDocument = z.object({
  file: zFile,
  name: zDocumentName.optional().describe("Its name; the file's name when left out"),
  order: zOrder.optional().describe("Its place (1 for the first); last when left out"),
});
export const zUpdateDocument = z
  .object({ name: zDocumentName.optional(), order: zOrder.optional().describe("Its new place; the others move to make room") })
  .refine((b) => b.name !== undefined || b.order !== undefined, { error: "Nothing to change: give name and/or order" });
export const zDeleteDocumentQuery = z.object({
  removeFields: z
    .enum(["true", "false"], { error: "removeFields is true or false" })
    .optional()
    .transform((v) => v === "true")
    .describe("true: the document's fields go with it (else a document with fields is not removed)"),
});
export const zDocumentDownloadQuery = z.object({
  all: z
    .enum(["1", "true", "0", "false"], { error: "all is 1 or true" })
    .optional()
    .transform((v) => v === "1" || v === "true")
    .describe("1: every document in one zip (their current PDFs, in order)"),
});
