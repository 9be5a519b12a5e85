import "server-only";
import { and, asc, eq } from "drizzle-orm";
import {
  zOidcConnectionInput,
  zOidcSettings,
  zSamlConnectionInput,
  zSamlIdp,
  zSamlSettings,
  type OidcConnectionDto,
  type OidcSettings,
  type PasswordSignIn,
  type SamlConnectionDto,
  type SamlIdp,
  type SsoButton,
  type SsoConnectionDto,
} from "@/lib/schemas/sso";
import { getDb, type Queryable } from "../db";
import { organizations, ssoConnections } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound, validationError } from "../errors";
import { isUuid } from "../auth/scope";
import { config } from "../config";
import { log } from "../log";
import { actingAdmin } from "../staff/acting-admin";
import type { StaffIdentity } from "../staff/sessions";
import { discoverOidc } from "./discovery";
import { openSecret, sealSecret } from "./settings-key";
import { OPERATOR_CONNECTION_ID, operatorOidc } from "./operator-connection";
import { dropTestReports, lastTests } from "./test-sign-in";
import type { SignInConnection } from "./sso-sign-in";
import { acsUrlOf, samlLoginPathOf, spEntityIdOf } from "./saml";
import { certificateFacts, fetchIdpMetadata, parseIdpMetadata } from "./saml-metadata";

type Row = typeof ssoConnections.$inferSelect;

/** next-auth's provider id for a connection: its callback is /api/auth/callback/<this>. */
export const providerIdOf = (connectionId: string) => `sso-${connectionId}`;
export const connectionIdOfProvider = (providerId: string) =>
  providerId.startsWith("sso-") && isUuid(providerId.slice(4)) ? providerId.slice(4) : null;

/** Where the provider sends people back: the admin registers it with the provider. */
export const redirectUriOf = (connectionId: string) => `${config.publicBaseUrl}/api/auth/callback/${providerIdOf(connectionId)}`;

/** The stored settings, read by the same schema that let them in (a row written by an older Signet is read the same way). */
export const settingsOf = (row: Row): OidcSettings => zOidcSettings.parse(row.settings);

function secretState(row: Row): OidcConnectionDto["secret"] {
  if (row.id === OPERATOR_CONNECTION_ID) return "SET";
  if (!row.secretSealed) return "NONE";
  try {
    return openSecret(row.secretSealed, row.id) === null ? "UNREADABLE" : "SET";
  } catch {
    return "UNREADABLE"; // no settings key on this server
  }
}

const dtoBase = (row: Row) => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  lastTest: null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function oidcDto(row: Row): OidcConnectionDto {
  return {
    ...dtoBase(row),
    kind: "OIDC",
    settings: settingsOf(row),
    secret: secretState(row),
    operator: row.id === OPERATOR_CONNECTION_ID,
    redirectUri: redirectUriOf(row.id),
  };
}

function samlDto(row: Row): SamlConnectionDto {
  const settings = zSamlSettings.parse(row.settings);
  return {
    ...dtoBase(row),
    kind: "SAML",
    settings,
    certificates: settings.idp.certificates.map(certificateFacts),
    spMetadataUrl: spEntityIdOf(row.id),
    spEntityId: spEntityIdOf(row.id),
    acsUrl: acsUrlOf(row.id),
    operator: false,
  };
}

const toDto = (row: Row): SsoConnectionDto => (row.kind === "SAML" ? samlDto(row) : oidcDto(row));

async function connectionOf(tx: Queryable, orgId: string, id: string): Promise<Row> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.id, id), eq(ssoConnections.orgId, orgId)))
    : [];
  if (!row) throw notFound("SSO_CONNECTION_NOT_FOUND", "Single sign-on connection");
  if (row.id === OPERATOR_CONNECTION_ID)
    throw new AppError(
      "SSO_CONNECTION_MANAGED",
      "This connection is set by the server's environment (OIDC_*): the operator changes it there",
    );
  return row;
}

/** The organization's connections and its password policy, for the admin's settings page. */
export async function listSsoConnections(
  actor: StaffIdentity,
): Promise<{ connections: SsoConnectionDto[]; passwordSignIn: PasswordSignIn }> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const rows = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.orgId, admin.orgId))
    .orderBy(asc(ssoConnections.createdAt));
  const tests = await lastTests(
    actor,
    rows.map((r) => r.id),
  );
  const org = oneRow(
    await db.select({ p: organizations.passwordSignIn }).from(organizations).where(eq(organizations.id, admin.orgId)),
    "the organization",
  );
  return { connections: rows.map((r) => ({ ...toDto(r), lastTest: tests[r.id] ?? null })), passwordSignIn: org.p };
}

/**
 * Creates (id null) or replaces an OIDC connection. The settings are checked by their schema, then the
 * provider's discovery document is read (it must answer and name the issuer) before anything is stored;
 * a client secret given is sealed with the settings key, one left out keeps the stored one. A connection
 * cannot be enabled without a secret this server can open.
 */
