import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "@/…": drizzle-kit loads this file without the tsconfig paths.
import type { Conditions } from "../../forms/conditions";
import {
  API_KEY_KINDS,
  AUTH_METHODS,
  AUTH_OUTCOMES,
  PASSWORD_SIGN_IN,
  SSO_KINDS,
  STAFF_SIGN_IN_METHODS,
  BULK_ROW_STATUSES,
  BULK_SEND_STATUSES,
  DATE_FORMATS,
  DELIVERY_MODES,
  ENVIRONMENTS,
  FIELD_TYPES,
  JOB_STATUSES,
  JOB_TYPES,
  MAIL_VIAS,
  ORG_PLANS,
  PUBLIC_LINK_STATUSES,
  RECIPIENT_DELIVERIES,
  RECIPIENT_ROLES,
  RECIPIENT_STATUSES,
  REQUEST_SOURCES,
  REQUEST_STATUSES,
  SIGNER_SESSION_METHODS,
  STAFF_LINK_PURPOSES,
  STAFF_ROLES,
  TEMPLATE_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  type DateFormat,
  type FieldType,
  type PasswordSignIn,
  type FileKind,
  type JobStatus,
  type JobType,
  type PublicLinkStatus,
  type RecipientRole,
  type RecipientStatus,
  type RequestSource,
  type RequestStatus,
} from "../../schemas/states";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
// Millisecond precision, like JavaScript's Date, so that a timestamp read back compares equal to the stored one
// (list cursors depend on it).
const nowMs = sql`date_trunc('milliseconds', now())`;
const createdAt = () => ts("created_at").notNull().default(nowMs);
/** Columns that make one setting together: all set, or all null. */
const allOrNone = (name: string, [first, ...rest]: [AnyPgColumn, ...AnyPgColumn[]]) =>
  check(
    name,
    sql.join(
      rest.map((c) => sql`(${first} is null) = (${c} is null)`),
      sql` and `,
    ),
  );
/** A row that belongs to another: deleted with it. */
const belongsTo = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: "cascade" });

/**
 * A column that holds one of a closed set of values (a status, role, type, kind, environment, plan):
 * a CHECK constraint made from the same `as const` array as the API's zod enum (lib/schemas/states.ts).
 * CHECK on text, not PostgreSQL enum types: a value is added or removed by replacing one constraint in
 * one migration (an enum value cannot be removed at all, and ALTER TYPE … ADD VALUE cannot run inside
 * the transaction the migrator runs each migration in), the columns stay text for drizzle and the
 * API, and PGlite and PostgreSQL treat both the same. Open sets (audit event types, mail kinds,
 * document-version reasons, webhook event names) stay unchecked.
 */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "))})`);

/**
 * A field's own columns: what it is, where it stands and its properties, each under the name the API
 * gives it (lib/schemas/fields.ts), whatever its SQL column is called: no layer renames them. One list for a request's fields and a template's, which differ only by their owner
 * (and a request field's value).
 */
export const fieldColumns = () => ({
  type: text("type").$type<FieldType>().notNull(),
  /** 1 for the first page; the box in points from the top-left of the page as displayed. */
  page: integer("page").notNull(),
  x: doublePrecision("x").notNull(),
  y: doublePrecision("y").notNull(),
  width: doublePrecision("width").notNull(),
  height: doublePrecision("height").notNull(),
  name: text("name"),
  required: boolean("required").notNull().default(true),
  label: text("label"),
  maxLength: integer("max_length"),
  fontSize: doublePrecision("font_size"),
  defaultValue: text("default_value"),
  /** DROPDOWN: its choices; RADIO: the choices of its group (each RADIO row is one button, `option`). */
  options: jsonb("options").$type<string[]>(),
  /** RADIO: the group the button belongs to (one choice per group and assignee). */
  group: text("group_name"),
  /** RADIO: the value this button stands for. */
  option: text("option_value"),
  /** NUMBER: bounds and decimals allowed. */
  min: doublePrecision("min_value"),
  max: doublePrecision("max_value"),
  decimals: integer("decimals"),
  /** FORMULA: how it is calculated (lib/forms/formula.ts). */
  formula: text("formula"),
  /** When the field is shown (lib/forms/conditions.ts); null: always. */
  conditions: jsonb("conditions").$type<Conditions>(),
  /** FILE: the kinds it takes, its largest file in MB, whether it takes several. */
  accept: jsonb("accept").$type<FileKind[]>(),
  maxSizeMb: integer("max_size_mb"),
  multiple: boolean("multiple"),
  /** Where the field came from when it was placed by an anchor: { anchorKey, occurrenceIndex, box, … }. */
  anchor: jsonb("anchor").$type<Record<string, unknown>>(),
  /**
   * For a signing group that needs n signatures: which of its n places the field belongs to (1 … n); the
   * k-th member to sign fills place k. 1 for everyone else.
   */
  seat: integer("seat").notNull().default(1),
});

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** FREE or ENTERPRISE: only ENTERPRISE organizations may hold production keys. */
    plan: text("plan").notNull().default("FREE"),
    isDefault: boolean("is_default").notNull().default(false),
    /** IANA time zone a new request takes when its creator names none. */
    timezone: text("timezone").notNull().default("UTC"),
    /** How DATE fields are written on a new request whose creator names no format (lib/schemas/states.ts DATE_FORMATS). */
    defaultDateFormat: text("default_date_format").$type<DateFormat>().notNull().default("YYYY-MM-DD"),
    /**
     * What a new draft takes when its creator names none (copied when it is made, like the time zone):
     * days from sending to expiry (null: the server's EXPIRY_DAYS), and the reminder schedule (all three or none).
     */
    defaultExpiryDays: integer("default_expiry_days"),
    defaultReminderFirstAfterDays: integer("default_reminder_first_after_days"),
    defaultReminderEveryDays: integer("default_reminder_every_days"),
    defaultReminderMax: integer("default_reminder_max"),
    /** ADMINS_ONLY: once single sign-on is set up, only admins may still sign in with a password (break glass). */
    passwordSignIn: text("password_sign_in").$type<PasswordSignIn>().notNull().default("ALLOWED"),
    /** The organization's brand for signers (lib/schemas/branding.ts); null: Signet's own look. */
    branding: jsonb("branding"),
    /** The brand's logo: a blob (PNG or JPEG) by its SHA-256, and its media type. */
    logoSha256: text("logo_sha256"),
    logoType: text("logo_type"),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("organizations_plan_check", t.plan, ORG_PLANS),
    oneOf("organizations_default_date_format_check", t.defaultDateFormat, DATE_FORMATS),
    oneOf("organizations_password_sign_in_check", t.passwordSignIn, PASSWORD_SIGN_IN),
    allOrNone("organizations_default_reminders_check", [
      t.defaultReminderFirstAfterDays,
      t.defaultReminderEveryDays,
      t.defaultReminderMax,
    ]),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    environment: text("environment").notNull(), // SANDBOX | PRODUCTION
    keyPrefix: text("key_prefix").notNull(),
    /** SHA-256 of the full key, hex. The key itself is never stored. */
    keyHash: text("key_hash").notNull(),
    allowedIps: jsonb("allowed_ips").$type<string[]>().notNull().default([]),
    /** Requests per minute; null means the environment's default. */
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    /** What the key may do (lib/schemas/scopes.ts); null: every scope (a key made without scopes, or before they existed). */
    scopes: jsonb("scopes").$type<string[]>(),
    /** Its production sends wait for a staff member's approval (send_approvals); sandbox sends never wait. */
    sendsNeedApproval: boolean("sends_need_approval").notNull().default(false),
    /** Its production sends through the MCP server go out directly; by default they wait for approval as above. */
    mcpSendsDirectly: boolean("mcp_sends_directly").notNull().default(false),
    /** SYSTEM keys are provisioned by the server itself (the dashboard's key); hidden from lists. */
    kind: text("kind").notNull().default("USER"),
    createdByKeyId: uuid("created_by_key_id"),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_org_idx").on(t.orgId),
    oneOf("api_keys_environment_check", t.environment, ENVIRONMENTS),
    oneOf("api_keys_kind_check", t.kind, API_KEY_KINDS),
  ],
);

