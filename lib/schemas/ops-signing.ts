import { z } from "zod";
import { zIdParams } from "./common";
import { defineOperation } from "./operation";
import {
  zCorrectRecipient,
  zDocument,
  zField,
  zRecipient,
  zRecipientParams,
  zRequestDocument,
  zSignatureRequest,
} from "./requests";
import { FIELD_TYPES } from "./states";
import { zFile } from "./common";
import { locales } from "../i18n/locales";
import { zDateFormat } from "./locale";
import {
  PAGE_WIDTHS,
  zApprove,
  zDecline,
  zDelegate,
  zEarlierValue,
  zEarlierValueImageParams,
  zSignerGate,
  zSigningAttachment,
  zSigningAttachmentParams,
  zSigningFiles,
  zSigningPageParams,
  zSigningPageQuery,
  zSigningPageText,
  zSigningDocumentQuery,
  zSigningPageTextQuery,
  zSaveSigningDraft,
  zSigningDraft,
  zSignerFile,
  zSubmitSignature,
  zTokenParams,
  zTurnOutcome,
  zVerifySignerCode,
} from "./signing";
import { zCreateWebhook, zCreatedWebhook, zWebhook, zWebhookDelivery } from "./webhooks";

const SIGN = "/api/sign/{token}";

/** A mail of a request that was tried and has not gone (GET /outbox `undelivered`). */
const zUndeliveredMail = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string().nullable(),
  requestId: z.uuid(),
  requestTitle: z.string(),
  status: z.enum(["RETRYING", "FAILED", "DELIVERED"]),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
const AUTH_TEXT =
  "A recipient added with authentication ACCESS_CODE or EMAIL_CODE must give their code before any other signer endpoint answers: " +
  "without a live signer session they answer 401 (details.reason AUTHENTICATION_REQUIRED, details.authentication as here), and nothing " +
  "of the document (title, fields, bytes, sender) is shown.";

/** What the signer's page shows (lib/server/signing/view-signing.ts). */
const zSigningView = z.object({
  request: zSignatureRequest.pick({
    id: true,
    title: true,
    status: true,
    environment: true,
    locale: true,
    timezone: true,
    dateFormat: true,
  }),
  recipient: zRecipient.pick({
    id: true,
    name: true,
    email: true,
    role: true,
    status: true,
    signedAt: true,
    approvedAt: true,
    viewedAt: true,
    locale: true,
    canDelegate: true,
  }),
  signingDate: z
    .object({
      value: z.string().describe("The day in the request's zone and format, in the signer's language: \"01.04.2025\""),
      day: z.string().describe("The same day as YYYY-MM-DD (what a rule on a DATE field compares)"),
      timezone: z.string(),
      dateFormat: zDateFormat,
      locale: z
        .enum(locales)
        .describe("The signer's language for their values: the recipient's locale, else the request's, else en"),
    })
    .describe("What this signer's DATE fields would say if they signed now; the signature stores the day it is signed"),
  yourTurn: z.boolean(),
  waitingFor: z.array(z.string()).describe("The names of those who must finish before this recipient's turn"),
  everyoneSigned: z.boolean(),
  availableUntil: z.string().nullable().describe("COMPLETED: until when the sealed copy is at /document"),
  message: z
    .object({
      from: z.string().nullable().describe("The staff member who sent the request; null when it was sent with an API key"),
      text: z.string().describe("Plain text, line breaks kept: show it as text, never as HTML"),
    })
    .nullable()
    .describe("The sender's message, as in the invitation (sendSettings.message); null: none"),
  document: zDocument.describe("The first document (`documents[0]`)"),
  documents: z
    .array(zRequestDocument)
    .describe(
      "The request's documents in order (the signer reads and signs them all); `?document=<id>` picks one at /document and /pages",
    ),
  declineTells: z
    .number()
    .int()
    .describe("How many other recipients a decline by this link would tell now (the sender always is)"),
  attachments: z
    .array(zSigningAttachment)
    .describe("COMPLETED: the files signers kept, under the seal, each at /attachments/{id}; [] before"),
  fields: z.array(zField.omit({ anchor: true, recipientId: true })),
  readFields: z
    .array(
      z.object({
        id: z.uuid(),
        type: z.enum(FIELD_TYPES),
        name: z.string().nullable(),
        group: z.string().nullable(),
        option: z.string().nullable(),
        text: z.string().nullable().describe("TEXT, NAME, EMAIL, DROPDOWN; NUMBER and FORMULA in their stored form"),
        checked: z.boolean().nullable().describe("CHECKBOX ticked; RADIO: this button chosen"),
        day: z.string().nullable().describe("DATE: the day signed, YYYY-MM-DD"),
        filled: z.boolean(),
      }),
    )
    .describe("Earlier signers' fields this signer's conditions and formulas read, with what they hold"),
  drafts: z
    .array(zSigningDraft)
    .describe(
      "What this signer saved so far (PUT …/draft), for the page to show again: only while it is their turn to sign; not a signature",
    ),
  signedValues: z
    .array(zEarlierValue)
    .describe(
      "What the recipients who signed put on the documents, for the page to draw read-only where each field stands: " +
        "only theirs (never a draft of someone who has not signed), only fields the conditions show, only once this " +
        "recipient's turn came and while the request is IN_PROGRESS ([] once COMPLETED: the sealed pages carry them)",
    ),
});

