/**
 * Every closed set of values a column of the database holds (statuses, roles, types, kinds,
 * environments, plans), defined once. The API's zod enums (lib/schemas/*) and the database's CHECK
 * constraints (lib/server/db/schema.ts) are both made from these arrays, so the two never disagree.
 * No imports: lib/schemas, lib/server and drizzle-kit (which loads schema.ts on its own) all read it.
 */

export const ENVIRONMENTS = ["SANDBOX", "PRODUCTION"] as const;
export const ORG_PLANS = ["FREE", "ENTERPRISE"] as const;
/** SYSTEM keys are provisioned by the server itself (the dashboard's key). */
export const API_KEY_KINDS = ["USER", "SYSTEM"] as const;

export const STAFF_ROLES = ["ADMIN", "MEMBER"] as const;
export const STAFF_LINK_PURPOSES = ["INVITE", "RESET"] as const;
export const AUTH_OUTCOMES = ["SUCCESS", "FAILURE", "THROTTLED"] as const;
/** How a staff member signed in: a password, or single sign-on through an organization's OIDC or SAML connection. */
export const STAFF_SIGN_IN_METHODS = ["PASSWORD", "OIDC", "SAML"] as const;
export type StaffSignInMethod = (typeof STAFF_SIGN_IN_METHODS)[number];
/** Who may sign in with a password: everyone, or (once single sign-on is set up) admins only, as a break-glass door. */
export const PASSWORD_SIGN_IN = ["ALLOWED", "ADMINS_ONLY"] as const;
export type PasswordSignIn = (typeof PASSWORD_SIGN_IN)[number];
/** An organization's single sign-on connection kinds. */
export const SSO_KINDS = ["OIDC", "SAML"] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

export const DELIVERY_MODES = ["email"] as const;
/** A signature request's life: lib/server/model/request-state.ts holds its transitions. */
export const REQUEST_STATUSES = ["DRAFT", "IN_PROGRESS", "COMPLETED", "DECLINED", "CANCELLED", "EXPIRED"] as const;

export const RECIPIENT_ROLES = ["SIGNER", "CC", "APPROVER", "VIEWER"] as const;
/** A recipient's turn: lib/server/model/recipient-state.ts holds its transitions. */
/** RELEASED: a signing group's member whose signature is no longer needed (enough of the group signed). */
export const RECIPIENT_STATUSES = ["PENDING", "SENT", "VIEWED", "SIGNED", "APPROVED", "DECLINED", "RELEASED"] as const;
export const AUTH_METHODS = ["NONE", "ACCESS_CODE", "EMAIL_CODE"] as const;
/** How a signer session was earned (a session is never earned with NONE). */
export const SIGNER_SESSION_METHODS = ["ACCESS_CODE", "EMAIL_CODE"] as const;
export const RECIPIENT_DELIVERIES = ["EMAIL", "EMBEDDED"] as const;
/**
 * How a request writes its DATE fields: ISO 8601 (the spec's default), three numeric orders,
 * and the day, the month's name and the year in the signer's language ("26 November 2026", "26. November 2026").
 */
export const DATE_FORMATS = ["YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY", "D MMMM YYYY"] as const;

export const FIELD_TYPES = [
  "SIGNATURE",
  "INITIAL",
  "DATE",
  "TEXT",
  "CHECKBOX",
  "RADIO",
  "DROPDOWN",
  "NUMBER",
  "NAME",
  "EMAIL",
  "FORMULA",
  "FILE",
] as const;

/** What a FILE field may take, judged by the bytes (never the name or the declared type). */
export const FILE_KINDS = ["PDF", "PNG", "JPEG"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const TEMPLATE_KINDS = ["PDF", "DOCX"] as const;

export const JOB_TYPES = [
  "invitation",
  "webhook",
  "seal",
  "notify",
  "sweep",
  "staff-link",
  "purge-blobs",
  "signer-code",
  "bulk-send",
  "sender-notice",
  "draw-pages",
  "visitor-code",
] as const;
/** Where a request came from: a key or the dashboard (`api`), or a visitor of a template's public link. */
export const REQUEST_SOURCES = ["api", "public_link"] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const PUBLIC_LINK_STATUSES = ["ACTIVE", "PAUSED", "REVOKED"] as const;
export type PublicLinkStatus = (typeof PUBLIC_LINK_STATUSES)[number];

export const JOB_STATUSES = ["QUEUED", "RUNNING", "DONE", "FAILED"] as const;

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED"] as const;
export const MAIL_VIAS = ["smtp", "outbox"] as const;

export const BULK_SEND_STATUSES = ["QUEUED", "RUNNING", "DONE"] as const;
/** INVALID rows are FAILED before anything runs. */
export const BULK_ROW_STATUSES = ["PENDING", "SENT", "FAILED"] as const;

export type Environment = (typeof ENVIRONMENTS)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export type JobType = (typeof JOB_TYPES)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];
export type FieldType = (typeof FIELD_TYPES)[number];
