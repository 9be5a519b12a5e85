import "server-only";
import { and, asc, eq } from "drizzle-orm";
import {
  zOidcConnectionInput,
  zOidcSettings,
  type OidcSettings,
  type PasswordSignIn,
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

type Row = typeof ssoConnections.$inferSelect;

/** next-auth's provider id for a connection: its callback is /api/auth/callback/<this>. */
export const providerIdOf = (connectionId: string) => `sso-${connectionId}`;
export const connectionIdOfProvider = (providerId: string) =>
  providerId.startsWith("sso-") && isUuid(providerId.slice(4)) ? providerId.slice(4) : null;

/** Where the provider sends people back: the admin registers it with the provider. */
export const redirectUriOf = (connectionId: string) => `${config.publicBaseUrl}/api/auth/callback/${providerIdOf(connectionId)}`;

/** The stored settings, read by the same schema that let them in (a row written by an older Signet is read the same way). */
export const settingsOf = (row: Row): OidcSettings => zOidcSettings.parse(row.settings);

function secretState(row: Row): SsoConnectionDto["secret"] {
  if (row.id === OPERATOR_CONNECTION_ID) return "SET";
  if (!row.secretSealed) return "NONE";
  try {
    return openSecret(row.secretSealed, row.id) === null ? "UNREADABLE" : "SET";
  } catch {
    return "UNREADABLE"; // no settings key on this server
  }
}

function toDto(row: Row): SsoConnectionDto {
  return {
    id: row.id,
    kind: "OIDC",
    name: row.name,
    enabled: row.enabled,
    settings: settingsOf(row),
    secret: secretState(row),
    operator: row.id === OPERATOR_CONNECTION_ID,
    redirectUri: redirectUriOf(row.id),
    lastTest: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
export async function saveOidcConnection(actor: StaffIdentity, id: string | null, body: unknown): Promise<SsoConnectionDto> {
  const parsed = zOidcConnectionInput.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "connection");
  const input = parsed.data;
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const existing = id === null ? null : await connectionOf(db, admin.orgId, id);
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
  return toDto(row);
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

/** A connection turned on, with what a sign-in through it needs (the secret opened). */
export interface LiveOidcConnection {
  id: string;
  orgId: string;
  name: string;
  /** Turned on (on the sign-in page); one that is off is reached only by an admin's test sign-in. */
  enabled: boolean;
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
  const live: LiveOidcConnection[] = [];
  for (const row of rows) {
    if (row.id === OPERATOR_CONNECTION_ID) {
      const op = operatorOidc();
      if (op)
        live.push({
          id: row.id,
          orgId: row.orgId,
          name: op.name,
          enabled: row.enabled,
          settings: op.settings,
          clientSecret: op.clientSecret,
        });
      continue;
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
      continue;
    }
    live.push({
      id: row.id,
      orgId: row.orgId,
      name: row.name,
      enabled: row.enabled,
      settings: settingsOf(row),
      clientSecret: secret,
    });
  }
  return live;
}

/** The sign-in page's buttons: each connection turned on, by name. */
export async function signInButtons(): Promise<{ providerId: string; name: string }[]> {
  return (await liveOidcConnections()).map((c) => ({ providerId: providerIdOf(c.id), name: c.name }));
}

/** The provider id an admin's test sign-in goes through: the connection must be theirs, with a secret that opens. */
export async function testableProvider(actor: StaffIdentity, id: string): Promise<string> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const row = await connectionOf(db, admin.orgId, id).catch((e: unknown) => {
    // The operator's connection is tested like any other.
    if (e instanceof AppError && e.code === "SSO_CONNECTION_MANAGED") return null;
    throw e;
  });
  const live = (await liveOidcConnections({ includeOff: true })).find((c) => c.id === (row?.id ?? id) && c.orgId === admin.orgId);
  if (!live)
    throw new AppError("SSO_SECRET_UNREADABLE", "The connection has no client secret this server can open: enter it first");
  return providerIdOf(live.id);
}