export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    /** scrypt$N$r$p$salt$hash; null until an invited member sets a password. */
    passwordHash: text("password_hash"),
    /** ADMIN or MEMBER. */
    role: text("role").notNull().default("ADMIN"),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    /** The language of the mails Signet sends this staff member (one of lib/i18n/locales.ts); null: English. */
    locale: text("locale"),
    /** A deactivated member cannot sign in, and their sessions end at once. */
    deactivatedAt: ts("deactivated_at"),
    /** The identity provider's own id for the person, as a SCIM client gave it (externalId); null otherwise. */
    externalId: text("external_id"),
    createdAt: createdAt(),
    /** The last change a SCIM client or an admin made (SCIM's meta.lastModified). */
    updatedAt: ts("updated_at").notNull().default(nowMs),
  },
  (t) => [oneOf("staff_users_role_check", t.role, STAFF_ROLES)],
);

/** A staff member's signed-in browser: the session cookie names one row; revoked or expired rows sign nobody in. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: belongsTo("staff_id", () => staffUsers.id),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull().default(nowMs),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    /** PASSWORD, OIDC or SAML. */
    method: text("method").notNull().default("PASSWORD"),
    /** The single sign-on connection signed in through (null for a password); its name is kept for when it is gone. */
    ssoConnectionId: uuid("sso_connection_id"),
    ssoConnectionName: text("sso_connection_name"),
  },
  (t) => [
    index("staff_sessions_staff_idx").on(t.staffId, t.createdAt),
    oneOf("staff_sessions_method_check", t.method, STAFF_SIGN_IN_METHODS),
  ],
);

/**
 * An organization's single sign-on connection (OIDC now; SAML beside it). `settings` holds what is not
 * secret (issuer, client id, scopes, who may come in, roles by group); the client secret is sealed with the
 * settings key, which lives outside the database (lib/server/sso/settings-key.ts).
 */
export const ssoConnections = pgTable(
  "sso_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    kind: text("kind").notNull(),
    /** Shown on the sign-in button: "Sign in with {name}". */
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    settings: jsonb("settings").notNull(),
    /** The client secret, sealed (AES-256-GCM, with the settings key's id): null when none is kept. */
    secretSealed: text("secret_sealed"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().default(nowMs),
  },
  (t) => [index("sso_connections_org_idx").on(t.orgId), oneOf("sso_connections_kind_check", t.kind, SSO_KINDS)],
);

/** A staff member as an identity provider knows them: matched by this subject after the first sign-in. */
export const staffIdentities = pgTable(
  "staff_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: belongsTo("staff_id", () => staffUsers.id),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => ssoConnections.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    lastSignInAt: ts("last_sign_in_at").notNull().default(nowMs),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_identities_subject_idx").on(t.connectionId, t.subject),
    index("staff_identities_staff_idx").on(t.staffId),
  ],
);

/**
 * A SAML AuthnRequest Signet sent (SP-initiated sign-in): the response that answers it must name its ID, and
 * the ID is consumed by the sign-in it starts (one use). Read and written by node-saml through a cache provider.
 */
export const samlRequests = pgTable(
  "saml_requests",
  {
    id: text("id").primaryKey(),
    connectionId: belongsTo("connection_id", () => ssoConnections.id),
    /** node-saml's own value for the request (the instant it was made, as it wrote it). */
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("saml_requests_expires_idx").on(t.expiresAt)],
);

