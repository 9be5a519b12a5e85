import type { z } from "zod";

/**
 * The one error type of the domain. Domain code throws it; only the route wrapper turns it into HTTP.
 *
 * Every error condition has its own stable machine code (the body's `errorCode`), and this catalog is
 * the one place its HTTP status comes from. A code names a condition a client may act on, never a
 * status: two 409s that mean different things have different codes. Codes are never renamed or
 * reused; a new condition gets a new code (docs/api.md's "Error codes" table is checked against this
 * catalog by errors.test.ts).
 */
export const errorCatalog = {
  // The request as HTTP: body, media type, method, parameters
  VALIDATION_FAILED: { status: 400, description: "A parameter, query value or body field is not valid; `errors` names each" },
  INPUT_NOT_STORABLE: {
    status: 400,
    description:
      "The database refused a value of the call as data (text it cannot hold, a number or date out of range): the statement changed nothing",
  },
  UNKNOWN_PARAMETER: {
    status: 400,
    description: "The JSON body has a key the operation does not know (it would be dropped); `errors[].field` names each",
  },
  MALFORMED_JSON: { status: 400, description: "The body is not valid JSON" },
  JSON_TOO_DEEP: { status: 400, description: "The JSON body nests objects and arrays deeper than the limit; `details.limit`" },
  MALFORMED_MULTIPART: { status: 400, description: "The body is not valid multipart/form-data" },
  DUPLICATE_PART: { status: 400, description: "A multipart part is given more than once" },
  BODY_UNREADABLE: { status: 400, description: "The request body could not be read (the connection broke off)" },
  CURSOR_INVALID: { status: 400, description: "The list cursor is not one this API gave out" },
  IDEMPOTENCY_KEY_INVALID: { status: 400, description: "The Idempotency-Key header is longer than 255 characters" },
  PAYLOAD_TOO_LARGE: { status: 413, description: "The body is larger than the endpoint's limit (`details.limitBytes`)" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: "The Content-Type is not the one the endpoint takes" },
  METHOD_NOT_ALLOWED: { status: 405, description: "The path does not take this method (see the Allow header)" },
  ENDPOINT_NOT_FOUND: { status: 404, description: "No endpoint at this path" },

  // API keys and limits
  API_KEY_MISSING: { status: 401, description: "No X-API-Key header" },
  API_KEY_INVALID: { status: 401, description: "The API key is not known" },
  METRICS_TOKEN_INVALID: {
    status: 401,
    description: "GET /metrics without Authorization: Bearer <METRICS_TOKEN>, or with another token",
  },
  API_KEY_REVOKED: { status: 401, description: "The API key has been revoked" },
  IP_NOT_ALLOWED: { status: 403, description: "The client address is not on the API key's allowed IPs" },
  ENTERPRISE_PLAN_REQUIRED: {
    status: 403,
    description: "Production API keys need an Enterprise plan (while it lasts: `details.plan`) and a production caller",
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    description:
      "The API key lacks a scope this operation needs; `details.missing` names it (`details.needed`, `details.granted`)",
  },
  RATE_LIMITED: { status: 429, description: "Too many requests; retry after the Retry-After / RateLimit-Reset seconds" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, description: "The Idempotency-Key was already used with a different request" },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, description: "A request with this Idempotency-Key is still being processed" },

  // Things that are not there (another organization's or environment's included)
  REQUEST_NOT_FOUND: { status: 404, description: "No such signature request" },
  RECIPIENT_NOT_FOUND: { status: 404, description: "No such recipient on this request" },
  FIELD_NOT_FOUND: { status: 404, description: "No such field on this request" },
  TEMPLATE_NOT_FOUND: { status: 404, description: "No such template" },
  TEMPLATE_FIELD_NOT_FOUND: { status: 404, description: "No such field on this template" },
  BULK_SEND_NOT_FOUND: { status: 404, description: "No such bulk send" },
  WEBHOOK_NOT_FOUND: { status: 404, description: "No such webhook endpoint" },
  API_KEY_NOT_FOUND: { status: 404, description: "No such API key" },
  MESSAGE_NOT_FOUND: { status: 404, description: "No such message in the mail outbox" },
  UNDELIVERED_MAIL_NOT_FOUND: { status: 404, description: "No such undelivered mail of this organization's requests" },
  STAFF_MEMBER_NOT_FOUND: { status: 404, description: "No such staff member in the organization" },
  PAGE_NOT_FOUND: { status: 404, description: "The document has no page with this number" },
  DOCUMENT_NOT_FOUND: { status: 404, description: "No such document on this request or template" },
  ATTACHMENT_NOT_FOUND: { status: 404, description: "No file a signer attached and kept has this id on this request" },

  // Request and recipient states: one code per refused state, given by the state machines
  // (lib/server/model/request-state.ts, lib/server/model/recipient-state.ts).
  REQUEST_NOT_DRAFT: { status: 409, description: "Only a DRAFT request allows this (it has been sent); `details.status`" },
  SEND_APPROVAL_REQUIRED: {
    status: 403,
    description:
      "The key's production sends need a staff member's approval: a bulk send or a public link, which would send without one, is not open to it",
  },
  APPROVAL_NOT_PENDING: {
    status: 409,
    description: "The request has no send waiting for approval (it was approved or rejected already)",
  },
  APPROVAL_KEY_REVOKED: {
    status: 409,
    description:
      "The API key that asked for this send was revoked since: the send cannot be approved (it would be made for a key that may no longer act); reject it",
  },
  REQUEST_AWAITING_APPROVAL: {
    status: 409,
    description:
      "The request's send waits for a staff member's approval: it cannot change until it is approved (sent) or rejected; `details.approvalId`",
  },
  REQUEST_NOT_SENT: { status: 409, description: "The request is still a DRAFT: send it first" },
  REQUEST_IN_PROGRESS: { status: 409, description: "The request is IN_PROGRESS, which does not allow this" },
  REQUEST_COMPLETED: { status: 409, description: "The request is COMPLETED (sealed): nothing more can change" },
  REQUEST_DECLINED: { status: 409, description: "The request was declined: nothing more can change" },
  REQUEST_CANCELLED: { status: 409, description: "The request was cancelled: nothing more can change" },
  REQUEST_EXPIRED: { status: 409, description: "The request expired: nothing more can change" },
  REQUEST_NOT_FULLY_SIGNED: { status: 409, description: "Not everyone who takes a turn has finished: it cannot be sealed yet" },
  MAIL_NOT_FAILED: {
    status: 409,
    description: "This mail has not failed for good: it is still being tried (`details.status` RETRYING) or it went out",
  },
  RECIPIENT_NOT_YOUR_TURN: { status: 409, description: "Recipients with a lower order have not finished yet" },
  RECIPIENT_ALREADY_INVITED: { status: 409, description: "The recipient has already been invited" },
  RECIPIENT_ALREADY_VIEWED: { status: 409, description: "The recipient has already opened the document" },
  RECIPIENT_ALREADY_SIGNED: { status: 409, description: "The recipient has already signed" },
  RECIPIENT_ALREADY_APPROVED: { status: 409, description: "The recipient has already approved" },
  RECIPIENT_DECLINED: { status: 409, description: "The recipient declined the document" },
  RECIPIENT_RELEASED: {
    status: 409,
    description: "The recipient is a signing group's member whose signature is no longer needed: enough of the group signed",
  },
  GROUP_INVALID: {
    status: 422,
    description:
      "A signing group would not hold together: a member that is not a SIGNER, members in different steps, more signatures required than members, or too many members",
  },
  GROUP_SEAT_TAKEN: {
    status: 409,
    description:
      "Another member of the signing group signed in this place while the page was open: reload it to sign in the group's next place",
  },
  RECIPIENT_ROLE_CANNOT_ACT: { status: 409, description: "The recipient's role does not take this action (a CC signs nothing)" },

  // Documents (PDF engine, DOCX engine, conversion)
  NOT_A_PDF: { status: 415, description: "The file is not a PDF (judged by its content)" },
  NOT_A_DOCX: { status: 415, description: "The file is not a Word (DOCX) document" },
  NOT_PDF_OR_DOCX: { status: 415, description: "The file is neither a PDF nor a DOCX document (judged by its content)" },
  IMAGE_UNSUPPORTED: { status: 415, description: "The image is not a PNG or JPEG that can be decoded" },
  FILE_EMPTY: { status: 400, description: "The uploaded file is empty" },
  PDF_ENCRYPTED: { status: 422, description: "The PDF is encrypted or password-protected" },
  PDF_MALFORMED: { status: 422, description: "The PDF cannot be parsed" },
  PDF_TOO_MANY_PAGES: { status: 422, description: "The PDF has more pages than the limit" },
  PDF_TOO_COMPLEX: { status: 422, description: "The PDF is too complex to process (time or memory limit)" },
  POSITION_OUT_OF_PAGE: { status: 422, description: "A page number or box does not lie on the document's pages" },
  TEXT_DOES_NOT_FIT: { status: 422, description: "Replacement text does not fit its box at the given size" },
  TEXT_UNSUPPORTED_CHARACTERS: { status: 422, description: "Replacement text has characters the font cannot draw" },
  DOCX_CORRUPT: { status: 422, description: "The DOCX cannot be read (broken zip or XML)" },
  DOCX_TOO_LARGE: { status: 422, description: "The DOCX expands to, or would be filled with, more than the limit" },
  DOCX_TOO_COMPLEX: { status: 422, description: "The DOCX has more parts, XML elements or nesting than the limit" },
  DOCX_TEMPLATE_INVALID: { status: 422, description: "The DOCX template's {{tags}} are malformed" },
  CONVERSION_FAILED: { status: 422, description: "The document could not be converted to PDF" },
  CONVERSION_TIMEOUT: { status: 422, description: "Converting the document to PDF took too long" },
  CONVERTER_UNAVAILABLE: { status: 503, description: "Document conversion (LibreOffice) is unavailable; retry" },
  DOCUMENT_CHANGED: { status: 409, description: "The document changed while this change was being made; retry" },
  TOO_MANY_DOCUMENTS: {
    status: 422,
    description: "More documents than a request or template may have (MAX_DOCUMENTS); `details.limit`",
  },
  DOCUMENTS_TOO_LARGE: {
    status: 422,
    description:
      "A request's (or template's) documents together would be larger than the limit (MAX_REQUEST_MB); `details.limit`",
  },
  DOCUMENTS_TOO_MANY_PAGES: {
    status: 422,
    description:
      "A request's (or template's) documents together would have more pages than the limit (MAX_REQUEST_PAGES); `details.limit`",
  },
  DOCUMENT_HAS_FIELDS: {
    status: 409,
    description: "The document has fields: move or delete them first, or ask for them to go too (`?removeFields=true`)",
  },
  LAST_DOCUMENT: { status: 409, description: "A request or template keeps at least one document: this is its last" },

  // Anchors
  ANCHOR_NOT_FOUND: { status: 422, description: "An anchor, or the asked-for occurrence of it, is not in the document" },
  NO_ANCHOR_FOR_SIGNER: { status: 422, description: "The document has no anchor for the given signer reference" },

  // Recipients and fields
  TOO_MANY_RECIPIENTS: { status: 422, description: "More recipients than a request may have" },
  TOO_MANY_FIELDS: { status: 422, description: "More fields than a request or template may have" },
  FIELD_PLACEMENT_INVALID: { status: 422, description: "A field cannot be placed as given (page, box, recipient, radio group)" },
  FORM_RULES_INVALID: {
    status: 422,
    description:
      "A field's conditions or formula cannot stand: they read a field that is missing, of a later signer or of the wrong type, divide by zero, or form a cycle; or a signer's signatures would all be conditional or optional; `errors`, `details.fields`",
  },
  ATTACHMENT_TYPE_NOT_ACCEPTED: {
    status: 415,
    description: "The file a signer attached is not of a kind its FILE field takes (judged by its content)",
  },
  ATTACHMENT_TOO_LARGE: { status: 413, description: "The file a signer attached is larger than its FILE field's maxSizeMb" },
  ATTACHMENT_DAMAGED: { status: 422, description: "The image a signer attached cannot be decoded" },
  TOO_MANY_ATTACHMENTS: { status: 409, description: "Too many files were uploaded for one FILE field" },
  SIGNER_UPLOADS_OVER_BUDGET: {
    status: 413,
    description:
      "The files a signing link holds (uploaded, kept or not yet released) would pass its budget (SIGNER_UPLOADS_MAX_MB); `details.limitBytes`, `details.heldBytes`, `details.fileBytes`",
  },
  REQUEST_UPLOADS_OVER_BUDGET: {
    status: 413,
    description:
      "The files every signer of the request holds together would pass its budget (REQUEST_UPLOADS_MAX_MB); `details.limitBytes`, `details.heldBytes`, `details.fileBytes`",
  },
  FIELD_HIDDEN: {
    status: 409,
    description:
      "The field is hidden by its conditions, given the values the signer saved and earlier signers gave: it takes no file now",
  },
  FIELD_IN_USE: {
    status: 409,
    description:
      "The field is read by another field's conditions or formula (`details.readBy`), or is the last signature its signer cannot leave out (`details.unsignedBy`)",
  },
  RECIPIENT_HAS_FIELDS: { status: 422, description: "The recipient has fields, so their role cannot change from SIGNER" },
  EMBEDDED_AUTH_UNSUPPORTED: { status: 422, description: "An EMBEDDED recipient cannot have a Signet authentication method" },
  RECIPIENT_EMBEDDED: { status: 422, description: "An EMBEDDED recipient is never mailed: ask for a signing URL instead" },
  RECIPIENT_NOT_EMBEDDED: { status: 422, description: "Only an EMBEDDED recipient has a signing URL" },
  RECIPIENT_IS_CC: { status: 422, description: "A CC recipient has nothing to sign, so no signing URL" },
  NO_DECIDING_RECIPIENT: { status: 422, description: "Sending needs at least one SIGNER or APPROVER" },
  SIGNER_WITHOUT_FIELDS: {
    status: 422,
    description:
      "Sending needs at least one field for every signer, and a SIGNATURE for a signer whose fields are not only unconditioned INITIAL, DATE and TEXT fields",
  },
  EXPIRY_PASSED: {
    status: 422,
    description: "The request's expiresAt has passed: set a later one (or expiryDays) before sending; `details.expiresAt`",
  },
  WEBHOOK_URL_REFUSED: { status: 422, description: "The webhook URL points at a private or local address" },

  // Templates and bulk send
  TEMPLATE_NOT_PDF: { status: 422, description: "Fields are stored on a template's PDF documents only" },
  TEMPLATE_DATA_NOT_ACCEPTED: { status: 400, description: "templateData was given for a template with no DOCX document" },
  TEMPLATE_DATA_MISSING: { status: 422, description: "templateData has no value for some placeholders; `details.missing`" },
  TEMPLATE_RECIPIENTS_MISSING: { status: 422, description: "The template has fields for more signers than recipients given" },
  TEMPLATE_HAS_NO_SIGNERS: { status: 422, description: "The template names no signer, so there is nobody to send it to" },
  TEMPLATE_ROLE_NOT_FOUND: {
    status: 422,
    description: "roleName (or a role id) names no role of the template; `details.roleName`",
  },
  TEMPLATE_ROLE_HAS_FIELDS: {
    status: 422,
    description: "A role that has fields cannot be dropped or stop being a SIGNER; `details.roles`",
  },
  TEMPLATE_ROLE_TAKEN: { status: 422, description: "Two recipients of a use call are given for one role; `details.roleName`" },
  TEMPLATE_TOO_MANY_ROLES: { status: 422, description: "More roles than a template may have (50)" },
  CSV_EMPTY: { status: 400, description: "The CSV file is empty or has no header row" },
  CSV_NOT_TEXT: { status: 400, description: "The file is not a UTF-8 text CSV" },
  CSV_MALFORMED: { status: 400, description: "The CSV cannot be parsed; `details.line`" },
  CSV_HEADER_MISMATCH: { status: 422, description: "The CSV header does not fit the template's columns" },
  BULK_TOO_MANY_ROWS: { status: 422, description: "More rows than a bulk send may have" },
  BULK_NO_ROWS: { status: 422, description: "The bulk send has no row under its header" },
  BULK_NO_VALID_ROWS: { status: 422, description: "No row of the bulk send is valid; `details.rows`" },
  BULK_ROW_INVALID: { status: 422, description: "A bulk send row is no longer valid for its template" },

  // Public links (a template's link anyone may open) and their visitors
  PUBLIC_LINK_NOT_FOUND: { status: 404, description: "No public link at this address (or its template was deleted)" },
  PUBLIC_LINK_REVOKED: { status: 410, description: "The public link was revoked: it takes no visitors and changes no more" },
  PUBLIC_LINK_EXPIRED: { status: 410, description: "The public link's expiry has passed" },
  PUBLIC_LINK_PAUSED: { status: 409, description: "The public link is paused by its owners for now" },
  PUBLIC_LINK_QUOTA_REACHED: { status: 409, description: "The public link has started as many requests as its quota allows" },
  PUBLIC_LINK_DAILY_QUOTA_REACHED: {
    status: 429,
    description: "The public link has started as many requests today (UTC) as it may; Retry-After says when the day ends",
  },
  PUBLIC_LINK_ALREADY_USED: {
    status: 409,
    description: "This e-mail address already started a request from this link (once per address)",
  },
  PUBLIC_LINK_CODE_WRONG: {
    status: 401,
    description: "The link's access code, or the code mailed to the visitor, is wrong; `details.attemptsLeft`",
  },
  PUBLIC_VISIT_ENDED: {
    status: 410,
    description:
      "The visit's mailed code expired or was mistyped too often, or the visit already started its request: start again",
  },
  PUBLIC_LINK_ROLE_INVALID: {
    status: 422,
    description: "A role the link names is not the template's, is named twice, or is the visitor's own; `errors`",
  },
  TEMPLATE_ROLE_HAS_LINK: {
    status: 422,
    description: "A role a public link gives its visitors cannot be dropped; `details.links`",
  },
  PUBLIC_LINK_PERSON_MISSING: {
    status: 422,
    description: "The visitor did not name a person the link leaves to them; `details.roles`",
  },

  // Signing links and signers
  SIGNING_LINK_NOT_FOUND: { status: 404, description: "The signing link is not valid" },
  SIGNING_LINK_ENDED: { status: 410, description: "The request was cancelled, declined, expired or completed too long ago" },
  SIGNING_LINK_LOCKED: { status: 429, description: "Too many wrong codes: the link is locked for a while" },
  SIGNER_AUTHENTICATION_REQUIRED: { status: 401, description: "The signer must enter their code first" },
  SIGNER_CODE_WRONG: { status: 401, description: "The signer's code is wrong, used or expired; `details.attemptsLeft`" },
  DELEGATION_NOT_ALLOWED: {
    status: 403,
    description: "This recipient may not hand their turn to someone else (canDelegate false, or embedded)",
  },
  SIGNER_CODE_NOT_NEEDED: { status: 409, description: "This signing link needs no code" },
  SIGNER_CODE_NOT_EMAILED: { status: 409, description: "This link takes the access code the sender gave; none is e-mailed" },
  SIGNER_CODE_TOO_SOON: { status: 429, description: "A new code cannot be sent yet; `details.nextCodeAt`" },
  SIGNATURE_IMAGE_INVALID: { status: 400, description: "A signature image is not a base64 data: URL" },
  SIGNATURE_IMAGE_TOO_LARGE: { status: 422, description: "A signature image is larger than the limit in bytes or pixels" },
  SIGNATURE_IMAGE_UNSUPPORTED: { status: 415, description: "A signature image is not a PNG or JPEG" },
  SIGNATURE_IMAGE_DAMAGED: { status: 422, description: "A signature image is a PNG or JPEG whose pixels cannot be decoded" },
  FIELD_VALUES_INVALID: { status: 422, description: "Values given at signing do not fit their fields; `errors`" },
  FIELD_VALUE_REPEATED: { status: 422, description: "A signature gives one field two values; `details.fieldId`" },

  // Staff dashboard
  SIGN_IN_REQUIRED: { status: 401, description: "The staff member must sign in (again)" },
  ADMIN_REQUIRED: { status: 403, description: "Only an admin may do this" },
  ANCHOR_OVER_OTHER_TEXT: {
    status: 422,
    description: "An anchor's box holds more than its own text (drawn over other text); `details.anchors`",
  },
  MESSAGE_HAS_NO_SIGNING_LINK: {
    status: 422,
    description: "The outbox message is not an invitation or reminder; `details.kind`",
  },
  ROLE_NOT_ALLOWED: { status: 403, description: "The staff member's role may not use this part of the dashboard" },
  CROSS_ORIGIN_REFUSED: { status: 403, description: "A dashboard call that does not come from the dashboard's own pages" },
  PASSWORD_INCORRECT: { status: 400, description: "The current password is not right" },
  LAST_ADMIN: { status: 409, description: "The change would leave the organization without an active admin" },
  SELF_CHANGE_REFUSED: { status: 409, description: "An admin cannot demote or deactivate themselves" },
  STAFF_EMAIL_TAKEN: { status: 409, description: "The e-mail address already has a staff account" },
  STAFF_DEACTIVATED: { status: 409, description: "The staff member is deactivated" },
  STAFF_LINK_NOT_FOUND: { status: 404, description: "The set-password link is not valid" },
  STAFF_LINK_USED: { status: 410, description: "The set-password link has already been used" },
  STAFF_LINK_EXPIRED: { status: 410, description: "The set-password link has expired or was replaced" },

  // Single sign-on (an organization's OIDC or SAML connection)
  SSO_CONNECTION_NOT_FOUND: { status: 404, description: "No such single sign-on connection in this organization" },
  SSO_SETTINGS_INVALID: {
    status: 422,
    description: "A single sign-on setting is not valid (the provider's address, who may come in, roles by group); `errors`",
  },
  SSO_DISCOVERY_FAILED: {
    status: 422,
    description: "The OpenID provider's discovery document could not be read or does not name this issuer; `details.reason`",
  },
  SSO_METADATA_INVALID: {
    status: 422,
    description:
      "The SAML identity provider's metadata could not be read or used (no IDPSSODescriptor, no signing certificate, no HTTP-Redirect endpoint); `details.reason`",
  },
  SCIM_TOKEN_NOT_FOUND: { status: 404, description: "No such live SCIM token in this organization" },
  SCIM_TOKEN_LIMIT: { status: 409, description: "The organization has 10 live SCIM tokens: revoke one first" },
  SSO_CONNECTION_MANAGED: {
    status: 409,
    description: "The connection is set by the server's environment (OIDC_*): the operator changes it there",
  },
  SSO_SECRET_UNREADABLE: {
    status: 409,
    description: "The connection's client secret was sealed with another settings key (restored elsewhere): enter it again",
  },
  SETTINGS_KEY_MISSING: {
    status: 409,
    description: "The server has no usable settings key to seal secrets with (SETTINGS_KEY or SETTINGS_KEY_FILE)",
  },
  PASSWORD_SIGN_IN_CLOSED: {
    status: 409,
    description: "Password sign-in is open to admins only, and no enabled single sign-on connection would let members in",
  },
  CLIENT_CLOSED_REQUEST: { status: 499, description: "The browser closed the request before the API answered" },
  API_UNREACHABLE: { status: 502, description: "The dashboard could not reach the Signet API" },

  // The server
  INTERNAL_ERROR: { status: 500, description: "An unexpected failure; the message gives a reference for the server log" },
  DATABASE_UNAVAILABLE: {
    status: 503,
    description: "The database does not answer (a restart, refused connections); retry after the Retry-After seconds",
  },
  STORAGE_FULL: {
    status: 507,
    description: "The server has no space left to store data (its disk or database): nothing was stored",
  },
  NOT_READY: { status: 503, description: "GET /api/ready: a part of this instance does not answer; `data.checks` says which" },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/** Every code, in the catalog's order. */
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

