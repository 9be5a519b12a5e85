import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { CacheProvider, SAML, Profile } from "@node-saml/node-saml";
import { zSamlSettings, type SamlSettings } from "@/lib/schemas/sso";
import { getDb, type Queryable } from "../db";
import { samlAssertions, samlLogins, samlRequests, ssoConnections } from "../db/schema";
import { isUuid } from "../auth/scope";
import { config } from "../config";
import { log } from "../log";
import { readSigned, signValue } from "./signed-value";
import type { Claims, SignInConnection } from "./sso-sign-in";

/**
 * SAML 2.0 sign-in (Web Browser SSO profile, HTTP-Redirect out, HTTP-POST back) with node-saml, which checks
 * the XML signature against the provider's certificates only, builds the person from the signed bytes only,
 * and checks the audience and the assertion's time conditions. What it leaves to Signet is done here, on the
 * signed assertion: the issuer, a bearer subject confirmation for this ACS with its expiry, the response's
 * Destination, the assertion's age, the single use of the assertion (replay) and of the AuthnRequest, and
 * the binding of an SP-initiated sign-in to the browser that started it. All state is in the database.
 *
 * node-saml and its XML libraries load on the first SAML request, never with the server.
 */

export const SAML_REQUEST_COOKIE = "signet-saml-request";
/** How long a person may take at the identity provider. */
const REQUEST_TTL_MS = 10 * 60_000;
/** Clocks differ: this much either way is forgiven. */
const SKEW_MS = 2 * 60_000;
/** An assertion is used at once: one issued longer ago than this is refused, whatever its conditions say. */
const MAX_AGE_MS = 5 * 60_000;
/** The browser redeems the hand-off code right after the ACS answers. */
const CODE_TTL_MS = 60_000;
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/** Signet's identity as a service provider for a connection: its metadata's URL is its entity ID. */
export const spEntityIdOf = (id: string) => `${config.publicBaseUrl}/api/auth/saml/${id}/metadata`;
export const acsUrlOf = (id: string) => `${config.publicBaseUrl}/api/auth/saml/${id}/acs`;
/** Where a "Sign in with …" button for a SAML connection goes. */
export const samlLoginPathOf = (id: string) => `/api/auth/saml/${id}/login`;

/** Why a SAML response or hand-off was refused: kept in the auth log (never a value of the message). */
export class SamlRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SamlRejected";
  }
}

/** A SAML connection as a sign-in reads it; its groups go into the claim "groups". */
export interface SamlConnection extends SignInConnection {
  settings: SamlSettings & { groupsClaim: "groups" };
}

/** The SAML connection with this id (on or off), or null. */
export async function samlConnection(id: string, db?: Queryable): Promise<SamlConnection | null> {
  if (!isUuid(id)) return null;
  const q = db ?? (await getDb());
  const [row] = await q
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.kind, "SAML")));
  if (!row) return null;
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    enabled: row.enabled,
    settings: { ...zSamlSettings.parse(row.settings), groupsClaim: "groups" },
  };
}

/** node-saml's request cache, in the database: written when a request goes out, read when the answer comes. */
function requestCache(connectionId: string): CacheProvider {
  return {
    async saveAsync(key, value) {
      const db = await getDb();
      // Requests nobody answered are dropped here too (an answer drops them as well): at most ten minutes' worth.
      await db.delete(samlRequests).where(lt(samlRequests.expiresAt, sql`now()`));
      await db
        .insert(samlRequests)
        .values({ id: key, connectionId, value, expiresAt: new Date(Date.now() + REQUEST_TTL_MS) })
        .onConflictDoNothing();
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const db = await getDb();
      const [row] = await db
        .select({ value: samlRequests.value })
        .from(samlRequests)
        .where(
          and(eq(samlRequests.id, key), eq(samlRequests.connectionId, connectionId), gt(samlRequests.expiresAt, sql`now()`)),
        );
      return row?.value ?? null;
    },
    // A request is consumed by the sign-in it answers, in one atomic step (acceptSamlResponse): node-saml's
    // own removal (also on failures) is not needed.
    async removeAsync() {
      return null;
    },
  };
}

async function samlFor(c: SamlConnection, requestId?: string): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await import("@node-saml/node-saml");
  return new SAML({
    issuer: spEntityIdOf(c.id),
    audience: spEntityIdOf(c.id),
    callbackUrl: acsUrlOf(c.id),
    entryPoint: c.settings.idp.ssoUrl,
    idpCert: c.settings.idp.certificates,
    // The assertion must be signed; the response around it may be (Okta, Entra ID and ADFS sign only the assertion).
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SKEW_MS,
    maxAssertionAgeMs: MAX_AGE_MS,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestCache(c.id),
    generateUniqueId: () => requestId ?? `_${crypto.randomBytes(20).toString("hex")}`,
    // Ask for no NameID format and no authentication context: a provider answers with what it is set up for.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: "sha256",
  });
}