/** The IDs of the SAML assertions already used, until they expire: a response presented twice is refused (replay). */
export const samlAssertions = pgTable(
  "saml_assertions",
  {
    connectionId: belongsTo("connection_id", () => ssoConnections.id),
    assertionId: text("assertion_id").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.assertionId] }), index("saml_assertions_expires_idx").on(t.expiresAt)],
);

/**
 * A checked SAML assertion waiting for the browser to finish the sign-in (a minute, one use): the identity
 * provider's form post lands on the ACS without the browser's cookies, so the person's claims wait here under a
 * one-time code (stored hashed) that the browser redeems, with its cookies, at next-auth's callback.
 */
export const samlLogins = pgTable("saml_logins", {
  codeHash: text("code_hash").primaryKey(),
  connectionId: belongsTo("connection_id", () => ssoConnections.id),
  /** The AuthnRequest the assertion answered (SP-initiated), or null (IdP-initiated). */
  requestId: text("request_id"),
  claims: jsonb("claims").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

/** A bearer token a SCIM client (the organization's identity provider) provisions staff with: stored hashed. */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    /** sha256 of the token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, shown so an admin can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdBy: uuid("created_by").references((): AnyPgColumn => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("scim_tokens_org_idx").on(t.orgId)],
);

/** A group a SCIM client keeps in Signet: its members' role follows it when its name is one of the admin groups. */
export const scimGroups = pgTable(
  "scim_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("scim_groups_name_idx").on(t.orgId, t.displayName)],
);

export const scimGroupMembers = pgTable(
  "scim_group_members",
  {
    groupId: belongsTo("group_id", () => scimGroups.id),
    staffId: belongsTo("staff_id", () => staffUsers.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.staffId] }), index("scim_group_members_staff_idx").on(t.staffId)],
);

/** One-time links mailed to staff: an invitation (set a first password) or a password reset. Stored hashed. */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: belongsTo("staff_id", () => staffUsers.id),
    /** INVITE or RESET. */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [oneOf("staff_tokens_purpose_check", t.purpose, STAFF_LINK_PURPOSES)],
);

