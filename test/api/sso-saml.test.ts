// Single sign-on through an organization's SAML connection, against a real identity provider (samlify as an
// IdP, test/support/saml-idp.ts): the connection made from the provider's metadata (URL or XML; bad metadata
// refused, nothing stored), Signet's SP metadata, and each step of a sign-in as the routes run it: the
// AuthnRequest, the ACS's checks (signature, audience, recipient, issuer, age, replay, unsolicited responses),
// the one-time hand-off code bound to the browser that asked, and who the person becomes.
// The browser's round trip through next-auth is in e2e/single-sign-on.spec.ts.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { authAttempts, samlLogins, samlRequests, ssoConnections, staffSessions } from "@/lib/server/db/schema";
import { makeOrg } from "../support/api";
import { staffOf, refusal } from "../support/staff";
import { startSamlIdp, type TestSamlIdp } from "../support/saml-idp";
import { deleteSsoConnection, listSsoConnections, saveSamlConnection, signInButtons } from "@/lib/server/sso/connections";
import { samlLogin, samlMetadata, samlPost } from "@/lib/server/sso/saml-flow";
import { redeemSamlCode, samlConnection, SamlRejected, type SamlConnection } from "@/lib/server/sso/saml";
import { signInWithSso, SsoRefused } from "@/lib/server/sso/sso-sign-in";
import { withSignInRequest } from "@/lib/server/staff/sign-in-request";
import { SSO_STARTS_PER_MINUTE } from "@/lib/server/sso/start-limit";
import type { SamlConnectionDto } from "@/lib/schemas/sso";

let idp: TestSamlIdp;
/** A server that answers what each test asks of a "provider" that is not one. */
let bad: http.Server;
let badUrl = "";
let badAnswer: (res: http.ServerResponse) => void = (res) => res.end();

beforeAll(async () => {
  idp = await startSamlIdp();
  bad = http.createServer((_req, res) => badAnswer(res));
  await new Promise<void>((r) => bad.listen(0, "127.0.0.1", r));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await idp.close();
  await new Promise((r) => bad.close(r));
});

/** A client address of its own for each start (starts are limited per address). */
const someIp = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const uniq = () => Math.random().toString(36).slice(2, 10);

const options = (over: Record<string, unknown> = {}) => ({
  allowedDomains: ["acme.test"],
  adminGroups: ["signet-admins"],
  ...over,
});

/** An organization with a SAML connection to the test IdP, turned on; the IdP knows Signet's SP metadata. */
async function setUp(over: Record<string, unknown> = {}) {
  const org = await makeOrg();
  const admin = await staffOf(org.orgId, "ADMIN");
  const dto = await saveSamlConnection(admin, null, {
    name: `IdP ${uniq()}`,
    enabled: true,
    settings: options(over),
    metadataUrl: idp.metadataUrl,
  });
  idp.setSp((await samlMetadata(dto.id))!);
  const connection = (await samlConnection(dto.id))!;
  return { org, admin, dto, connection };
}

function person(groups: string[] = [], email = `p.${uniq()}@acme.test`) {
  const subject = `saml-${uniq()}`;
  idp.accounts.set(subject, { subject, email, name: "Pat Saml", groups });
  return { subject, email };
}

const form = (r: { SAMLResponse: string; RelayState?: string }) =>
  new TextEncoder().encode(new URLSearchParams({ ...r }).toString());
const codeOf = (location: string) => new URL(location).searchParams.get("code");

/** SP-initiated, as the browser goes: Signet's login route, the IdP's /sso (its form), the ACS. */
async function spInitiated(c: SamlConnection, subject: string) {
  const start = await samlLogin(c.id, "/templates", false, someIp());
  expect(start.location.startsWith(`${idp.base}/sso?`)).toBe(true);
  idp.signInAs(subject);
  const page = await (await fetch(start.location)).text();
  const field = (name: string) =>
    page
      .match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]
      ?.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  const response = { SAMLResponse: field("SAMLResponse")!, RelayState: field("RelayState") };
  expect(response.SAMLResponse).toBeTruthy();
  return { cookie: start.cookie!, response };
}

