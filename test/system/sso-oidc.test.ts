// Single sign-on end to end, over HTTP between real processes: the Signet server (with an OIDC connection set
// by the operator's environment, OIDC_*) and a real OpenID provider (test/support/oidc-idp.ts). A person's
// round trip is the browser's: Signet's sign-in start, the provider's authorization endpoint, its redirect
// back with a code, Signet's callback; each origin keeps its own cookies, as a browser does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIdp, type TestIdp } from "../support/oidc-idp";
import { freePort, startServer, type ServerProcess } from "../support/server-process";

const OPERATOR = "00000000-0000-4000-8000-0000000001dc";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sso-"));
let idp: TestIdp;
let server: ServerProcess;

/** Cookies by origin, as a browser keeps them (names and values only: the test needs no paths or expiry). */
class Browser {
  private jars = new Map<string, Map<string, string>>();
  cookie(url: string) {
    const jar = this.jars.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
  keep(url: string, res: Response) {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }
  async fetch(url: string, init: RequestInit = {}) {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie(url) },
    });
    this.keep(url, res);
    return res;
  }
  /** GETs `url` and follows redirects until one leads to `stopAt` (not followed); that URL is returned. */
  async follow(url: string, stopAt: string): Promise<string> {
    for (let i = 0; i < 10; i++) {
      if (url.startsWith(stopAt)) return url;
      const res = await this.fetch(url);
      const next = res.headers.get("location");
      if (!next) throw new Error(`${url} answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
      url = new URL(next, url).toString();
    }
    throw new Error("too many redirects");
  }
}

/** Starts a single sign-on in `b` and returns the callback URL the provider sends the browser back to. */
async function startSso(b: Browser, provider = `sso-${OPERATOR}`): Promise<string> {
  const csrf = await b.fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await b.fetch(`${server.url}/api/auth/signin/${provider}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${server.url}/requests`, json: "true" }),
  });
  const { url } = (await start.json()) as { url: string };
  return b.follow(url, `${server.url}/api/auth/callback/`);
}

/** Signet's answer to the callback: where it sends the browser, and whether a session cookie came with it. */
async function finish(b: Browser, callback: string) {
  const res = await b.fetch(callback);
  let location = new URL(res.headers.get("location") ?? "", server.url);
  // A provider's failure goes through next-auth's own error or sign-in route, which sends the browser on to
  // the sign-in page.
  for (let hop = 0; hop < 3 && /^\/api\/auth\/(error|signin)$/.test(location.pathname); hop++) {
    const on = await b.fetch(location.toString());
    location = new URL(on.headers.get("location") ?? "", server.url);
  }
  return { location, session: /session-token=/.test(b.cookie(server.url)) };
}

beforeAll(async () => {
  const port = await freePort();
  idp = await startIdp({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/sso-${OPERATOR}`] });
  idp.accounts.set("ann", {
    sub: "ann",
    email: "ann@acme.test",
    email_verified: true,
    name: "Ann Acme",
    groups: ["signet-admins"],
  });
  idp.accounts.set("max", { sub: "max", email: "max@acme.test", email_verified: true, name: "Max Acme", groups: [] });
  idp.accounts.set("eve", { sub: "eve", email: "eve@evil.test", email_verified: true, name: "Eve", groups: [] });
  server = await startServer({
    PORT: String(port),
    DATA_DIR: path.join(tmp, "data"),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: "root@acme.test",
    ADMIN_PASSWORD: "a-long-admin-password",
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: "Acme IdP",
    OIDC_ALLOWED_DOMAINS: "acme.test",
    OIDC_ADMIN_GROUPS: "signet-admins",
    // The provider puts groups in the ID token when the groups scope is asked for.
    OIDC_SCOPES: "openid email profile groups",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await idp?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("single sign-on through OIDC (a real provider, the real server)", () => {
  it("offers the connection on the sign-in page; a new person signs in as a member, one in the admin group as an admin", async () => {
    const page = await (await fetch(`${server.url}/login`)).text();
    expect(page).toContain("Sign in with Acme IdP");
    for (const [who, role] of [
      ["max", "MEMBER"],
      ["ann", "ADMIN"],
    ] as const) {
      const b = new Browser();
      idp.signInAs(who);
      const { location, session } = await finish(b, await startSso(b));
      expect(location.pathname).toBe("/requests");
      expect(session).toBe(true);
      const me = (await (await b.fetch(`${server.url}/api/auth/session`)).json()) as { user?: { email?: string } };
      expect(me.user?.email).toBe(`${who}@acme.test`);
      const requests = await b.fetch(`${server.url}/requests`);
      expect(requests.status).toBe(200);
      // Admin pages are the admin's only.
      const team = await b.fetch(`${server.url}/settings/team`);
      expect(team.status, who).toBe(role === "ADMIN" ? 200 : 403);
    }
  });

  it("refuses a person of another domain with the reason on the sign-in page, and no session", async () => {
    const b = new Browser();
    idp.signInAs("eve");
    const { location, session } = await finish(b, await startSso(b));
    expect(`${location.pathname}${location.search}`).toBe("/login?sso=SSO_DOMAIN_NOT_ALLOWED");
    expect(session).toBe(false);
    const page = await (await b.fetch(location.toString())).text();
    expect(page).toContain("not in a domain allowed to sign in here");
  });

  it("refuses a callback whose state was changed, a code used twice, and a provider that does not exist", async () => {
    const b = new Browser();
    idp.signInAs("max");
    const callback = await startSso(b);
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state");
    const tampered = await finish(b, forged.toString());
    expect(tampered.session).toBe(false);
    expect(tampered.location.pathname).toBe("/login");
    expect(tampered.location.searchParams.get("error")).toBeTruthy();
    // The untouched callback, once (its state cookie is gone now: a second browser session starts afresh).
    const b2 = new Browser();
    const good = await startSso(b2);
    expect((await finish(b2, good)).session).toBe(true);
    const b3 = new Browser();
    const replay = await finish(b3, good);
    expect(replay.session).toBe(false);
    expect(replay.location.pathname).toBe("/login");
    // A provider id that is no connection: next-auth knows no such provider.
    const b4 = new Browser();
    const csrf = await b4.fetch(`${server.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const r = await b4.fetch(`${server.url}/api/auth/signin/sso-${crypto.randomUUID()}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${server.url}/requests`, json: "true" }),
    });
    expect(r.status).toBeLessThan(500);
    const { url } = (await r.json()) as { url: string };
    expect(new URL(url).origin).toBe(server.url);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // What anyone can list: the password form, SAML's hand-off (it names no connection) and the OIDC connections
    // that are on, by name.
    const providers = (await (await fetch(`${server.url}/api/auth/providers`)).json()) as Record<string, { name: string }>;
    expect(Object.values(providers).map((p) => p.name)).toEqual(["Staff login", "SAML", "Acme IdP"]);
  });

  it("still lets the break-glass admin in with a password", async () => {
    const b = new Browser();
    const csrf = await b.fetch(`${server.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    await b.fetch(`${server.url}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ csrfToken, email: "root@acme.test", password: "a-long-admin-password", json: "true" }),
    });
    expect(b.cookie(server.url)).toMatch(/session-token=/);
  });

  // Last in this file: it uses up the starts of the one address every browser here comes from.
  it("limits how many sign-ins one address may start: back to the sign-in page with the reason, the server fine", async () => {
    const b = new Browser();
    const csrf = await b.fetch(`${server.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const start = (json: boolean) =>
      b.fetch(`${server.url}/api/auth/signin/sso-${OPERATOR}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${server.url}/requests`, ...(json ? { json: "true" } : {}) }),
      });
    const urls: string[] = [];
    for (let i = 0; i < 25; i++) urls.push(((await (await start(true)).json()) as { url: string }).url);
    expect(urls.filter((u) => u.startsWith(idp.issuer)).length).toBeLessThanOrEqual(20);
    expect(urls.at(-1)).toBe(`${server.url}/login?sso=SSO_BUSY`);
    // A plain form post (no script) is sent to the same page. The bucket refills evenly: on a slow machine a token
    // may have come back since the last start, so the plain posts go on until one is refused (at most a few).
    let plain = await start(false);
    for (let i = 0; i < 3 && plain.headers.get("location") !== `${server.url}/login?sso=SSO_BUSY`; i++)
      plain = await start(false);
    expect([plain.status, plain.headers.get("location")]).toEqual([302, `${server.url}/login?sso=SSO_BUSY`]);
    // The page explains it; other routes are not affected.
    const page = await (await fetch(`${server.url}/login?sso=SSO_BUSY`)).text();
    expect(page).toContain("Too many sign-ins were started from here");
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