export const signatureRequests = pgTable(
  "signature_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    environment: text("environment").notNull(),
    title: text("title").notNull(),
    deliveryMode: text("delivery_mode").notNull().default("email"),
    status: text("status").$type<RequestStatus>().notNull().default("DRAFT"),
    createdByKeyId: uuid("created_by_key_id"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().default(nowMs),
    sentAt: ts("sent_at"),
    completedAt: ts("completed_at"),
    cancelledAt: ts("cancelled_at"),
    expiresAt: ts("expires_at"),
    /** Set when sealing failed for good (every retry used): what went wrong, until a reseal succeeds. */
    sealErrorCode: text("seal_error_code"),
    sealErrorMessage: text("seal_error_message"),
    sealFailedAt: ts("seal_failed_at"),
    /**
     * The signers' language unless a recipient has their own (one of lib/i18n/locales.ts; no CHECK:
     * a language is added with its catalog, not a migration); null: the recipient's, else the browser's, else English.
     */
    locale: text("locale"),
    /** IANA time zone of the DATE fields and the certificate's times: the creator's, else the organization's when made. */
    timezone: text("timezone").notNull().default("UTC"),
    /** How DATE fields are written (lib/schemas/states.ts DATE_FORMATS). */
    dateFormat: text("date_format").$type<DateFormat>().notNull().default("YYYY-MM-DD"),
    /**
     * Send settings. The invitation's and reminders' subject (null: Signet's) and the sender's own
     * words (plain text), the Reply-To (null: the staff member who sent, else none).
     */
    emailSubject: text("email_subject"),
    emailMessage: text("email_message"),
    replyTo: text("reply_to"),
    /**
     * Days from sending to expiry. Null with `expiresAt` set on a DRAFT: the sender gave the moment itself; both null
     * (drafts made before requests had send settings): the organization's default, else EXPIRY_DAYS, at send.
     */
    expiryDays: integer("expiry_days"),
    /** Automatic reminders to whoever's turn it is: first after N days from their invitation, then every M days, at most max. */
    reminderFirstAfterDays: integer("reminder_first_after_days"),
    reminderEveryDays: integer("reminder_every_days"),
    reminderMax: integer("reminder_max"),
    /** The staff member who sent it (the dashboard's verified identity), as they were then: the mails' From name and Reply-To. */
    senderName: text("sender_name"),
    senderEmail: text("sender_email"),
    /** That staff member's row: they are mailed when the request completes, is declined or expires (null: sent with an API key). */
    sentByStaffId: uuid("sent_by_staff_id").references((): AnyPgColumn => staffUsers.id, { onDelete: "set null" }),
    /**
     * What the list's search (`q`) reads: the title and every recipient's name and address, lower
     * case. Kept by triggers (migration 0015: on this row's title, on its recipients), so no code path can
     * forget it; searched by substring through a trigram index.
     */
    searchText: text("search_text").notNull().default(""),
    /** Where it came from: `api` (a key or the dashboard) or `public_link` (a visitor of a template's public link). */
    source: text("source").$type<RequestSource>().notNull().default("api"),
    /** The public link a visitor started it from (source public_link); the link is kept while requests name it. */
    publicLinkId: uuid("public_link_id").references((): AnyPgColumn => publicLinks.id, { onDelete: "set null" }),
    /**
     * A send waiting for a staff member's approval (send_approvals, state PENDING): while set, the DRAFT cannot
     * change (assertDraft refuses), so what is approved is what was asked for.
     */
    pendingApprovalId: uuid("pending_approval_id"),
  },
  (t) => [
    oneOf("signature_requests_source_check", t.source, REQUEST_SOURCES),
    index("signature_requests_public_link_idx").on(t.publicLinkId),
    index("requests_scope_idx").on(t.orgId, t.environment, t.createdAt),
    index("requests_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The reminder sweep reads requests in progress that have a schedule.
    index("requests_reminders_idx")
      .on(t.status)
      .where(sql`${t.reminderMax} is not null`),
    allOrNone("signature_requests_reminders_check", [t.reminderFirstAfterDays, t.reminderEveryDays, t.reminderMax]),
    oneOf("signature_requests_environment_check", t.environment, ENVIRONMENTS),
    oneOf("signature_requests_delivery_mode_check", t.deliveryMode, DELIVERY_MODES),
    oneOf("signature_requests_status_check", t.status, REQUEST_STATUSES),
    oneOf("signature_requests_date_format_check", t.dateFormat, DATE_FORMATS),
  ],
);

/**
 * How many committed transactions changed what `GET /signature-requests/{id}` shows of a request (the request,
 * its documents and their versions, recipients, fields, send approvals). Kept by triggers (migration 0038), so
 * that no code path can change a request without it: a reader that kept the request's answer from an earlier
 * read compares one number instead of reading it all again (lib/server/requests/read-request.ts).
 */
export const requestRevisions = pgTable("request_revisions", {
  requestId: uuid("request_id")
    .primaryKey()
    .references(() => signatureRequests.id, { onDelete: "cascade" }),
  revision: bigint("revision", { mode: "number" }).notNull(),
});

/**
 * The documents of a request, in the order its recipients read them (position 1 first). Each keeps its
 * versions in document_versions; a one-document request has one row here.
 */
export const requestDocuments = pgTable(
  "request_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("request_documents_request_idx").on(t.requestId, t.position)],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    /** The document this is a version of (the request's, above). */
    documentId: belongsTo("document_id", () => requestDocuments.id),
    version: integer("version").notNull(),
    sha256: text("sha256").notNull(),
    /**
     * SHA-256 of the file as it came in, when storing it in its one reading (lib/pdf/canonical.ts)
     * changed its bytes; null when they are the same or not known (a template's document).
     */
    uploadedSha256: text("uploaded_sha256"),
    size: bigint("size", { mode: "number" }).notNull(),
    pageCount: integer("page_count").notNull(),
    pages: jsonb("pages").$type<{ width: number; height: number }[]>().notNull(),
    /** Why this version exists: ORIGINAL, IMAGE_STAMP, TEXT_REPLACEMENT, SEALED, ... */
    reason: text("reason").notNull(),
    filename: text("filename"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("document_versions_doc_ver_idx").on(t.documentId, t.version),
    index("document_versions_request_idx").on(t.requestId),
  ],
);

export const recipients = pgTable(
  "recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<RecipientRole>().notNull().default("SIGNER"), // SIGNER | CC | APPROVER | VIEWER
    order: integer("signing_order").notNull().default(1),
    status: text("status").$type<RecipientStatus>().notNull().default("PENDING"),
    /** SHA-256 of the signing token; the token itself is never stored nor returned. */
    tokenHash: text("token_hash"),
    /** Bumped when staff correct the recipient's name or address: the token is derived anew, the old one retired. */
    tokenVersion: integer("token_version").notNull().default(0),
    sentAt: ts("sent_at"),
    viewedAt: ts("viewed_at"),
    signedAt: ts("signed_at"),
    declinedAt: ts("declined_at"),
    declineReason: text("decline_reason"),
    /** How the signer proves who they are before the link shows anything: NONE, ACCESS_CODE or EMAIL_CODE. */
    authMethod: text("auth_method").notNull().default("NONE"),
    /** ACCESS_CODE: scrypt$N$r$p$salt$hash of the code the sender gives out of band; never returned. */
    accessCodeHash: text("access_code_hash"),
    /** Wrong codes since the last success or lock; the fifth locks the link. */
    authFailures: integer("auth_failures").notNull().default(0),
    /** The link refuses codes (and code mails) until then. */
    authLockedUntil: ts("auth_locked_until"),
    /** EMAIL (invitation mailed) or EMBEDDED (no mail: the sender asks for a short-lived signing URL to frame). */
    delivery: text("delivery").notNull().default("EMAIL"),
    /** This recipient's language (page, mails, DATE and NUMBER fields); null: the request's. */
    locale: text("locale"),
    /**
     * The language the signer's page was last shown in, as the page reports it with a save, a signature,
     * an approval or a decline (their choice on the page, else `locale`, the request's, the browser's):
     * their later mails speak it. Null: not reported yet.
     */
    pageLocale: text("page_locale"),
    /** Automatic reminders claimed for this recipient so far, and when the last was (the next counts from it). */
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastRemindedAt: ts("last_reminded_at"),
    /** May hand their turn to someone else (the person named gets the same place and fields). */
    canDelegate: boolean("can_delegate").notNull().default(false),
    /** Who handed this turn over to the person now named, when and why (null: nobody). */
    delegatedFrom: jsonb("delegated_from").$type<{ name: string; email: string; reason: string; at: string }>(),
    /**
     * A signing group (model/groups.ts): the id of its first member (the group's fields are assigned to it),
     * the same on every member; its name; how many of its members must sign. Null: not in a group.
     */
    groupId: uuid("group_id"),
    groupName: text("group_name"),
    groupRequired: integer("group_required"),
    /** The group's place this member took when they signed (1 … groupRequired). */
    groupSeat: integer("group_seat"),
    /**
     * When their invitation last went out (the first, a resend, a reminder, the mail after a
     * correction); `sentAt` stays the first, from which reminders count.
     */
    lastMailedAt: ts("last_mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("recipients_request_idx").on(t.requestId),
    index("recipients_group_idx").on(t.groupId),
    uniqueIndex("recipients_token_idx").on(t.tokenHash),
    oneOf("recipients_role_check", t.role, RECIPIENT_ROLES),
    oneOf("recipients_status_check", t.status, RECIPIENT_STATUSES),
    oneOf("recipients_auth_method_check", t.authMethod, AUTH_METHODS),
    oneOf("recipients_delivery_check", t.delivery, RECIPIENT_DELIVERIES),
  ],
);

/**
 * Codes e-mailed to an EMAIL_CODE signer: 6 digits, derived from a server secret and the row's id
 * (so that a retried mail job sends the same code), stored only as a keyed hash. Valid until
 * `expiresAt` and once; a newer code ends the older ones.
 */
export const signerCodes = pgTable(
  "signer_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    /** HMAC-SHA256 (server secret) of the recipient id and the code, hex. */
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signer_codes_recipient_idx").on(t.recipientId, t.createdAt)],
);

/** A signer who gave the right code: the signer-session cookie names one row (by the SHA-256 of its token). */
/**
 * Signing links that were replaced (staff corrected the recipient's name or e-mail): the old
 * link answers 410 saying so, instead of a 404 that would look like a typo. Only the token's hash.
 */
export const retiredSigningLinks = pgTable(
  "retired_signing_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    retiredAt: ts("retired_at").notNull().default(nowMs),
    /** Why: `corrected` (staff set the details right) or `delegated` (the recipient handed their turn to someone else). */
    reason: text("reason").notNull().default("corrected"),
  },
  (t) => [index("retired_signing_links_recipient_idx").on(t.recipientId)],
);

