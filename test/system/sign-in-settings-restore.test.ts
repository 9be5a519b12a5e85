// An organization's sign-in settings go through a backup and a restore as an operator does them: an OIDC
// connection (its client secret sealed with the settings key, which lives outside the database and the
// archive), a SAML connection and a SCIM token are made in a store, a server runs on it and is backed up; the
// archive holds no client secret in the clear. Restored with the same settings key, every door works again;
// restored on a machine with another key, the OIDC connection is left off the sign-in page (its secret must be
// entered again) while SAML and SCIM, which keep no secret of that kind, work.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIdp, type TestIdp } from "../support/oidc-idp";
import { startSamlIdp, type TestSamlIdp } from "../support/saml-idp";
import { signetCli, startServer, type ServerProcess } from "../support/server-process";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-settings-restore-"));
const dataA = path.join(tmp, "a");
const BACKUP_KEY = crypto.randomBytes(32).toString("base64");
const SETTINGS_KEY = crypto.randomBytes(32).toString("base64");
const CLIENT_SECRET = `oidc-secret-${crypto.randomUUID()}`;
const servers: ServerProcess[] = [];
let oidc: TestIdp;
let saml: TestSamlIdp;
let scimToken = "";
let samlId = "";
const archive = path.join(tmp, "signet.tar.gz.enc");

const cli = (args: string[], dataDir: string) => signetCli(args, { DATA_DIR: dataDir, BACKUP_KEY, BACKUP_KEY_FILE: "" });

beforeAll(async () => {
  oidc = await startIdp({ redirectUris: ["http://127.0.0.1/placeholder"] });
  saml = await startSamlIdp();
  // The store is made here, in this process, through Signet's own use cases (as an admin's dashboard would).
  process.env.DATA_DIR = dataA;
  process.env.DATABASE_URL = "";
  process.env.SETTINGS_KEY = SETTINGS_KEY;
  const { getDb, closeDb } = await import("@/lib/server/db");
  const { organizations, staffUsers } = await import("@/lib/server/db/schema");
  const { saveOidcConnection, saveSamlConnection } = await import("@/lib/server/sso/connections");
  const { makeScimToken } = await import("@/lib/server/scim/tokens");
  const db = await getDb();
  const [org] = await db.insert(organizations).values({ name: "Restore Co" }).returning();
  const [row] = await db
    .insert(staffUsers)
    .values({ email: "admin@restore.test", name: "Admin", role: "ADMIN", orgId: org!.id, passwordHash: "scrypt$x" })
    .returning();
  const admin = {
    id: row!.id,
    email: row!.email,
    name: row!.name,
    role: "ADMIN" as const,
    orgId: org!.id,
    sessionId: crypto.randomUUID(),
  };
  const rules = { allowedDomains: ["restore.test"] };
  await saveOidcConnection(admin, null, {
    name: "Acme OIDC",
    enabled: true,
    settings: { issuer: oidc.issuer, clientId: oidc.clientId, ...rules },
    clientSecret: CLIENT_SECRET,
  });
  samlId = (
    await saveSamlConnection(admin, null, { name: "Acme SAML", enabled: true, settings: rules, metadataXml: saml.metadataXml })
  ).id;
  scimToken = (await makeScimToken(admin, "Okta")).token;
  await closeDb();
  const a = await startServer({ DATA_DIR: dataA, SETTINGS_KEY, BACKUP_KEY });
  servers.push(a);
  const run = await cli(["backup", "--out", archive], dataA);
  expect(run.code, run.out).toBe(0);
  await a.stop();
});

afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  await oidc?.close();
  await saml?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Restores the archive into a new folder and starts a server on it with this settings key. */
async function restored(name: string, settingsKey: string): Promise<ServerProcess> {
  const dir = path.join(tmp, name);
  const run = await cli(["restore", archive], dir);
  expect(run.code, run.out).toBe(0);
  const s = await startServer({ DATA_DIR: dir, SETTINGS_KEY: settingsKey, BACKUP_KEY });
  servers.push(s);
  return s;
}

const loginPage = async (s: ServerProcess) => (await fetch(`${s.url}/login`)).text();
const scimUsers = (s: ServerProcess) => fetch(`${s.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${scimToken}` } });

describe("sign-in settings through a backup and a restore", () => {
  it("the archive holds no client secret in the clear, even decrypted", async () => {
    const raw = fs.readFileSync(archive);
    expect(raw.includes(Buffer.from(CLIENT_SECRET))).toBe(false);
    const out = path.join(tmp, "plain.tar.gz");
    const run = await cli(["decrypt", archive, "--out", out], dataA);
    expect(run.code, run.out).toBe(0);
    const all = spawnSync("tar", ["-xzOf", out], { maxBuffer: 256 * 1024 * 1024 });
    expect(all.status).toBe(0);
    expect(all.stdout.includes(Buffer.from(CLIENT_SECRET))).toBe(false);
    // The connection itself is in it (its rows are restored).
    expect(all.stdout.includes(Buffer.from("Acme OIDC"))).toBe(true);
  });

  it("restored with the same settings key: OIDC, SAML and SCIM all work", async () => {
    const b = await restored("b", SETTINGS_KEY);
    const html = await loginPage(b);
    expect(html).toContain("Sign in with Acme OIDC");
    expect(html).toContain("Sign in with Acme SAML");
    const md = await fetch(`${b.url}/api/auth/saml/${samlId}/metadata`);
    expect(md.status).toBe(200);
    expect(await md.text()).toContain(`/api/auth/saml/${samlId}/acs"`);
    const users = await scimUsers(b);
    expect(users.status).toBe(200);
    expect(JSON.stringify(await users.json())).toContain("admin@restore.test");
    await b.stop();
  });

  it("restored under another settings key: the OIDC connection waits for its secret; SAML and SCIM work", async () => {
    const c = await restored("c", crypto.randomBytes(32).toString("base64"));
    const html = await loginPage(c);
    expect(html).not.toContain("Sign in with Acme OIDC");
    expect(html).toContain("Sign in with Acme SAML");
    expect((await scimUsers(c)).status).toBe(200);
    expect(c.output()).toMatch(/client secret does not open with this server's settings key/);
    await c.stop();
  });
});