/** Signet's service-provider metadata for a connection (what the admin gives the identity provider). */
export async function spMetadataXml(c: SamlConnection): Promise<string> {
  const { generateServiceProviderMetadata } = await import("@node-saml/node-saml");
  return generateServiceProviderMetadata({
    issuer: spEntityIdOf(c.id),
    callbackUrl: acsUrlOf(c.id),
    wantAssertionsSigned: true,
    identifierFormat: null,
  });
}

/**
 * Starts an SP-initiated sign-in: an AuthnRequest whose ID is kept (10 minutes) and set, signed, in a cookie
 * of this browser, so that the answer is accepted only from the browser that asked; RelayState carries the
 * path to return to. Returns where to send the browser and the cookie's value.
 */
export async function startSamlSignIn(c: SamlConnection, returnPath: string): Promise<{ location: string; cookie: string }> {
  const requestId = `_${crypto.randomBytes(20).toString("hex")}`;
  const saml = await samlFor(c, requestId);
  const location = await saml.getAuthorizeUrlAsync(returnPath, undefined, {});
  return { location, cookie: await signValue("saml-request", { c: c.id, r: requestId }, REQUEST_TTL_MS) };
}

type XmlNode = { $?: Record<string, string>; _?: string; [k: string]: unknown };
const first = (v: unknown): XmlNode | undefined => (Array.isArray(v) ? (v[0] as XmlNode | undefined) : undefined);
const all = (v: unknown): XmlNode[] => (Array.isArray(v) ? (v as XmlNode[]) : []);

/** node-saml's error, named by what failed (the auth log's reason). */
function reasonOf(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  if ((e as Error)?.name === "SamlStatusError" || /status/i.test(m)) return "SAML_IDP_STATUS";
  if (/signature|signed/i.test(m)) return "SAML_SIGNATURE";
  // node-saml says "no valid subject confirmation" when the confirmation's time window has passed.
  if (/expired|NotOnOrAfter|NotBefore|too old|not yet valid|subject confirmation/i.test(m)) return "SAML_EXPIRED";
  if (/audience/i.test(m)) return "SAML_AUDIENCE";
  if (/InResponseTo/i.test(m)) return "SAML_REQUEST_UNKNOWN";
  return "SAML_INVALID";
}

const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string").map((x) => x.trim());

function pickAttribute(attrs: Record<string, unknown>, names: string[]): string | null {
  for (const n of names) {
    const v = strings(attrs[n])[0];
    if (v) return v;
  }
  return null;
}

/** The person the signed assertion names, in the claims' names a sign-in judges (an org's IdP vouches for the address). */
function claimsOf(c: SamlConnection, profile: Profile): Claims {
  const s = c.settings;
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const nameId = typeof profile.nameID === "string" ? profile.nameID.trim() : "";
  const format = typeof profile.nameIDFormat === "string" ? profile.nameIDFormat : "";
  const email =
    pickAttribute(
      attrs,
      s.emailAttribute
        ? [s.emailAttribute]
        : [
            "email",
            "mail",
            "urn:oid:0.9.2342.19200300.100.1.3",
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
          ],
    ) ?? (format === EMAIL_FORMAT ? nameId : null);
  const name =
    pickAttribute(
      attrs,
      s.nameAttribute
        ? [s.nameAttribute]
        : [
            "name",
            "displayName",
            "urn:oid:2.16.840.1.113730.3.1.241",
            "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
          ],
    ) ?? null;
  const given = pickAttribute(attrs, [
    "givenName",
    "urn:oid:2.5.4.42",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  ]);
  const family = pickAttribute(attrs, [
    "sn",
    "surname",
    "urn:oid:2.5.4.4",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
  ]);
  // A transient NameID changes at each sign-in: such a person is known by their address only.
  const sub = format === TRANSIENT || !nameId ? (email ? `mail:${email.toLowerCase()}` : "") : nameId;
  return {
    sub: sub.slice(0, 500),
    email,
    email_verified: true,
    name,
    given_name: given,
    family_name: family,
    groups: strings(attrs[s.groupsAttribute]).slice(0, 200),
  };
}

/** Response@Destination (outside the signature when only the assertion is signed, still refused when wrong). */
async function destinationOf(samlResponse: string): Promise<string | null> {
  const { DOMParser } = await import("@xmldom/xmldom");
  try {
    const xml = Buffer.from(samlResponse, "base64").toString("utf8");
    const root = new DOMParser({ onError: () => {} }).parseFromString(xml, "text/xml").documentElement;
    return root?.getAttribute("Destination") || null;
  } catch {
    return null;
  }
}

/**
 * The assertion consumer service: a response the identity provider's form posted. Checked by node-saml and by
 * the rules above; its assertion ID is then used (a second post of it is refused), the AuthnRequest it answers
 * consumed (IdP-initiated only when the connection accepts it), and the person's claims kept a minute under a
 * one-time code the browser redeems at next-auth's callback. Returns the code; SamlRejected says why not.
 */