export const signerSessions = pgTable(
  "signer_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    tokenHash: text("token_hash").notNull().unique(),
    /** ACCESS_CODE or EMAIL_CODE: how this session was earned. */
    method: text("method").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** Moves forward with use (idle timeout), never past createdAt + the absolute limit. */
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    index("signer_sessions_recipient_idx").on(t.recipientId),
    oneOf("signer_sessions_method_check", t.method, SIGNER_SESSION_METHODS),
  ],
);

export const fields = pgTable(
  "fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    /** The request's document the field stands on; `page` counts that document's pages. */
    documentId: belongsTo("document_id", () => requestDocuments.id),
    ...fieldColumns(),
    /** What the signer gave (lib/schemas/signing.ts, zStoredFieldValue): read back with parseStoredFieldValue. */
    value: jsonb("value").$type<unknown>(),
    /** The recipient who gave the value: the assignee, or for a signing group the member who signed. */
    signedBy: uuid("signed_by"),
    createdAt: createdAt(),
  },
  (t) => [index("fields_request_idx").on(t.requestId), oneOf("fields_type_check", t.type, FIELD_TYPES)],
);

/**
 * What a signer has entered in a field so far, saved as they fill it so that a reload (or another
 * device) finds it again. Not a signature: only POST /api/sign/{token}/sign writes `fields.value`.
 * One row per field; deleted when the recipient signs, declines or is corrected, and with the field.
 * A drawn or uploaded image is kept here (cleaned, base64), never in the blob store.
 */
export const signerDrafts = pgTable(
  "signer_drafts",
  {
    fieldId: belongsTo("field_id", () => fields.id),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    value: jsonb("value").$type<SignerDraftValue>().notNull(),
    updatedAt: ts("updated_at").notNull().default(nowMs),
  },
  // Per field and recipient: a signing group's members fill the same fields, each in a draft of their own.
  (t) => [primaryKey({ columns: [t.fieldId, t.recipientId] }), index("signer_drafts_recipient_idx").on(t.recipientId)],
);

/** A saved value: text (TEXT, NAME, EMAIL, NUMBER as typed, DROPDOWN), a tick, a typed mark, or a cleaned image. */
export type SignerDraftValue =
  | { text: string }
  | { checked: boolean }
  | { typed: string }
  | { image: string; mime: "image/png" | "image/jpeg" }
  /** FILE: the ids of the files attached so far (signer_files). */
  | { files: string[] };

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    type: text("type").notNull(),
    actor: text("actor").notNull(), // "api-key:<prefix>", "staff:<id>", "recipient:<id>", "system"
    /** How the actor is shown (audit trail, certificate): "Ann Lee <ann@example.com> (staff)"; null: the actor id says it. */
    actorLabel: text("actor_label"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_request_idx").on(t.requestId, t.createdAt)],
);

/** Work that must not be lost: written with the state change that causes it, run by the worker. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<JobType>().notNull(),
    /** Checked against the job type's schema when queued and again before it runs (lib/server/jobs/payloads.ts). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("QUEUED"), // QUEUED | RUNNING | DONE | FAILED
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: ts("run_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.runAt),
    oneOf("jobs_type_check", t.type, JOB_TYPES),
    oneOf("jobs_status_check", t.status, JOB_STATUSES),
  ],
);

export const rateBuckets = pgTable("rate_buckets", {
  keyId: uuid("key_id").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    keyId: uuid("key_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    requestHash: text("request_hash").notNull(),
    /** null while the first request is still being handled. */
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] })],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/** The text layer of a document version, extracted once (JSON in the blob store), keyed by the PDF's SHA-256. */
export const textLayers = pgTable("text_layers", {
  pdfSha256: text("pdf_sha256").primaryKey(),
  layerSha256: text("layer_sha256").notNull(),
  formatVersion: integer("format_version").notNull(),
  /**
   * The anchor index, JSON `{ all, layout }` (lib/server/documents/text-layer-cache.ts): every {{…}} token
   * and its preview layout among no placed fields, found at upload. Null when there is none (a layer stored
   * before it, or an index over its size limit): the layer is searched instead.
   */
  anchors: text("anchors"),
  anchorsVersion: integer("anchors_version"),
  createdAt: createdAt(),
});