/** The signer's endpoints (public, scoped by the link's token), webhooks, reminders and the outbox. */
export const signingOps = {
  remindRequest: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/remind",
    tag: "Signature requests",
    summary: "E-mail again the signers whose turn it is",
    params: zIdParams,
    success: {
      status: 200,
      description: "Reminders queued",
      data: z.object({ id: z.uuid(), reminded: z.array(z.object({ id: z.uuid(), email: z.string() })) }),
    },
    errors: [409],
  }),
  resendInvitation: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/resend",
    tag: "Signature requests",
    summary: "Mail one recipient's invitation again (the same link), while it is their turn; recorded in the audit trail",
    description:
      "IN_PROGRESS only (else 409 for the request's state); the recipient invited and not finished (PENDING: 409 RECIPIENT_NOT_YOUR_TURN; " +
      "finished: their state's 409); a CC or an EMBEDDED recipient: 422. At most 2 a minute per recipient (429).",
    params: zRecipientParams,
    success: {
      status: 200,
      description: "Invitation queued",
      data: z.object({ id: z.uuid(), email: z.string(), mailId: z.uuid() }),
    },
    errors: [404, 409, 422, 429],
  }),
  correctRecipient: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/correct",
    tag: "Signature requests",
    summary:
      "Correct a sent request's recipient's name or e-mail before they finish: the old link answers 410, a new one is mailed; audited",
    description:
      "IN_PROGRESS only (a DRAFT's recipient is changed with PATCH: 409 REQUEST_NOT_SENT); the recipient PENDING, SENT or VIEWED " +
      "(finished: their state's 409). The old link is retired: it answers 410 (details.status REPLACED) naming nothing of the document; " +
      "sessions and embedded URLs opened with it end. When it is their turn a new invitation goes to the address now set (`invited`). " +
      "Recorded as recipient.corrected (from, to). Allowed to an API key and, in the dashboard, to an admin or the request's " +
      "creator (who may copy the link); another staff member: 403 ADMIN_REQUIRED.",
    params: zRecipientParams,
    body: zCorrectRecipient,
    success: { status: 200, description: "Corrected", data: zRecipient.extend({ invited: z.boolean() }) },
    errors: [404, 409],
  }),
  copyRecipientSigningLink: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/recipients/{recipientId}/signing-link",
    tag: "Signature requests",
    summary:
      "A recipient's signing link, for staff to hand over another way: admins and the request's creator, in the dashboard only; audited",
    description:
      "The link is a bearer credential: only a staff member signed in to the dashboard (the proxy's call) who is an ADMIN or created the " +
      "request gets it (else 403 ADMIN_REQUIRED; an API key alone never does). While it is the recipient's turn, as for resend. " +
      "Recorded as recipient.signing_link.copied.",
    params: zRecipientParams,
    success: { status: 200, description: "The signing link", data: z.object({ url: z.string(), recipientId: z.uuid() }) },
    errors: [403, 404, 409, 422],
  }),
  resealRequest: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/signature-requests/{id}/reseal",
    tag: "Signature requests",
    summary: "Seal again a request every signer has signed (after its seal failed); 202, the seal is queued",
    description:
      "409 unless every SIGNER has signed and the request is IN_PROGRESS (not COMPLETED, CANCELLED, DECLINED or EXPIRED). " +
      "The seal job is queued (not doubled if one is already queued or running); sealError stays until a seal succeeds.",
    params: zIdParams,
    success: { status: 202, description: "Seal queued", data: zSignatureRequest },
    errors: [409],
  }),
  viewSigning: defineOperation({
    method: "GET",
    path: SIGN,
    tag: "Signing (public)",
    summary: "What the signer's page shows: the request, this signer's fields, whether it is their turn",
    description:
      "404 for an unknown link; 410 once the request was cancelled, expired or declined (details: status, recipientStatus; othersTold for the recipient who declined), " +
      "or completed more than 30 days ago. A COMPLETED request's link shows the request and the sealed copy (no fields) " +
      "until availableUntil. Limited per link and per client address: 429 with Retry-After. " +
      AUTH_TEXT,
    params: zTokenParams,
    public: true,
    success: { status: 200, description: "The signer's view", data: zSigningView },
    errors: [401, 410, 429],
  }),
  signingDocument: defineOperation({
    method: "GET",
    path: `${SIGN}/document`,
    tag: "Signing (public)",
    summary:
      "The PDF to sign, without its anchor text (removed as the seal removes it); once the request is COMPLETED, the sealed copy (for 30 days)",
    params: zTokenParams,
    query: zSigningDocumentQuery,
    public: true,
    success: { status: 200, description: "The PDF bytes", content: "application/pdf" },
    errors: [401, 410, 429],
  }),
  signingFiles: defineOperation({
    method: "GET",
    path: `${SIGN}/documents`,
    tag: "Signing (public)",
    summary: "What this link downloads: every document (sealed once COMPLETED) and, once COMPLETED, every file signers kept",
    description:
      "Each document downloads at /document?document={id}, named by `fileName`; each attachment at /attachments/{id}. The same " +
      "rules as /document: 410 once the link ended, the code first where the link asks for one. " +
      AUTH_TEXT,
    params: zTokenParams,
    public: true,
    success: { status: 200, description: "The link's files", data: zSigningFiles },
    errors: [401, 410, 429],
  }),
  signingAttachment: defineOperation({
    method: "GET",
    path: `${SIGN}/attachments/{attachmentId}`,
    tag: "Signing (public)",
    summary: "A file a signer attached and kept, once the request is COMPLETED (as kept, always as an attachment)",
    description:
      "Only a file kept under this request's seal, only once COMPLETED: any other id (another request's, one not kept, before " +
      "completion, not an id at all) is 404 ATTACHMENT_NOT_FOUND. " +
      AUTH_TEXT,
    params: zSigningAttachmentParams,
    public: true,
    success: { status: 200, description: "The file's bytes", content: ["application/pdf", "image/png", "image/jpeg"] },
    errors: [401, 404, 410, 429],
  }),
  earlierValueImage: defineOperation({
    method: "GET",
    path: `${SIGN}/values/{fieldId}/image`,
    tag: "Signing (public)",
    summary: "The image of a signature or initials a recipient who signed drew or uploaded, as the view lists it (signedValues)",
    description:
      "Only an image the view shows this link (`signedValues[].value.imageId`): any other id (another request's field, " +
      "a field not signed, hidden by its conditions or holding no image, not an id at all) is 404 FIELD_NOT_FOUND. " +
      "Served as stored (PNG or JPEG, re-encoded at signing) with nosniff. " +
      AUTH_TEXT,
    params: zEarlierValueImageParams,
    public: true,
    success: { status: 200, description: "The image's bytes", content: ["image/png", "image/jpeg"] },
    errors: [401, 404, 410, 429],
  }),
  signingPageImage: defineOperation({
    method: "GET",
    path: `${SIGN}/pages/{page}`,
    tag: "Signing (public)",
    summary: "One page of what GET /document serves, drawn as an image `w` pixels wide (the signer's page shows these)",
    description:
      "PNG, or JPEG when that is smaller (a scan). `w` is one of " +
      PAGE_WIDTHS.join(", ") +
      "; a very tall page is drawn narrower so that no image passes 16 million pixels. `v` is free (the client puts the " +
      "document's SHA-256 there so that a new version is a new URL); the ETag is the served PDF's SHA-256. Limited per link " +
      "and per address in buckets of their own, and drawing a page not drawn before in another, per link: 429 with Retry-After. " +
      "A page beyond the document's: 404 PAGE_NOT_FOUND.",
    params: zSigningPageParams,
    query: zSigningPageQuery,
    public: true,
    success: { status: 200, description: "The page's image", content: ["image/png", "image/jpeg"] },
    errors: [401, 404, 410, 422, 429],
  }),
  signingPageText: defineOperation({
    method: "GET",
    path: `${SIGN}/pages/{page}/text`,
    tag: "Signing (public)",
    summary:
      "The text of one page of what GET /document serves: laid over the page's image, to be read aloud, selected and found",
    description:
      "Items in reading order: `s` the string, `x`, `y`, `w`, `h` its box in points from the page's top-left (rotation " +
      "applied), `f` the font size, `d` the direction when not left to right (90, 180, 270). Same limits as the image.",
    params: zSigningPageParams,
    query: zSigningPageTextQuery,
    public: true,
    success: { status: 200, description: "The page's text", data: zSigningPageText },
    errors: [401, 404, 410, 422, 429],
  }),
  submitSignature: defineOperation({
    method: "POST",
    path: `${SIGN}/sign`,
    tag: "Signing (public)",
    summary: "Sign: a value for each of this signer's fields, and consent",
    description:
      "Signature images are judged before anything is stored: PNG or JPEG by content (else 415), at most 2 MB decoded, " +
      "4000 pixels a side and 16 million pixels (else 422), each error naming its field (values.<i>.image). " +
      "One value per field: a fieldId given twice is 422 FIELD_VALUE_REPEATED (details.fieldId), and nothing is recorded.",
    params: zTokenParams,
    body: zSubmitSignature,
    public: true,
    success: {
      status: 200,
      description: "Signed",
      data: z.object({ requestId: z.uuid(), status: z.literal("SIGNED"), completed: z.boolean() }).extend(zTurnOutcome.shape),
    },
    errors: [401, 409, 410, 422, 429],
  }),
  uploadSignerFile: defineOperation({
    method: "POST",
    path: `${SIGN}/files`,
    tag: "Signing (public)",
    summary: "Attach a file to one of this signer's FILE fields",
    description:
      "Multipart parts: `fieldId` and `file`. The file is judged by its content, whatever its name or type says: a kind " +
      "the field does not take is 415 ATTACHMENT_TYPE_NOT_ACCEPTED, one over the field's maxSizeMb 413 ATTACHMENT_TOO_LARGE; " +
      "an image is decoded and encoded again (422 ATTACHMENT_DAMAGED when it cannot be), a PDF read as an uploaded document " +
      "(the engine's limits, kept in its one reading). Nothing is kept of a refused file. A FILE field its conditions hide, " +
      "given the values the signer saved (PUT …/draft) and earlier signers gave, takes no file: 409 FIELD_HIDDEN. A link " +
      "holds at most SIGNER_UPLOADS_MAX_MB (50) of uploads and a request's signers together REQUEST_UPLOADS_MAX_MB (200), " +
      "kept or not yet released: 413 SIGNER_UPLOADS_OVER_BUDGET or REQUEST_UPLOADS_OVER_BUDGET (details.limitBytes, " +
      "heldBytes, fileBytes). The signature names the files it keeps (`values[].files`); the seal embeds them in the sealed " +
      "PDF; the others are released when the turn ends.",
    params: zTokenParams,
    multipart: true,
    body: z.object({ fieldId: z.string().max(100), file: zFile }),
    public: true,
    success: { status: 201, description: "Attached (until the signature keeps it or not)", data: zSignerFile },
    errors: [401, 404, 409, 410, 413, 415, 422, 429],
  }),
  saveSigningDraft: defineOperation({
    method: "PUT",
    path: `${SIGN}/draft`,
    tag: "Signing (public)",
    summary: "Save what the signer has entered so far in some of their fields, to find it again on reload or another device",
    description:
      "Not a signature: nothing is signed, recorded in the audit trail or sent as a webhook, and POST …/sign still takes every value. " +
      "Each entry replaces its field's saved value (one of text, checked, typed, image; none removes it); GET /api/sign/{token} serves " +
      "them back as `drafts` while it is the signer's turn. Only a SIGNER whose turn it is, in a request IN_PROGRESS (else the 409 or " +
      "410 signing would answer); only their own fields, each once, with the kind of value it takes (else 422 naming the entry, and " +
      "nothing is saved); an image is judged and cleaned as at signing (400, 415, 422). The saved values go when the turn ends: " +
      "the signer signs or declines, their link is replaced, the request is declined, cancelled, expires or completes. Counted in the link's own rate limit (429 with Retry-After). " +
      AUTH_TEXT,
    params: zTokenParams,
    body: zSaveSigningDraft,
    public: true,
    success: {
      status: 200,
      description: "Saved",
      data: z.object({
        saved: z.number().int().describe("Entries saved"),
        cleared: z.number().int().describe("Entries that removed a saved value"),
        savedAt: z.string(),
      }),
    },
    errors: [401, 409, 410, 415, 422, 429],
  }),
  approveSigning: defineOperation({
    method: "POST",
    path: `${SIGN}/approve`,
    tag: "Signing (public)",
    summary: "Approve (an APPROVER whose turn it is): the recipient becomes APPROVED and the order advances",
    description:
      "Body { consent: true }. Only a recipient with role APPROVER, invited (SENT or VIEWED): else 409 naming why (a signer signs, " +
      "a viewer has nothing to approve, not your turn, already approved). Records recipient.approved (time, IP, user agent) and sends " +
      "the signature_request.approved webhook; the next order group is invited, or, when every SIGNER signed, every APPROVER approved " +
      "and every VIEWER viewed, the seal is queued (completed: true). An approver declines with POST …/decline, as a signer does.",
    params: zTokenParams,
    body: zApprove,
    public: true,
    success: {
      status: 200,
      description: "Approved",
      data: z.object({ requestId: z.uuid(), status: z.literal("APPROVED"), completed: z.boolean() }).extend(zTurnOutcome.shape),
    },
    errors: [401, 409, 410, 429],
  }),
  delegateSigning: defineOperation({
    method: "POST",
    path: `${SIGN}/delegate`,
    tag: "Signing (public)",
    summary: "Hand this turn to someone else (when the sender allows it): same place in the order, same fields",
    description:
      "Body { name, email, reason, locale? }. Allowed to a signer or approver whose turn it is and whose recipient has canDelegate (set by the sender, or the template's role); else 403 DELEGATION_NOT_ALLOWED. " +
      "This link stops at once (410, details.status DELEGATED); the person named is invited with a link of their own, may not hand over again, and, where the sender had given an access code, is asked for an e-mailed code instead. " +
      "The audit trail records recipient.delegated, the webhook recipient.delegated fires, and the certificate says on whose behalf they signed, when it was handed over and why.",
    params: zTokenParams,
    body: zDelegate,
    public: true,
    success: {
      status: 200,
      description: "Handed over",
      data: z.object({ delegated: z.literal(true), to: z.object({ name: z.string(), email: z.string() }) }),
    },
    errors: [401, 403, 409, 410, 429],
  }),
  declineSigning: defineOperation({
    method: "POST",
    path: `${SIGN}/decline`,
    tag: "Signing (public)",
    summary: "Decline to sign, with a reason: the request becomes DECLINED",
    params: zTokenParams,
    body: zDecline,
    public: true,
    success: {
      status: 200,
      description: "Declined",
      data: z.object({
        requestId: z.uuid(),
        status: z.literal("DECLINED"),
        othersTold: z
          .number()
          .int()
          .describe("How many other recipients are told (those the request reached, and CCs); the sender always is"),
      }),
    },
    errors: [401, 409, 410, 429],
  }),
  signerAuthentication: defineOperation({
    method: "GET",
    path: `${SIGN}/authentication`,
    tag: "Signing (public)",
    summary: "Whether this link asks for a code, and what the page may show before it is given",
    description: AUTH_TEXT,
    params: zTokenParams,
    public: true,
    success: {
      status: 200,
      description: "The link's authentication",
      data: zSignerGate.extend({
        verified: z.boolean().describe("This browser holds a live signer session for the link (always true for NONE)"),
      }),
    },
    errors: [410, 429],
  }),
  verifySignerCode: defineOperation({
    method: "POST",
    path: `${SIGN}/authentication`,
    tag: "Signing (public)",
    summary: "Give the access code or the e-mailed code: a signer session (cookie) for this link",
    description:
      "Right: 200 and Set-Cookie signet_signer_<link id> (HttpOnly, SameSite=Lax, Secure over https), a session for this link only, " +
      "ending 30 minutes after its last use (8 hours at most). Wrong: 401 (details.reason WRONG_CODE, attemptsLeft); the fifth wrong code " +
      "in a row locks the link for 15 minutes: 429 with Retry-After (details.reason LOCKED, lockedUntil). An e-mailed code works once, " +
      "for 10 minutes, and only the last one sent. 409 for a link that needs no code.",
    params: zTokenParams,
    body: zVerifySignerCode,
    public: true,
    success: {
      status: 200,
      description: "Verified",
      data: z.object({ verified: z.literal(true), method: z.enum(["ACCESS_CODE", "EMAIL_CODE"]), sessionExpiresAt: z.string() }),
    },
    errors: [401, 409, 410, 429],
  }),
  sendSignerCode: defineOperation({
    method: "POST",
    path: `${SIGN}/authentication/code`,
    tag: "Signing (public)",
    summary: "EMAIL_CODE: mail a new 6-digit code to the recipient's address (valid 10 minutes, once)",
    description:
      "The mail is queued with the code's row; a new code ends the ones before it. One code per 30 seconds and five an hour per recipient, " +
      "none while the link is locked: 429 with Retry-After (details.nextCodeAt or lockedUntil). 409 for a link without EMAIL_CODE.",
    params: zTokenParams,
    public: true,
    success: {
      status: 202,
      description: "Code queued for mailing",
      data: z.object({ sentTo: z.string(), expiresAt: z.string(), nextCodeAt: z.string().nullable() }),
    },
    errors: [409, 410, 429],
  }),
  createWebhook: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/webhooks",
    tag: "Webhooks",
    summary: "Subscribe a URL to events; the signing secret (whsec_…) is returned once",
    body: zCreateWebhook,
    success: { status: 201, description: "Created", data: zCreatedWebhook },
    errors: [422],
  }),
  listWebhooks: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/webhooks",
    tag: "Webhooks",
    summary: "List webhook endpoints",
    success: { status: 200, description: "Endpoints", data: z.object({ items: z.array(zWebhook) }) },
    errors: [],
  }),
  deleteWebhook: defineOperation({
    method: "DELETE",
    path: "/api/v1/enterprise/webhooks/{id}",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    params: zIdParams,
    success: { status: 200, description: "Deleted", data: z.object({ id: z.uuid(), deleted: z.literal(true) }) },
    errors: [],
  }),
  listWebhookDeliveries: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/webhooks/{id}/deliveries",
    tag: "Webhooks",
    summary: "The last 100 deliveries to an endpoint, with their attempts and results",
    params: zIdParams,
    success: { status: 200, description: "Deliveries", data: z.object({ items: z.array(zWebhookDelivery) }) },
    errors: [],
  }),
  listOutbox: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/outbox",
    tag: "Mail",
    summary:
      "How mail goes out, the mail that has not gone, and the last 200 messages sent or written to the outbox (when no SMTP_URL is set), newest first",
    description:
      "`delivery` is smtp (through SMTP_URL; `smtpHost` its host) or outbox (written to DATA_DIR/outbox). `undelivered`: the last 50 mails " +
      "of this organization's requests that were tried and failed: RETRYING (the queue tries again at `nextAttemptAt`) or FAILED " +
      "(given up; POST /outbox/undelivered/{id}/retry queues it again), with what the server said (`lastError`).",
    success: {
      status: 200,
      description: "Messages",
      data: z.object({
        delivery: z.enum(["smtp", "outbox"]),
        smtpHost: z.string().nullable(),
        undelivered: z.array(zUndeliveredMail),
        items: z.array(
          z.object({
            id: z.string(),
            kind: z.string(),
            to: z.string(),
            subject: z.string(),
            via: z.string(),
            requestId: z.string().nullable(),
            createdAt: z.string(),
            hasContent: z.boolean(),
          }),
        ),
      }),
    },
    errors: [],
  }),
  retryUndeliveredMail: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/outbox/undelivered/{id}/retry",
    tag: "Mail",
    summary:
      "Queue again a mail that was given up on (FAILED), with its attempts from none; recorded in the request's audit trail",
    params: zIdParams,
    success: { status: 200, description: "Queued again", data: zUndeliveredMail },
    errors: [404, 409],
  }),
  getOutboxMessage: defineOperation({
    method: "GET",
    path: "/api/v1/enterprise/outbox/{id}",
    tag: "Mail",
    summary: "One message of the outbox, as text and HTML",
    params: z.object({ id: z.string().max(100) }),
    success: {
      status: 200,
      description: "The message",
      data: z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        kind: z.string(),
        text: z.string(),
        html: z.string().nullable(),
        /** The message as written; null when it carried a credential link (then hidden in text and html). */
        raw: z.string().nullable(),
        linkHidden: z.boolean(),
      }),
    },
    errors: [],
  }),
  copyOutboxSigningLink: defineOperation({
    method: "POST",
    path: "/api/v1/enterprise/outbox/{id}/signing-link",
    tag: "Mail",
    summary: "The signing link an invitation or reminder carried: for an admin in the dashboard only, audited",
    params: z.object({ id: z.string().max(100) }),
    success: {
      status: 200,
      description: "The signing link",
      data: z.object({ url: z.string(), recipientId: z.uuid() }),
    },
    errors: [403, 422],
  }),
};