export async function saveOidcConnection(actor: StaffIdentity, id: string | null, body: unknown): Promise<OidcConnectionDto> {
  const parsed = zOidcConnectionInput.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "connection");
  const input = parsed.data;
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const existing = id === null ? null : await connectionOf(db, admin.orgId, id);
  if (existing && existing.kind !== "OIDC") throw notFound("SSO_CONNECTION_NOT_FOUND", "OIDC connection");
  await discoverOidc(input.settings.issuer);
  const rowId = existing?.id ?? crypto.randomUUID();
  const secretSealed =
    input.clientSecret !== undefined ? sealSecret(input.clientSecret, rowId) : (existing?.secretSealed ?? null);
  if (input.enabled) {
    const opens = secretSealed !== null && openSecret(secretSealed, rowId) !== null;
    if (!opens)
      throw new AppError(
        existing?.secretSealed ? "SSO_SECRET_UNREADABLE" : "SSO_SETTINGS_INVALID",
        existing?.secretSealed
          ? "The stored client secret was sealed with another settings key: enter it again"
          : "A connection is turned on only with its client secret",
        existing?.secretSealed
          ? {}
          : { errors: [{ field: "clientSecret", message: "clientSecret is required to turn the connection on" }] },
      );
  }
  const values = { name: input.name, enabled: input.enabled, settings: input.settings, secretSealed, updatedAt: new Date() };
  const row = existing
    ? oneRow(await db.update(ssoConnections).set(values).where(eq(ssoConnections.id, existing.id)).returning(), "the connection")
    : oneRow(
        await db
          .insert(ssoConnections)
          .values({ id: rowId, orgId: admin.orgId, kind: "OIDC", ...values })
          .returning(),
        "the new connection",
      );
  log().info({ sso: row.id, by: admin.id, enabled: row.enabled }, existing ? "sso connection changed" : "sso connection made");
  return oidcDto(row);
}

/**
 * Creates (id null) or replaces a SAML connection. The identity provider comes from its metadata, read from
 * the URL given (no redirect, 8 s, 1 MB) or from the XML pasted; required when the connection is made, and a
 * change without either keeps the provider as it was read. Refused with SSO_METADATA_INVALID and the reason
 * before anything is stored.
 */
export async function saveSamlConnection(actor: StaffIdentity, id: string | null, body: unknown): Promise<SamlConnectionDto> {
  const parsed = zSamlConnectionInput.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "connection");
  const input = parsed.data;
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const existing = id === null ? null : await connectionOf(db, admin.orgId, id);
  if (existing && existing.kind !== "SAML") throw notFound("SSO_CONNECTION_NOT_FOUND", "SAML connection");
  let idp: SamlIdp;
  if (input.metadataUrl) idp = { ...(await fetchIdpMetadata(input.metadataUrl)), metadataUrl: input.metadataUrl };
  else if (input.metadataXml) idp = { ...(await parseIdpMetadata(input.metadataXml)), metadataUrl: null };
  else if (existing) idp = zSamlSettings.parse(existing.settings).idp;
  else
    throw new AppError("SSO_SETTINGS_INVALID", "Give the identity provider's metadata: its URL or its XML", {
      errors: [{ field: "metadataUrl", message: "metadataUrl or metadataXml is required" }],
    });
  const checked = zSamlIdp.safeParse(idp);
  if (!checked.success)
    throw new AppError(
      "SSO_METADATA_INVALID",
      `The identity provider's metadata cannot be used: ${checked.error.issues[0]?.message}`,
      {
        details: { reason: checked.error.issues[0]?.message ?? "invalid" },
      },
    );
  const settings = zSamlSettings.parse({ ...input.settings, idp: checked.data });
  const values = { name: input.name, enabled: input.enabled, settings, secretSealed: null, updatedAt: new Date() };
  const row = existing
    ? oneRow(await db.update(ssoConnections).set(values).where(eq(ssoConnections.id, existing.id)).returning(), "the connection")
    : oneRow(
        await db
          .insert(ssoConnections)
          .values({ orgId: admin.orgId, kind: "SAML", ...values })
          .returning(),
        "the new connection",
      );
  log().info({ sso: row.id, by: admin.id, enabled: row.enabled }, existing ? "sso connection changed" : "sso connection made");
  return samlDto(row);
}

/**
 * Removes a connection; the people who signed in through it keep their accounts (and passwords, if any).
 * Refused while password sign-in is for admins only and this is the last connection turned on.
 */
export async function deleteSsoConnection(actor: StaffIdentity, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const row = await connectionOf(tx, admin.orgId, id);
    await tx.delete(ssoConnections).where(eq(ssoConnections.id, row.id));
    await dropTestReports(row.id, tx);
    await assertMembersCanSignIn(tx, admin.orgId);
    log().info({ sso: row.id, by: admin.id }, "sso connection removed");
  });
}