/**
 * What signers are shown of a document version: the PDF with its anchor text removed as the
 * seal removes it, made once and kept in the blob store; the seal then draws the values into this very
 * copy. Derived data keyed by the PDF's SHA-256, like text_layers. `sha256` is the PDF's own when it has
 * no anchor text; null while the last attempt failed (`failure`, `failed_at`: the signers are shown the
 * PDF as it is meanwhile, as the seal cannot remove the text either).
 */
export const signerCopies = pgTable("signer_copies", {
  pdfSha256: text("pdf_sha256").primaryKey(),
  sha256: text("sha256"),
  /** `{{…}}` tokens found, and those left as they are (more than their own glyphs in their box). */
  anchors: integer("anchors").notNull().default(0),
  refused: integer("refused").notNull().default(0),
  failure: text("failure"),
  failedAt: ts("failed_at"),
  createdAt: createdAt(),
});

/** Every message Signet sent (or wrote to the outbox), for the dashboard's outbox and the audit. */
export const mailLog = pgTable(
  "mail_log",
  {
    id: text("id").primaryKey(), // the job id: a retried job writes the same row
    orgId: uuid("org_id"),
    environment: text("environment"),
    requestId: uuid("request_id"),
    kind: text("kind").notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    via: text("via").notNull(), // smtp | outbox
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_log_scope_idx").on(t.orgId, t.environment, t.createdAt),
    oneOf("mail_log_environment_check", t.environment, ENVIRONMENTS),
    oneOf("mail_log_via_check", t.via, MAIL_VIAS),
  ],
);

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    environment: text("environment").notNull(),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    /** whsec_ + base64 of 32 random bytes; shown once at creation. */
    secret: text("secret").notNull(),
    description: text("description"),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("webhook_endpoints_scope_idx").on(t.orgId, t.environment),
    oneOf("webhook_endpoints_environment_check", t.environment, ENVIRONMENTS),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: belongsTo("endpoint_id", () => webhookEndpoints.id),
    /** The Standard Webhooks message id (webhook-id): the same for every attempt. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull().default("PENDING"), // PENDING | DELIVERED | FAILED
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: ts("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    oneOf("webhook_deliveries_status_check", t.status, WEBHOOK_DELIVERY_STATUSES),
  ],
);

/**
 * Reusable documents a draft is made from: one or several (template_documents), each a PDF used as it
 * is or a DOCX whose placeholders are filled and which is then converted to PDF.
 */
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    environment: text("environment").notNull(),
    name: text("name").notNull(),
    createdByKeyId: uuid("created_by_key_id"),
    createdAt: createdAt(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("templates_scope_idx").on(t.orgId, t.environment, t.createdAt),
    oneOf("templates_environment_check", t.environment, ENVIRONMENTS),
  ],
);

/**
 * A template's documents, in order (`position` 1…n). The uploaded file is a blob (sha256); what was found
 * in it at upload (placeholders, anchors, pages) is kept so that reading a template parses nothing.
 */
export const templateDocuments = pgTable(
  "template_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: belongsTo("template_id", () => templates.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(), // PDF | DOCX
    sha256: text("sha256").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    filename: text("filename"),
    placeholders: jsonb("placeholders").$type<string[]>().notNull().default([]),
    anchors: jsonb("anchors").$type<Record<string, unknown>[]>().notNull().default([]),
    /** PDF documents only. */
    pageCount: integer("page_count"),
    pages: jsonb("pages").$type<{ width: number; height: number }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("template_documents_template_idx").on(t.templateId, t.position),
    index("template_documents_sha256_idx").on(t.sha256),
    oneOf("template_documents_kind_check", t.kind, TEMPLATE_KINDS),
  ],
);

/**
 * A template's roles ("Client", "Company"), in order: the role at `position` N is the anchors' `sN`. Each
 * becomes one recipient of a `use` call, with the role's signing order and recipient role unless the call
 * says otherwise. Names are unique per template whatever their case.
 */
export const templateRoles = pgTable(
  "template_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: belongsTo("template_id", () => templates.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    signingOrder: integer("signing_order").notNull().default(1),
    recipientRole: text("recipient_role").notNull().default("SIGNER"),
    /** The canDelegate a recipient in this role gets unless the use call gives one. */
    canDelegate: boolean("can_delegate").notNull().default(false),
    /** The role is a signing group: the use call names several people, and this many of them must sign. Null: one person. */
    groupRequired: integer("group_required"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("template_roles_position_idx").on(t.templateId, t.position),
    uniqueIndex("template_roles_name_idx").on(t.templateId, sql`lower(${t.name})`),
    oneOf("template_roles_recipient_role_check", t.recipientRole, RECIPIENT_ROLES),
  ],
);

/**
 * Fields stored on a template's PDF documents, each for one of its roles (a role renamed or moved keeps
 * its fields).
 */
export const templateFields = pgTable(
  "template_fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: belongsTo("template_id", () => templates.id),
    /** The PDF document it stands on (the template's, above). */
    documentId: belongsTo("document_id", () => templateDocuments.id),
    // No cascade: a role that has fields is not dropped (the template's deletion takes both).
    roleId: uuid("role_id")
      .notNull()
      .references(() => templateRoles.id),
    ...fieldColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("template_fields_template_idx").on(t.templateId, t.createdAt),
    index("template_fields_role_idx").on(t.roleId),
    oneOf("template_fields_type_check", t.type, FIELD_TYPES),
  ],
);

/**
 * A file a signer attached to a FILE field: judged by its bytes (an image decoded and encoded again, a PDF
 * in its one reading) and stored as a blob when uploaded; a signature's value names the ones it keeps.
 */
export const signerFiles = pgTable(
  "signer_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: belongsTo("request_id", () => signatureRequests.id),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    fieldId: belongsTo("field_id", () => fields.id),
    /** The file's name as the signer's device gave it, cleaned (lib/files/file-name.ts). */
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signer_files_field_idx").on(t.fieldId, t.createdAt), index("signer_files_request_idx").on(t.requestId)],
);

