import { z } from "zod";
import { MAX_FILES_PER_FIELD } from "./fields";
import { FIELD_TYPES } from "./states";
import { PAGE_WIDTHS, type PageWidth } from "./page-widths";
import { locales } from "../i18n/locales";

/**
 * The language the signing page is shown in (the signer's choice, else the recipient's, the request's, the
 * browser's), reported with each save and act: kept on the recipient, their later mails speak it.
 */
const zPageLocale = z
  .enum(locales)
  .optional()
  .describe("The language the page is shown in: this signer's later mails (and the certificate, as the first signer's) speak it");

export const zTokenParams = z.object({ token: z.string().min(10).max(200) });

export { PAGE_WIDTHS };

export const zSigningPageParams = zTokenParams.extend({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/, "A page number: 1, 2, …")
    .transform(Number),
});

export const zSigningPageQuery = z.object({
  w: z
    .string()
    .transform(Number)
    .refine((w) => (PAGE_WIDTHS as readonly number[]).includes(w), `One of ${PAGE_WIDTHS.join(", ")}`)
    .transform((w) => w as PageWidth),
  v: z.string().max(100).optional(),
  document: z
    .string()
    .max(100)
    .optional()
    .describe("Which of the request's documents (`documents[].id`); the first when left out"),
});

/** `v`: free, the client's version of the document (a new version is a new URL). `document`: which one. */
export const zSigningPageTextQuery = zSigningPageQuery.pick({ v: true, document: true });
/** GET /api/sign/{token}/document: which of the request's documents. */
export const zSigningDocumentQuery = zSigningPageQuery.pick({ document: true });

/** GET /api/sign/{token}/attachments/{attachmentId}: a file kept under the seal. */
export const zSigningAttachmentParams = zTokenParams.extend({ attachmentId: z.string().max(100) });

/** GET /api/sign/{token}/values/{fieldId}/image: an earlier signer's signature or initials image. */
export const zEarlierValueImageParams = zTokenParams.extend({ fieldId: z.string().max(100) });

/**
 * A value a recipient who signed put on the documents, as a later recipient's page draws it read-only
 * (GET /api/sign/{token}: `signedValues`; lib/server/signing/earlier-values.ts says what is never shown).
 */
export const zEarlierValue = z.object({
  id: z.uuid().describe("The field's id"),
  documentId: z.uuid(),
  type: z.enum(FIELD_TYPES),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  label: z.string().nullable(),
  fontSize: z.number().nullable(),
  signedBy: z.string().describe("The name of the recipient who gave it"),
  value: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("image"),
      imageId: z.uuid().describe("Drawn or uploaded: the image is at /values/{imageId}/image (one id for boxes sharing it)"),
    }),
    z.object({ kind: z.literal("typed"), text: z.string().describe("A typed signature or initials, in a script font") }),
    z.object({ kind: z.literal("text"), text: z.string() }),
    z.object({ kind: z.literal("date"), text: z.string().describe("The day signed, as sealed") }),
    z.object({ kind: z.literal("check"), checked: z.boolean() }),
    z.object({ kind: z.literal("choice"), selected: z.boolean(), option: z.string() }),
    z.object({
      kind: z.literal("files"),
      names: z.array(z.string()).describe("The attached files' names (downloadable once sealed)"),
    }),
  ]),
});
export type EarlierValue = z.output<typeof zEarlierValue>;

/** A file a signer attached and kept, as a signing link offers it once the request is COMPLETED. */
export const zSigningAttachment = z.object({
  id: z.uuid().describe("Download it at /attachments/{id}"),
  fieldId: z.uuid(),
  documentId: z.uuid().describe("The document whose sealed PDF carries it (embedded under the seal)"),
  name: z.string(),
  type: z.string().describe("application/pdf, image/png or image/jpeg"),
  size: z.number().int(),
  sha256: z.string(),
  yours: z.boolean().describe("Attached by this link's own recipient"),
});