/** Password sign-in closed to members needs a connection turned on, else nobody but admins could come in. */
async function assertMembersCanSignIn(tx: Queryable, orgId: string) {
  const [org] = await tx.select({ p: organizations.passwordSignIn }).from(organizations).where(eq(organizations.id, orgId));
  if (org?.p !== "ADMINS_ONLY") return;
  const on = await tx
    .select({ id: ssoConnections.id })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.orgId, orgId), eq(ssoConnections.enabled, true)))
    .limit(1);
  if (!on.length)
    throw new AppError(
      "PASSWORD_SIGN_IN_CLOSED",
      "Password sign-in is for admins only: turn on a single sign-on connection first, or open password sign-in to everyone",
    );
}

/** ALLOWED, or ADMINS_ONLY (members sign in through single sign-on; admins keep a password as a break-glass door). */
export async function setPasswordSignIn(actor: StaffIdentity, mode: unknown): Promise<PasswordSignIn> {
  if (mode !== "ALLOWED" && mode !== "ADMINS_ONLY")
    throw new AppError("VALIDATION_FAILED", "passwordSignIn must be ALLOWED or ADMINS_ONLY", {
      errors: [{ field: "passwordSignIn", message: "passwordSignIn must be ALLOWED or ADMINS_ONLY" }],
    });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    await tx.update(organizations).set({ passwordSignIn: mode }).where(eq(organizations.id, admin.orgId));
    await assertMembersCanSignIn(tx, admin.orgId);
    return mode;
  });
}

/** An OIDC connection with what a sign-in through it needs (the secret opened). */
export interface LiveOidcConnection extends SignInConnection {
  settings: OidcSettings;
  clientSecret: string;
}

/**
 * Every connection turned on whose secret opens here (one that does not is logged and left out: its button
 * would fail); `includeOff`: those turned off too (an admin may test one before turning it on).
 */
export async function liveOidcConnections({ includeOff = false } = {}): Promise<LiveOidcConnection[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(ssoConnections)
    .where(includeOff ? eq(ssoConnections.kind, "OIDC") : and(eq(ssoConnections.enabled, true), eq(ssoConnections.kind, "OIDC")))
    .orderBy(asc(ssoConnections.createdAt));
  return rows.flatMap((row) => liveOidcOf(row) ?? []);
}

/** A stored OIDC connection as next-auth's provider needs it (the operator's from OIDC_*); null when its secret does not open here. */
function liveOidcOf(row: typeof ssoConnections.$inferSelect): LiveOidcConnection | null {
  if (row.id === OPERATOR_CONNECTION_ID) {
    const op = operatorOidc();
    return op
      ? {
          id: row.id,
          orgId: row.orgId,
          name: op.name,
          enabled: row.enabled,
          settings: op.settings,
          clientSecret: op.clientSecret,
        }
      : null;
  }
  let secret: string | null = null;
  try {
    secret = row.secretSealed ? openSecret(row.secretSealed, row.id) : null;
  } catch {
    secret = null;
  }
  if (secret === null) {
    if (row.enabled)
      log().warn({ sso: row.id }, "sso connection left out: its client secret does not open with this server's settings key");
    return null;
  }
  return { id: row.id, orgId: row.orgId, name: row.name, enabled: row.enabled, settings: settingsOf(row), clientSecret: secret };
}

/**
 * The sign-in page's buttons: each connection turned on, by name, in the order they were made; an OIDC one
 * starts through next-auth (providerId), a SAML one at its login route (href).
 */
export async function signInButtons(): Promise<SsoButton[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.enabled, true))
    .orderBy(asc(ssoConnections.createdAt));
  // An OIDC connection whose secret does not open here has no button (it would fail); the operator's is named by OIDC_NAME.
  return rows.flatMap((r): SsoButton[] => {
    if (r.kind === "SAML") return [{ key: r.id, name: r.name, href: samlLoginPathOf(r.id) }];
    const live = liveOidcOf(r);
    return live ? [{ key: r.id, name: live.name, providerId: providerIdOf(r.id) }] : [];
  });
}

/**
 * Where an admin's test sign-in through a connection starts: the connection must be theirs; an OIDC one needs a
 * secret that opens (next-auth's provider id), a SAML one starts at its login route.
 */
export async function testTarget(actor: StaffIdentity, id: string): Promise<{ providerId: string } | { href: string }> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const row = await connectionOf(db, admin.orgId, id).catch((e: unknown) => {
    // The operator's connection is tested like any other.
    if (e instanceof AppError && e.code === "SSO_CONNECTION_MANAGED") return null;
    throw e;
  });
  if (row?.kind === "SAML") return { href: `${samlLoginPathOf(row.id)}?callbackUrl=%2Fsettings%2Fsign-in` };
  const live = (await liveOidcConnections({ includeOff: true })).find((c) => c.id === (row?.id ?? id) && c.orgId === admin.orgId);
  if (!live)
    throw new AppError("SSO_SECRET_UNREADABLE", "The connection has no client secret this server can open: enter it first");
  return { providerId: providerIdOf(live.id) };
}