/**
 * Documents the engine refused for what they are (too complex, a decompression bomb, over a limit),
 * by SHA-256: the same bytes sent again are refused at once instead of being parsed again.
 */
export const documentRejections = pgTable("document_rejections", {
  sha256: text("sha256").primaryKey(),
  reason: text("reason").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/**
 * Token buckets by name, for limits that are not per API key: a signing link (`sign-token:<hash>`),
 * a client address (`sign-ip:<ip>`, `verify-ip:<ip>`). Same statement as rate_buckets.
 */
export const namedRateBuckets = pgTable("named_rate_buckets", {
  bucket: text("bucket").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/** Every staff sign-in attempt and its outcome: the auth log, and what sign-in throttling counts. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** SUCCESS, FAILURE (wrong e-mail or password) or THROTTLED (refused without checking). */
    outcome: text("outcome").notNull(),
    /** PASSWORD, OIDC or SAML. */
    method: text("method").notNull().default("PASSWORD"),
    /** The single sign-on connection, for OIDC and SAML. */
    ssoConnectionId: uuid("sso_connection_id"),
    /** Why a single sign-on attempt was refused (a code such as SSO_DOMAIN_NOT_ALLOWED; never a token or a claim's value). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_attempts_email_idx").on(t.email, t.createdAt),
    index("auth_attempts_ip_idx").on(t.ip, t.createdAt),
    oneOf("auth_attempts_outcome_check", t.outcome, AUTH_OUTCOMES),
    oneOf("auth_attempts_method_check", t.method, STAFF_SIGN_IN_METHODS),
  ],
);

/** Each run of the sandbox purge: what it deleted (an admin sees these). */
export const purgeRuns = pgTable("purge_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  startedAt: createdAt(),
  finishedAt: ts("finished_at"),
  /** Requests created before this were purged. */
  cutoff: ts("cutoff").notNull(),
  requests: integer("requests").notNull().default(0),
  blobs: integer("blobs").notNull().default(0),
  /** Counts per table (recipients, fields, events, mails, webhook deliveries, document versions). */
  counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
  error: text("error"),
});

/**
 * Short-lived signing URLs for EMBEDDED recipients: valid 5 minutes and once, to open the signing
 * page inside the sender's iframe (which then runs on the usual signer session).
 */
export const embedLinks = pgTable(
  "embed_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: belongsTo("recipient_id", () => recipients.id),
    /** SHA-256 of the URL's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    /**
     * SHA-256 of the embedded page's own token, made when the URL is opened: what the
     * framed signing app and the signer API use, only until `session_expires_at`. The recipient's
     * link token never reaches the page.
     */
    sessionHash: text("session_hash"),
    sessionExpiresAt: ts("session_expires_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("embed_links_token_idx").on(t.tokenHash),
    uniqueIndex("embed_links_session_idx").on(t.sessionHash),
    index("embed_links_recipient_idx").on(t.recipientId),
  ],
);

/** A bulk send from a template: one request per row, run by the queue (resumable after a crash). */
export const bulkSends = pgTable(
  "bulk_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    environment: text("environment").notNull(),
    templateId: uuid("template_id").notNull(),
    /** The key (or staff member) that started it, as audit events name actors. */
    createdBy: text("created_by"),
    /** QUEUED | RUNNING | DONE */
    status: text("status").notNull().default("QUEUED"),
    total: integer("total").notNull(),
    createdCount: integer("created_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("bulk_sends_org_idx").on(t.orgId, t.environment, t.createdAt),
    oneOf("bulk_sends_environment_check", t.environment, ENVIRONMENTS),
    oneOf("bulk_sends_status_check", t.status, BULK_SEND_STATUSES),
  ],
);

/** One row of a bulk send: its data, and what became of it (the request made, or why not). */
export const bulkSendRows = pgTable(
  "bulk_send_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bulkSendId: belongsTo("bulk_send_id", () => bulkSends.id),
    rowIndex: integer("row_index").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull(),
    /** PENDING | SENT | FAILED (INVALID rows are FAILED before anything runs) */
    status: text("status").notNull().default("PENDING"),
    requestId: uuid("request_id"),
    error: text("error"),
    updatedAt: ts("updated_at"),
  },
  (t) => [
    uniqueIndex("bulk_send_rows_idx").on(t.bulkSendId, t.rowIndex),
    oneOf("bulk_send_rows_status_check", t.status, BULK_ROW_STATUSES),
  ],
);

// Documents kept in the database (BLOB_STORE=postgres): lib/server/blobs/postgres-store.ts.
export { blobObjects, blobChunks } from "./schema-blobs";

/**
 * Relations, for drizzle's relational queries only (no effect on the tables or migrations): a
 * request read with its current document, recipients and fields in one SQL statement
 * (lib/server/requests/read-request.ts).
 */
export const signatureRequestsRelations = relations(signatureRequests, ({ many }) => ({
  documents: many(requestDocuments),
  documentVersions: many(documentVersions),
  recipients: many(recipients),
  fields: many(fields),
  approvals: many(sendApprovals),
}));
export const requestDocumentsRelations = relations(requestDocuments, ({ one, many }) => ({
  request: one(signatureRequests, { fields: [requestDocuments.requestId], references: [signatureRequests.id] }),
  versions: many(documentVersions),
}));
export const documentVersionsRelations = relations(documentVersions, ({ one }) => ({
  request: one(signatureRequests, { fields: [documentVersions.requestId], references: [signatureRequests.id] }),
  document: one(requestDocuments, { fields: [documentVersions.documentId], references: [requestDocuments.id] }),
}));
export const recipientsRelations = relations(recipients, ({ one }) => ({
  request: one(signatureRequests, { fields: [recipients.requestId], references: [signatureRequests.id] }),
}));
export const fieldsRelations = relations(fields, ({ one }) => ({
  request: one(signatureRequests, { fields: [fields.requestId], references: [signatureRequests.id] }),
}));

/**
 * A template's public link (/p/{slug}): anyone who opens it starts a request from the template, taking
 * `roleId`; the template's other roles are taken by the people fixed on the link (`fixedPeople`, by role id)
 * or named by the visitor. Limits are kept here and enforced in the transaction that starts a request
 * (the row is locked): a quota of 1 passes one visitor, however many come at once.
 */
export const publicLinks = pgTable(
  "public_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: belongsTo("template_id", () => templates.id),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    environment: text("environment").notNull(),
    /** 16 base62 characters (95 bits): the link's address, unguessable. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** The role the visitor takes. No cascade: a role a link names cannot be dropped. */
    roleId: uuid("role_id")
      .notNull()
      .references(() => templateRoles.id),
    /** The other roles' people as fixed by staff, by role id; a role not here is named by the visitor. */
    fixedPeople: jsonb("fixed_people").$type<Record<string, { name: string; email: string }>>().notNull().default({}),
    /** scrypt hash of the code a visitor must give (null: none). */
    accessCodeHash: text("access_code_hash"),
    expiresAt: ts("expires_at"),
    quotaTotal: integer("quota_total"),
    quotaPerDay: integer("quota_per_day"),
    oncePerEmail: boolean("once_per_email").notNull().default(false),
    confirmEmail: boolean("confirm_email").notNull().default(false),
    /** ACTIVE, PAUSED (answers "paused", may be resumed) or REVOKED (for good). */
    status: text("status").$type<PublicLinkStatus>().notNull().default("ACTIVE"),
    /** Pages opened (GET of the link by a visitor), counted in the database. */
    visits: integer("visits").notNull().default(0),
    createdByKeyId: uuid("created_by_key_id"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().default(nowMs),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("public_links_slug_idx").on(t.slug),
    index("public_links_template_idx").on(t.templateId, t.createdAt),
    oneOf("public_links_environment_check", t.environment, ENVIRONMENTS),
    oneOf("public_links_status_check", t.status, PUBLIC_LINK_STATUSES),
  ],
);

/**
 * A visitor's start on a public link: who they said they are, the e-mail code when the link asks for
 * one, and the request it started. A start that holds a place in the quota is STARTED (its request made)
 * or CONFIRMING (waiting for its code, no place held); `once per e-mail` is a unique index on the started.
 */
export const publicVisits = pgTable(
  "public_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: belongsTo("link_id", () => publicLinks.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The other roles' people the visitor named, by role id. */
    namedPeople: jsonb("named_people").$type<Record<string, { name: string; email: string }>>().notNull().default({}),
    locale: text("locale"),
    /** CONFIRMING (code mailed), STARTED (request made). */
    status: text("status").notNull(),
    /** The link said "once per e-mail address" when this visit came: a second STARTED visit of the address is refused. */
    once: boolean("once").notNull().default(false),
    /** HMAC of the mailed code; wrong tries, the fifth ends the visit. */
    codeHash: text("code_hash"),
    codeFailures: integer("code_failures").notNull().default(0),
    codeExpiresAt: ts("code_expires_at"),
    emailConfirmedAt: ts("email_confirmed_at"),
    requestId: uuid("request_id").references((): AnyPgColumn => signatureRequests.id, { onDelete: "set null" }),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("public_visits_link_idx").on(t.linkId, t.createdAt),
    uniqueIndex("public_visits_once_idx")
      .on(t.linkId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'STARTED' and ${t.once}`),
    oneOf("public_visits_status_check", t.status, ["CONFIRMING", "STARTED"]),
  ],
);

/**
 * A production send asked for by a key whose sends need approval: PENDING until a staff member approves (the
 * request is sent as it stood) or rejects it (with a reason; the request stays a DRAFT). One PENDING per request.
 */
export const sendApprovals = pgTable(
  "send_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => signatureRequests.id, { onDelete: "cascade" }),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    /** The key that asked (its send is made as that key when approved). */
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id),
    /** Where it was asked from: `api` or `mcp`. */
    via: text("via").notNull().default("api"),
    state: text("state").notNull().default("PENDING"),
    requestedAt: createdAt(),
    decidedAt: ts("decided_at"),
    decidedByStaffId: uuid("decided_by_staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("send_approvals_one_pending_idx")
      .on(t.requestId)
      .where(sql`${t.state} = 'PENDING'`),
    index("send_approvals_org_idx").on(t.orgId, t.state),
    oneOf("send_approvals_state_check", t.state, ["PENDING", "APPROVED", "REJECTED"]),
    oneOf("send_approvals_via_check", t.via, ["api", "mcp"]),
  ],
);
export const sendApprovalsRelations = relations(sendApprovals, ({ one }) => ({
  request: one(signatureRequests, { fields: [sendApprovals.requestId], references: [signatureRequests.id] }),
  key: one(apiKeys, { fields: [sendApprovals.keyId], references: [apiKeys.id] }),
}));

/**
 * Every call an agent made through the MCP server (lib/server/mcp): which key, which tool, the request it named
 * or made, and how it ended. A call on a request is also in that request's audit trail; this is the key's own
 * trail, where calls that name no request (a search, a template read, a refusal) are kept too.
 */
export const mcpCalls = pgTable(
  "mcp_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order calls were written in (two may share a millisecond). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    orgId: uuid("org_id")
      .notNull()
      .references(() => organizations.id),
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id),
    tool: text("tool").notNull(),
    /** The request the call named or made; kept as text (the request may be deleted later). */
    requestId: text("request_id"),
    /** null: it succeeded; else the API error code it was refused with. */
    errorCode: text("error_code"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("mcp_calls_key_idx").on(t.keyId, t.seq)],
);