/** GET /api/sign/{token}/documents: what the link downloads. */
export const zSigningFiles = z.object({
  sealed: z
    .boolean()
    .describe("COMPLETED: each document is its sealed PDF (its certificate at its end); before, the copy to sign"),
  availableUntil: z.string().nullable().describe("COMPLETED: until when the link offers them"),
  documents: z.array(
    z.object({
      id: z.uuid().describe("At /document?document={id} (the first without it too)"),
      order: z.number().int(),
      name: z.string(),
      pageCount: z.number().int().describe("The pages of what /document serves (a sealed PDF's certificate pages included)"),
      sha256: z.string().describe("Of what /document serves once COMPLETED (the sealed PDF)"),
      fileName: z.string().describe("What the download is named (Content-Disposition)"),
    }),
  ),
  attachments: z.array(zSigningAttachment).describe("COMPLETED: every file signers kept; [] before"),
});

export const zSigningPageText = z.object({
  page: z.number().int(),
  width: z.number(),
  height: z.number(),
  items: z.array(
    z.object({
      s: z.string(),
      x: z.number(),
      y: z.number(),
      w: z.number(),
      h: z.number(),
      f: z.number(),
      d: z.union([z.literal(90), z.literal(180), z.literal(270)]).optional(),
    }),
  ),
});

export const zSubmitSignature = z.object({
  consent: z.literal(true, { error: "Consent to sign electronically is required" }),
  locale: zPageLocale,
  values: z
    .array(
      z.object({
        fieldId: z.string().max(100),
        /** TEXT, NAME, EMAIL, NUMBER (as typed, "." for decimals) and DROPDOWN (one of its options) */
        text: z.string().max(10000).optional(),
        /** CHECKBOX: ticked or not. RADIO: true on the one button of its group the signer chose */
        checked: z.boolean({ error: "checked is true or false" }).optional(),
        /** SIGNATURE / INITIAL typed: rendered in a script font */
        typed: z.string().trim().min(1).max(200).optional(),
        /** SIGNATURE / INITIAL drawn or uploaded: a data: URL of a PNG or JPEG */
        image: z.string().max(3_000_000).optional(),
        /** FILE: the ids of the files attached (POST …/files) that this signature keeps */
        files: z
          .array(z.string().max(100))
          .max(MAX_FILES_PER_FIELD, { error: `At most ${MAX_FILES_PER_FIELD} files per field` })
          .optional(),
      }),
    )
    .max(1000),
});
export type SubmitSignature = z.infer<typeof zSubmitSignature>;

/**
 * What finishing a turn led to, for the page to say it: the seal queued (everyone is done), others of
 * the same step still to finish (`count` of them, nobody new invited), or the next step invited
 * (`count` recipients).
 */
export const zTurnOutcome = z.object({
  next: z.enum(["SEALING", "SAME_STEP", "NEXT_INVITED"]),
  count: z.number().int().describe("SAME_STEP: recipients of the step still to finish; NEXT_INVITED: recipients invited; else 0"),
});
export type TurnOutcome = z.infer<typeof zTurnOutcome>;

export const zDecline = z.object({
  reason: z.string().trim().min(1, { error: "Say why you decline" }).max(1000),
  locale: zPageLocale,
});

/** POST /api/sign/{token}/delegate: the person who takes the turn, and why. */
export const zDelegate = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, { error: "name is required" })
    .max(200, { error: "name is at most 200 characters" })
    .refine((s) => !/[<>\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s), {
      error: "name must not contain <, > or control characters (line breaks included)",
    }),
  email: z.email({ error: "email must be a valid e-mail address" }).max(320),
  reason: z.string({ error: "Say why you hand it over" }).trim().min(1, { error: "Say why you hand it over" }).max(1000),
  locale: zPageLocale,
});

/** A file a FILE field's value keeps. */
export const zStoredFile = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type StoredFile = z.infer<typeof zStoredFile>;

/**
 * A field value as stored (`fields.value`, jsonb): what the signer gave, never re-derived. Read back through
 * `parseStoredFieldValue`, never cast.
 */
export const zStoredFieldValue = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("image"), sha256: z.string(), mime: z.enum(["image/png", "image/jpeg"]) }),
  z.object({ kind: z.literal("typed"), text: z.string() }),
  z.object({ kind: z.literal("text"), text: z.string() }),
  /** `day`: YYYY-MM-DD (stored since rules compare it; older values have none). */
  z.object({ kind: z.literal("date"), text: z.string(), day: z.string().optional() }),
  /** CHECKBOX: stored ticked or not, so the seal shows the box either way. */
  z.object({ kind: z.literal("check"), checked: z.boolean() }),
  /** RADIO: every button of a group is stored, the chosen one `selected`. */
  z.object({ kind: z.literal("choice"), selected: z.boolean(), option: z.string() }),
  /** FILE: the files kept (signer_files rows), as they were when signed. */
  z.object({ kind: z.literal("files"), files: z.array(zStoredFile) }),
]);
export type FieldValue = z.infer<typeof zStoredFieldValue>;