async function lastReason(connectionId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ reason: authAttempts.reason, method: authAttempts.method })
    .from(authAttempts)
    .where(eq(authAttempts.ssoConnectionId, connectionId))
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  expect(row?.method).toBe("SAML");
  return row?.reason ?? null;
}

/** Each post from an address of its own unless told (failures from one address are throttled). */
let lastIp = 0;
const post = (
  c: SamlConnection,
  r: { SAMLResponse: string; RelayState?: string },
  ip = `10.${(lastIp += 1) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) => samlPost(c.id, form(r), ip, "test");

describe("a SAML connection's settings", () => {
  it("is made from the IdP's metadata URL or XML, shows what to give the IdP, and serves Signet's SP metadata", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const made = await saveSamlConnection(admin, null, { name: "Okta", settings: options(), metadataUrl: idp.metadataUrl });
    expect(made).toMatchObject({ kind: "SAML", enabled: false, operator: false });
    expect(made.settings.idp).toMatchObject({ entityId: idp.entityId, ssoUrl: `${idp.base}/sso`, metadataUrl: idp.metadataUrl });
    expect(made.certificates).toHaveLength(1);
    expect(made.certificates[0]!.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(made.acsUrl).toMatch(new RegExp(`/api/auth/saml/${made.id}/acs$`));
    const xml = (await samlMetadata(made.id))!;
    expect(xml).toContain(`entityID="${made.spEntityId}"`);
    expect(xml).toContain(`Location="${made.acsUrl}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    // From pasted XML; a change without metadata keeps the provider.
    const pasted = await saveSamlConnection(admin, null, { name: "Pasted", settings: options(), metadataXml: idp.metadataXml });
    expect(pasted.settings.idp).toMatchObject({ entityId: idp.entityId, metadataUrl: null });
    const changed = await saveSamlConnection(admin, pasted.id, {
      name: "Pasted again",
      settings: options({ allowIdpInitiated: true }),
    });
    expect(changed.settings.idp.entityId).toBe(idp.entityId);
    expect(changed.settings.allowIdpInitiated).toBe(true);
    const listed = (await listSsoConnections(admin)).connections.map((c) => c.kind);
    expect(listed).toEqual(["SAML", "SAML"]);
    expect(await samlMetadata(crypto.randomUUID())).toBeNull();
  });

  it("refuses metadata it cannot use with the reason, and stores nothing", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const member = await staffOf(org.orgId, "MEMBER");
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ metadataXml: "not xml at all <" }, "SSO_METADATA_INVALID", /not SAML 2.0 metadata|well-formed/],
      [{ metadataXml: `<!DOCTYPE x [<!ENTITY a "aaaa">]>${idp.metadataXml}` }, "SSO_METADATA_INVALID", /DOCTYPE/],
      [
        { metadataXml: idp.metadataXml.replace(/<(\w+:)?X509Certificate>[^<]*<\/(\w+:)?X509Certificate>/g, "") },
        "SSO_METADATA_INVALID",
        /signing certificate/,
      ],
      [
        { metadataXml: idp.metadataXml.replace(/IDPSSODescriptor/g, "SPSSODescriptor") },
        "SSO_METADATA_INVALID",
        /no identity provider/,
      ],
      [{ metadataXml: idp.metadataXml.replace(/HTTP-Redirect/g, "HTTP-Artifact") }, "SSO_METADATA_INVALID", /HTTP-Redirect/],
      [{ metadataUrl: `${badUrl}/missing` }, "SSO_METADATA_INVALID", /HTTP 404/],
      [{ metadataUrl: "http://example.com/metadata" }, "VALIDATION_FAILED", /https/],
      [{ metadataUrl: idp.metadataUrl, metadataXml: idp.metadataXml }, "VALIDATION_FAILED", /not both/],
      [{}, "SSO_SETTINGS_INVALID", /metadata/],
      [{ metadataXml: "x".repeat(1024 * 1024 + 1) }, "VALIDATION_FAILED", /1 MB/],
    ];
    badAnswer = (res) => {
      res.statusCode = 404;
      res.end();
    };
    for (const [given, code, why] of cases) {
      const e = await refusal(saveSamlConnection(admin, null, { name: "Bad", settings: options(), ...given }));
      expect([given, e.code]).toEqual([given, code]);
      expect(JSON.stringify({ m: e.message, d: e.details })).toMatch(why);
    }
    // No rule about who may come in.
    expect(
      (await refusal(saveSamlConnection(admin, null, { name: "Open", settings: {}, metadataXml: idp.metadataXml }))).code,
    ).toBe("VALIDATION_FAILED");
    expect(
      (await refusal(saveSamlConnection(member, null, { name: "M", settings: options(), metadataXml: idp.metadataXml }))).code,
    ).toBe("ADMIN_REQUIRED");
    const db = await getDb();
    expect(await db.select().from(ssoConnections).where(eq(ssoConnections.orgId, org.orgId))).toHaveLength(0);
  });

  it("is another organization's: not found, not changed, not removed", async () => {
    const { dto } = await setUp();
    const other = await makeOrg();
    const stranger = await staffOf(other.orgId, "ADMIN");
    expect((await refusal(saveSamlConnection(stranger, dto.id, { name: "Mine", settings: options() }))).code).toBe(
      "SSO_CONNECTION_NOT_FOUND",
    );
    expect((await refusal(deleteSsoConnection(stranger, dto.id))).code).toBe("SSO_CONNECTION_NOT_FOUND");
    expect((await samlConnection(dto.id))?.name).toBe(dto.name);
  });
});