export async function acceptSamlResponse(
  c: SamlConnection,
  form: { SAMLResponse: string; RelayState?: string },
): Promise<{ code: string; email: string | null }> {
  const saml = await samlFor(c);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ ...form }));
  } catch (e) {
    log().info({ sso: c.id, why: e instanceof Error ? e.message.slice(0, 200) : "?" }, "saml response refused");
    throw new SamlRejected(reasonOf(e));
  }
  if (!profile) throw new SamlRejected("SAML_INVALID");
  const acs = acsUrlOf(c.id);
  if (profile.issuer !== c.settings.idp.entityId) throw new SamlRejected("SAML_ISSUER");
  const destination = await destinationOf(form.SAMLResponse);
  if (destination !== null && destination !== acs) throw new SamlRejected("SAML_DESTINATION");
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  const issued = Date.parse(assertion?.$?.IssueInstant ?? "");
  const now = Date.now();
  if (!assertionId || !Number.isFinite(issued)) throw new SamlRejected("SAML_INVALID");
  if (issued < now - MAX_AGE_MS - SKEW_MS || issued > now + SKEW_MS) throw new SamlRejected("SAML_EXPIRED");
  // A bearer confirmation for this ACS, not expired (SAML profiles, 4.1.4.2).
  const confirmation = all(first(assertion?.Subject)?.SubjectConfirmation)
    .filter((sc) => sc.$?.Method === BEARER)
    .map((sc) => first(sc.SubjectConfirmationData)?.$)
    .find((d) => d?.Recipient === acs);
  if (!confirmation) throw new SamlRejected("SAML_RECIPIENT");
  const until = Date.parse(confirmation.NotOnOrAfter ?? "");
  if (!Number.isFinite(until) || until < now - SKEW_MS) throw new SamlRejected("SAML_EXPIRED");
  // The signed confirmation says which request it answers (the Response's own InResponseTo is not signed).
  const requestId = confirmation.InResponseTo ?? null;
  if (requestId === null && !c.settings.allowIdpInitiated) throw new SamlRejected("SAML_UNSOLICITED");
  const claims = claimsOf(c, profile);
  const code = crypto.randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(samlAssertions).where(lt(samlAssertions.expiresAt, sql`now()`));
    await tx.delete(samlRequests).where(lt(samlRequests.expiresAt, sql`now()`));
    await tx.delete(samlLogins).where(lt(samlLogins.expiresAt, sql`now()`));
    const used = await tx
      .insert(samlAssertions)
      .values({
        connectionId: c.id,
        assertionId: assertionId.slice(0, 500),
        expiresAt: new Date(issued + MAX_AGE_MS + 2 * SKEW_MS),
      })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.assertionId });
    if (!used.length) throw new SamlRejected("SAML_REPLAY");
    if (requestId !== null) {
      const consumed = await tx
        .delete(samlRequests)
        .where(and(eq(samlRequests.id, requestId), eq(samlRequests.connectionId, c.id), gt(samlRequests.expiresAt, sql`now()`)))
        .returning({ id: samlRequests.id });
      if (!consumed.length) throw new SamlRejected("SAML_REQUEST_UNKNOWN");
    }
    await tx.insert(samlLogins).values({
      codeHash: hashOf(code),
      connectionId: c.id,
      requestId,
      claims,
      expiresAt: new Date(now + CODE_TTL_MS),
    });
  });
  return { code, email: typeof claims.email === "string" ? claims.email : null };
}

const hashOf = (code: string) => crypto.createHash("sha256").update(code).digest("hex");

/**
 * At next-auth's callback, with the browser's cookies: the code is used (once, within its minute), and an
 * answer to an AuthnRequest is accepted only from the browser that made it (its signed request cookie names the
 * request and the connection), which closes login CSRF for SP-initiated sign-ins.
 */
export async function redeemSamlCode(
  code: string,
  requestCookie: string | null,
): Promise<{ connection: SamlConnection; claims: Claims }> {
  if (typeof code !== "string" || code.length < 20 || code.length > 100) throw new SamlRejected("SAML_CODE");
  const db = await getDb();
  const [row] = await db
    .delete(samlLogins)
    .where(and(eq(samlLogins.codeHash, hashOf(code)), gt(samlLogins.expiresAt, sql`now()`)))
    .returning();
  if (!row) throw new SamlRejected("SAML_CODE");
  const connection = await samlConnection(row.connectionId, db);
  if (!connection) throw new SamlRejected("SAML_CODE");
  if (row.requestId !== null) {
    const mark = await readSigned("saml-request", requestCookie);
    if (!mark || mark.c !== row.connectionId || mark.r !== row.requestId) throw new SamlRejected("SAML_OTHER_BROWSER");
  } else if (!connection.settings.allowIdpInitiated) throw new SamlRejected("SAML_UNSOLICITED");
  return { connection, claims: row.claims as Claims };
}