/**
 * A stored field value, parsed: null when the field has none. A value that is not one of the stored shapes is
 * a damaged record, an error (never a guess at what it meant).
 */
export function parseStoredFieldValue(stored: unknown): FieldValue | null {
  if (stored === null || stored === undefined) return null;
  const parsed = zStoredFieldValue.safeParse(stored);
  if (!parsed.success) throw new Error(`A stored field value is not one of the known shapes: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** POST /api/sign/{token}/authentication: the access code the sender gave, or the 6-digit code mailed. */
export const zVerifySignerCode = z.strictObject(
  {
    code: z
      .string({ error: "code is required" })
      .trim()
      .min(1, { error: "code is required" })
      .max(64, { error: "code is at most 64 characters" }),
  },
  { error: "The body is { code }" },
);

/** What the page may show before the signer gave their code (GET …/authentication, and a 401's details.authentication). */
export const zSignerGate = z.object({
  method: z.enum(["NONE", "ACCESS_CODE", "EMAIL_CODE"]),
  organization: z.string().nullable().describe("The sender's organization"),
  emailHint: z.string().nullable().describe('EMAIL_CODE: where the code goes, masked ("a•••@example.com")'),
  lockedUntil: z.string().nullable().describe("Five wrong codes in a row lock the link for 15 minutes"),
  attemptsLeft: z.number().int(),
  codeSentAt: z.string().nullable(),
  codeExpiresAt: z.string().nullable().describe("The last code mailed, while it can still be used"),
  nextCodeAt: z.string().nullable().describe("When another code may be mailed (one per 30 s, five an hour); null: now"),
});

/** POST /api/sign/{token}/approve: an APPROVER approves the document (consent required, as to sign). */
export const zApprove = z.object({
  consent: z.literal(true, { error: "Consent to approve electronically is required" }),
  locale: zPageLocale,
});

/**
 * PUT /api/sign/{token}/draft: what the signer has entered so far, for some of their fields. Each entry
 * replaces that field's saved value; an entry with none of text, checked, typed or image removes it.
 * Not a signature: only POST …/sign signs.
 */
export const zSaveSigningDraft = z.strictObject(
  {
    values: z
      .array(
        z.strictObject({
          fieldId: z.string().max(100),
          /** TEXT, NAME, EMAIL, NUMBER and DROPDOWN: as typed or chosen so far ("" is kept: the signer emptied it) */
          text: z.string().max(10000).optional(),
          /** CHECKBOX: ticked or not. RADIO: true on the button chosen */
          checked: z.boolean({ error: "checked is true or false" }).optional(),
          /** SIGNATURE / INITIAL typed */
          typed: z.string().trim().min(1).max(200).optional(),
          /** SIGNATURE / INITIAL drawn or uploaded: a data: URL of a PNG or JPEG, judged as at signing */
          image: z.string().max(3_000_000).optional(),
          /** FILE: the ids of the files attached so far (POST …/files) */
          files: z.array(z.string().max(100)).max(MAX_FILES_PER_FIELD).optional(),
        }),
      )
      .min(1)
      .max(1000),
    locale: zPageLocale,
  },
  { error: "The body is { values: [{ fieldId, text? | checked? | typed? | image? | files? }], locale? }" },
);
export type SaveSigningDraft = z.infer<typeof zSaveSigningDraft>;

/** A file a signer attached to a FILE field, as kept: its name (the extension of what it is), type, size and SHA-256. */
export const zSignerFile = z.object({
  id: z.uuid(),
  fieldId: z.uuid(),
  name: z.string(),
  type: z.enum(["application/pdf", "image/png", "image/jpeg"]),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

/** One saved value as the signer's view serves it back: one of text, checked, typed or image (a data: URL). */
export const zSigningDraft = z.object({
  fieldId: z.uuid(),
  text: z.string().optional(),
  checked: z.boolean().optional(),
  typed: z.string().optional(),
  image: z.string().optional().describe("The image as it was cleaned when saved: a data: URL of a PNG or JPEG"),
  files: z.array(zSignerFile).optional().describe("FILE: the files attached so far"),
  savedAt: z.string(),
});