describe("a SAML sign-in", () => {
  it("SP-initiated: makes the account just in time, ADMIN by group, and opens a SAML session", async () => {
    const { dto, connection } = await setUp();
    expect((await signInButtons()).find((b) => b.key === dto.id)).toEqual({
      key: dto.id,
      name: dto.name,
      href: `/api/auth/saml/${dto.id}/login`,
    });
    const who = person(["staff", "signet-admins"]);
    const { cookie, response } = await spInitiated(connection, who.subject);
    expect(response.RelayState).toBe("/templates");
    const step = await post(connection, response);
    expect(step.location).toMatch(/\/login\/saml\?code=/);
    expect(new URL(step.location).searchParams.get("callbackUrl")).toBe("/templates");
    const { claims, connection: c } = await redeemSamlCode(codeOf(step.location)!, cookie);
    expect(claims).toMatchObject({
      sub: who.subject,
      email: who.email,
      email_verified: true,
      groups: ["staff", "signet-admins"],
    });
    const identity = await withSignInRequest(new Request("http://signet.test/"), () => signInWithSso(c, claims, "SAML"));
    expect(identity).toMatchObject({ email: who.email, role: "ADMIN", orgId: connection.orgId });
    const db = await getDb();
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.id, identity.sessionId));
    expect(session).toMatchObject({ method: "SAML", ssoConnectionId: dto.id, ssoConnectionName: dto.name });
    // The request and the code were used once.
    expect(await db.select().from(samlRequests).where(eq(samlRequests.connectionId, dto.id))).toHaveLength(0);
    expect(await db.select().from(samlLogins).where(eq(samlLogins.connectionId, dto.id))).toHaveLength(0);
    // A member by default, and a person outside the allowed domain is refused by the rules.
    const member = person([]);
    const again = await spInitiated(connection, member.subject);
    const r2 = await redeemSamlCode(codeOf((await post(connection, again.response)).location)!, again.cookie);
    expect((await signInWithSso(r2.connection, r2.claims, "SAML")).role).toBe("MEMBER");
    const outsider = person([], `x.${uniq()}@elsewhere.test`);
    const third = await spInitiated(connection, outsider.subject);
    const r3 = await redeemSamlCode(codeOf((await post(connection, third.response)).location)!, third.cookie);
    const e = await signInWithSso(r3.connection, r3.claims, "SAML").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SsoRefused);
    expect((e as SsoRefused).code).toBe("SSO_DOMAIN_NOT_ALLOWED");
  });

  it("refuses a tampered response, and one replayed (in turn and at once)", async () => {
    const { connection } = await setUp();
    const who = person();
    const { response } = await spInitiated(connection, who.subject);
    const xml = Buffer.from(response.SAMLResponse, "base64").toString("utf8");
    const forged = Buffer.from(xml.replace(who.email, `boss.${uniq()}@acme.test`)).toString("base64");
    expect((await post(connection, { SAMLResponse: forged })).location).toMatch(/\/login\?sso=SSO_FAILED$/);
    expect(await lastReason(connection.id)).toBe("SAML_SIGNATURE");
    // The genuine one once, then never again: the request it answers is used up.
    expect(codeOf((await post(connection, response)).location)).toBeTruthy();
    expect(codeOf((await post(connection, response)).location)).toBeNull();
    expect(await lastReason(connection.id)).toBe("SAML_REQUEST_UNKNOWN");
    // Three posts of a new response at the same moment: one sign-in.
    const next = await spInitiated(connection, who.subject);
    const steps = await Promise.all([1, 2, 3].map((i) => post(connection, next.response, `198.51.100.${20 + i}`)));
    expect(steps.filter((s) => codeOf(s.location)).length).toBe(1);
  });

  it("refuses a signed response for another audience, recipient or issuer, an old one, and one without a request", async () => {
    const { connection, dto } = await setUp();
    const who = person();
    const start = async () => {
      const s = await samlLogin(connection.id, null, false, someIp());
      return new URL(s.location).searchParams.get("SAMLRequest") ? s : null;
    };
    const requestId = async () => {
      await start();
      const db = await getDb();
      const [row] = await db
        .select({ id: samlRequests.id })
        .from(samlRequests)
        .where(eq(samlRequests.connectionId, connection.id))
        .orderBy(desc(samlRequests.expiresAt))
        .limit(1);
      return row!.id;
    };
    const cases: [string, Parameters<TestSamlIdp["loginResponse"]>[1]][] = [
      ["SAML_AUDIENCE", { tweak: (x) => x.replace(/<saml:Audience>[^<]*</, "<saml:Audience>https://other.example/sp<") }],
      ["SAML_RECIPIENT", { tweak: (x) => x.replace(/Recipient="[^"]*"/, 'Recipient="https://evil.example/acs"') }],
      ["SAML_ISSUER", { tweak: (x) => x.replaceAll(`>${idp.entityId}<`, ">https://evil.example/idp<") }],
      ["SAML_EXPIRED", { issueInstant: new Date(Date.now() - 20 * 60_000) }],
      ["SAML_DESTINATION", { tweak: (x) => x.replace(/Destination="[^"]*"/, 'Destination="https://evil.example/acs"') }],
    ];
    for (const [reason, opts] of cases) {
      const r = await idp.loginResponse(who.subject, { inResponseTo: await requestId(), ...opts });
      expect([reason, (await post(connection, r)).location]).toEqual([reason, expect.stringMatching(/sso=SSO_FAILED$/)]);
      expect([reason, await lastReason(connection.id)]).toEqual([reason, reason]);
    }
    // An answer to a request Signet never made.
    const unknown = await idp.loginResponse(who.subject, { inResponseTo: `_${crypto.randomBytes(20).toString("hex")}` });
    expect(codeOf((await post(connection, unknown)).location)).toBeNull();
    expect(await lastReason(connection.id)).toBe("SAML_REQUEST_UNKNOWN");
    // IdP-initiated: refused until the connection accepts it.
    const unsolicited = await idp.loginResponse(who.subject, { relayState: "/requests" });
    expect(codeOf((await post(connection, unsolicited)).location)).toBeNull();
    expect(await lastReason(connection.id)).toBe("SAML_UNSOLICITED");
    expect(dto.settings.allowIdpInitiated).toBe(false);
  });

  it("IdP-initiated when the connection accepts it; the hand-off code is single-use and bound to the browser that asked", async () => {
    const { connection } = await setUp({ allowIdpInitiated: true });
    const who = person();
    const tile = await idp.loginResponse(who.subject, { relayState: "//evil.example/x" });
    const step = await post(connection, tile);
    // A RelayState that leaves the site is not followed.
    expect(new URL(step.location).searchParams.get("callbackUrl")).toBe("/requests");
    const code = codeOf(step.location)!;
    // The same assertion posted again: its ID is used (an unsolicited response answers no request to use up).
    expect(codeOf((await post(connection, tile)).location)).toBeNull();
    expect(await lastReason(connection.id)).toBe("SAML_REPLAY");
    expect((await redeemSamlCode(code, null)).claims.email).toBe(who.email);
    await expect(redeemSamlCode(code, null)).rejects.toMatchObject({ reason: "SAML_CODE" });
    // SP-initiated: the code redeemed without the browser's request cookie (another browser) is refused.
    const sp = await spInitiated(connection, who.subject);
    const spCode = codeOf((await post(connection, sp.response)).location)!;
    const other = await spInitiated(connection, who.subject);
    await expect(redeemSamlCode(spCode, other.cookie)).rejects.toBeInstanceOf(SamlRejected);
    await expect(redeemSamlCode("x".repeat(43), sp.cookie)).rejects.toMatchObject({ reason: "SAML_CODE" });
  });

  it("throttles an address that posts junk, without locking the connection out for others", async () => {
    const { connection } = await setUp();
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 20}`;
    for (let i = 0; i < 6; i++) await post(connection, { SAMLResponse: Buffer.from(`<junk n="${i}"/>`).toString("base64") }, ip);
    expect((await post(connection, { SAMLResponse: "x" }, ip)).location).toMatch(/sso=SSO_THROTTLED$/);
    const who = person();
    const fine = await spInitiated(connection, who.subject);
    expect(codeOf((await post(connection, fine.response, "192.0.2.250")).location)).toBeTruthy();
    const db = await getDb();
    const junk = await db
      .select({ reason: authAttempts.reason })
      .from(authAttempts)
      .where(and(eq(authAttempts.ssoConnectionId, connection.id), eq(authAttempts.ip, ip)));
    expect(junk.length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(junk)).not.toContain("junk");
  });

  it("limits the sign-ins one address may start: past the limit, no AuthnRequest is stored and the page says why", async () => {
    const { dto } = await setUp();
    const db = await getDb();
    const stored = async () =>
      (await db.select({ id: samlRequests.id }).from(samlRequests).where(eq(samlRequests.connectionId, dto.id))).length;
    const ip = someIp();
    let started = 0;
    let refused = "";
    for (let i = 0; i < 2 * SSO_STARTS_PER_MINUTE && !refused; i++) {
      const { location } = await samlLogin(dto.id, null, false, ip);
      if (location.startsWith(`${idp.base}/sso?`)) started++;
      else refused = location;
    }
    expect(refused).toMatch(/\/login\?sso=SSO_BUSY$/);
    // The bucket refills evenly over a minute: a slow loop may have earned one more.
    expect(started).toBeGreaterThanOrEqual(SSO_STARTS_PER_MINUTE);
    expect(started).toBeLessThanOrEqual(SSO_STARTS_PER_MINUTE + 1);
    expect(await stored()).toBe(started);
    // Another address is not held up by this one.
    expect((await samlLogin(dto.id, null, false, someIp())).location.startsWith(`${idp.base}/sso?`)).toBe(true);
  });

  it("a connection turned off starts no sign-in (an admin's test mark aside), and an unknown one none", async () => {
    const { admin, dto } = await setUp();
    await saveSamlConnection(admin, dto.id, { name: dto.name, enabled: false, settings: options() });
    expect((await samlLogin(dto.id, null, false, someIp())).location).toMatch(/sso=SSO_FAILED$/);
    expect((await samlLogin(dto.id, null, true, someIp())).location.startsWith(`${idp.base}/sso?`)).toBe(true);
    expect((await samlLogin("not-a-uuid", null, false, someIp())).location).toMatch(/sso=SSO_FAILED$/);
    expect((await samlPost(crypto.randomUUID(), new Uint8Array(), null, null)).location).toMatch(/sso=SSO_FAILED$/);
    expect((await signInButtons()).some((b) => b.key === dto.id)).toBe(false);
    const listed = (await listSsoConnections(admin)).connections[0] as SamlConnectionDto;
    expect(listed.enabled).toBe(false);
  });
});