export const errorStatus = (code: ErrorCode): number => errorCatalog[code].status;

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra detail that is safe to show to the client (e.g. the missing anchors). */
  readonly details?: Record<string, unknown>;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = opts.details;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }

  get status(): number {
    return errorStatus(this.code);
  }
}

/** A zod failure as the 400 that names each field (at most 50), its message the one problem or the first three. */
export function validationError(error: z.ZodError, where: string): AppError {
  const errors: FieldError[] = error.issues.slice(0, 50).map((i) => ({
    field: i.path.length ? i.path.map(String).join(".") : where,
    message: i.message,
  }));
  const unique = [...new Set(errors.map((e) => e.message))];
  const [only, ...others] = unique;
  const message =
    only !== undefined && others.length === 0
      ? only
      : `Validation failed: ${unique.slice(0, 3).join("; ")}${unique.length > 3 ? "; …" : ""}`;
  return new AppError("VALIDATION_FAILED", message, { errors });
}

/** The codes of things that are not there: the 404s. */
export type NotFoundCode = { [K in ErrorCode]: (typeof errorCatalog)[K]["status"] extends 404 ? K : never }[ErrorCode];

/** `notFound("REQUEST_NOT_FOUND", "Signature request")` → 404 "Signature request not found". */
export const notFound = (code: NotFoundCode, what: string) => new AppError(code, `${what} not found`);

/** The "Error codes" table of docs/api.md, made from the catalog (errors.test.ts keeps the two equal). */
export function errorCodesMarkdown(): string {
  const rows = errorCodes.map((code) => `| \`${code}\` | ${errorCatalog[code].status} | ${errorCatalog[code].description} |`);
  return ["| Code | HTTP status | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The markers around the generated table in docs/api.md (scripts/error-codes-doc.ts rewrites what is between them). */
export const ERROR_CODES_START = "<!-- error-codes:start (generated by scripts/error-codes-doc.ts) -->";
export const ERROR_CODES_END = "<!-- error-codes:end -->";
