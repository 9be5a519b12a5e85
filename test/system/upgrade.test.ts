// Upgrades proven in CI. The oldest supported store, the first release's (migrations
// 0000–0002, data made through that release's API: test/fixtures/release-1), is restored into an
// empty folder and into an empty PostgreSQL database; the restore runs every later migration over its
// rows. Today's server then reads everything back: each request in its state, each document byte for
// byte, the sealed PDF valid, the template, the keys (the revoked one still refused), the staff login.
// The first release's invitations still sign, and the request they finish is sealed. Each new migration
// runs through this test. The fixture is an unencrypted archive, as Signet wrote them before backups
// were encrypted: it restores only with --allow-unauthenticated, which is how an operator restores one.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../../scripts/lib/postgres.mjs";
import { SCOPES } from "@/lib/schemas/scopes";
import { callServer, dataOf } from "../support/http-api";
import { tokenFromOutbox } from "../support/outbox-token";
import { root, signetCli, startServer, waitFor, type ServerProcess } from "../support/server-process";

const FIXTURE = path.join(root, "test/fixtures/release-1");
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, "expected.json"), "utf8")) as Record<string, string> & {
  staff: { email: string; password: string };
};
const SR = "/api/v1/enterprise/signature-requests";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-upgrade-"));
const servers: ServerProcess[] = [];
let pgServer: { url: string; stop(): void } | undefined;

afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  pgServer?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The backup key the commands are given (BACKUP_KEY): the fixture needs none, the backups made here do. */
const BACKUP_KEY = crypto.randomBytes(32).toString("base64");
const cli = (args: string[], env: Record<string, string>) => signetCli(args, { BACKUP_KEY, BACKUP_KEY_FILE: "", ...env });

const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

async function signIn(s: ServerProcess, email: string, password: string): Promise<boolean> {
  const csrf = await fetch(`${s.url}/api/auth/csrf`);
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await fetch(`${s.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: s.url },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  return (r.headers.getSetCookie?.() ?? []).some((c) => /session-token=[^;]+/.test(c));
}

async function readsEverything(s: ServerProcess, dataDir: string) {
  const api = <T = unknown>(method: string, p: string, body?: unknown, key = expected.bootstrapKey!) =>
    callServer<T>(s.url, key, method, p, body);

  // Every request of the first release, each in its state, each document served whole.
  const list = dataOf(await api<{ items: { id: string; status: string }[] }>("GET", `${SR}?limit=100`)).items;
  const ids = ["DRAFT", "IN_PROGRESS", "COMPLETED", "DECLINED", "CANCELLED"];
  for (const state of ids)
    expect(
      list.find((r) => r.id === expected[state]),
      state,
    ).toMatchObject({ status: state });
  expect(list.map((r) => r.id)).toContain(expected.fromTemplate);
  expect(list).toHaveLength(6);
  for (const r of list) {
    const view = await api<{ recipients: unknown[]; fields: unknown[] }>("GET", `${SR}/${r.id}`);
    expect(view.status, r.id).toBe(200);
    const audit = await api<{ items?: unknown[] } | unknown[]>("GET", `${SR}/${r.id}/audit`);
    expect(audit.status, r.id).toBe(200);
    const doc = await fetch(`${s.url}${SR}/${r.id}/document`, { headers: { "x-api-key": expected.bootstrapKey! } });
    expect(doc.status, r.id).toBe(200);
    expect((await doc.arrayBuffer()).byteLength, r.id).toBeGreaterThan(500);
  }
  // The sealed PDF, byte for byte, valid to poppler and to the public verify.
  const sealed = Buffer.from(
    await (
      await fetch(`${s.url}${SR}/${expected.COMPLETED}/document`, { headers: { "x-api-key": expected.bootstrapKey! } })
    ).arrayBuffer(),
  );
  expect(sha(sealed)).toBe(expected.sealedSha256);
  const file = path.join(tmp, `sealed-${servers.length}.pdf`);
  fs.writeFileSync(file, sealed);
  expect(spawnSync("pdfsig", [file], { encoding: "utf8" }).stdout).toMatch(/Signature Validation: Signature is Valid/);
  const form = new FormData();
  form.append("file", new Blob([sealed], { type: "application/pdf" }), "sealed.pdf");
  const verified = await fetch(`${s.url}/api/v1/verify`, { method: "POST", body: form });
  expect(verified.status).toBe(200);
  expect(((await verified.json()) as { data: { verdict: string } }).data.verdict).toBe("VALID");

  // The template, and a draft made from it today.
  const templates = dataOf(await api<{ items: { id: string; name: string }[] }>("GET", "/api/v1/enterprise/templates")).items;
  expect(templates.map((t) => t.name)).toContain("Release 1 template");
  // It became a one-document template whose document keeps its id; a draft made from it has that document.
  const old = templates.find((t) => t.name === "Release 1 template")!;
  type Doc = { id: string; sha256: string };
  const tpl = dataOf(await api<{ documents: Doc[] }>("GET", `/api/v1/enterprise/templates/${old.id}`));
  expect(tpl.documents.map((d) => d.id)).toEqual([old.id]);
  const used = await api<{ documents: Doc[] }>("POST", `${SR}/templates/${old.id}/use`, {
    title: "Made from release 1's template",
    recipients: [{ email: "later@example.com", name: "Later Signer" }],
  });
  expect(used.status).toBe(201);
  expect(dataOf(used).documents.map((d) => d.sha256)).toEqual([tpl.documents[0]!.sha256]);
  // The keys: the bootstrap and the second one work; the revoked one does not.
  expect((await api("GET", `${SR}?limit=1`, undefined, expected.secondKey)).status).toBe(200);
  expect((await api("GET", `${SR}?limit=1`, undefined, expected.revokedKey)).status).toBe(401);
  // Keys made before scopes existed hold every scope, also those added later: the spec's calls do not change.
  type Key = { keyPrefix: string; allScopes: boolean; scopes: string[] };
  const keys = dataOf(await api<{ items: Key[] }>("GET", "/api/v1/api-keys", undefined, expected.secondKey)).items;
  const second = keys.find((k) => expected.secondKey!.startsWith(k.keyPrefix));
  expect(second).toMatchObject({ allScopes: true, scopes: [...SCOPES] });
  // The staff login of that release.
  expect(await signIn(s, expected.staff.email, expected.staff.password)).toBe(true);
  expect(await signIn(s, expected.staff.email, "not-the-password")).toBe(false);

  // The first release's invitation to the second signer still opens, signs, and completes the request.
  const token = tokenFromOutbox("second@example.com", dataDir);
  expect(token).toBeTruthy();
  const view = (await (await fetch(`${s.url}/api/sign/${token}`)).json()) as { data: { fields: { id: string; type: string }[] } };
  const values = view.data.fields.map((f) =>
    f.type === "SIGNATURE" ? { fieldId: f.id, typed: "After The Upgrade" } : { fieldId: f.id },
  );
  const signed = await fetch(`${s.url}/api/sign/${token}/sign`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: s.url },
    body: JSON.stringify({ consent: true, values }),
  });
  expect(signed.status, await signed.clone().text()).toBe(200);
  await waitFor(
    "the seal after the upgrade",
    async () => dataOf(await api<{ status: string }>("GET", `${SR}/${expected.IN_PROGRESS}`)).status === "COMPLETED",
    { servers: [s] },
  );
}

describe("an upgrade from the first release", () => {
  it("restores into an empty data folder, migrates, and today's server reads everything back", async () => {
    const dataDir = path.join(tmp, "embedded");
    // Unencrypted, so nothing proves it was not edited: refused unless the operator says they know it.
    const refused = await cli(["restore", path.join(FIXTURE, "store.tar.gz")], { DATA_DIR: dataDir });
    expect(refused.code, refused.out).toBe(3);
    expect(refused.out).toMatch(/store\.tar\.gz is an unencrypted archive.*--allow-unauthenticated/);
    expect(fs.existsSync(dataDir)).toBe(false);
    const run = await cli(["restore", path.join(FIXTURE, "store.tar.gz"), "--allow-unauthenticated"], { DATA_DIR: dataDir });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/6 requests/);
    expect(run.out).toMatch(/It is unencrypted \(an earlier Signet's\)/);
    const s = await startServer({ DATA_DIR: dataDir, SIGNET_BOOTSTRAP_KEY: "", ADMIN_PASSWORD: "" });
    servers.push(s);
    await readsEverything(s, dataDir);
  });

  it("restores into an empty PostgreSQL database (documents in it), and the same holds", async () => {
    pgServer = (await startTestPostgres()) as { url: string; stop(): void };
    const pg_ = pgServer;
    const dataDir = path.join(tmp, "postgres");
    const env = { DATA_DIR: dataDir, DATABASE_URL: pg_.url, BLOB_STORE: "postgres" };
    const run = await cli(["restore", path.join(FIXTURE, "store.tar.gz"), "--allow-unauthenticated"], env);
    expect(run.code, run.out).toBe(0);
    // Into the same database again: refused, it is not empty.
    const again = await cli(["restore", path.join(FIXTURE, "store.tar.gz"), "--allow-unauthenticated"], env);
    expect(again.code).toBe(3);
    expect(again.out).toMatch(/is not empty/);
    const s = await startServer({ ...env, SIGNET_BOOTSTRAP_KEY: "", ADMIN_PASSWORD: "" });
    servers.push(s);
    await readsEverything(s, dataDir);

    // Backed up while it runs (one snapshot of the database, documents from it), restored into another
    // empty database: the same requests and documents.
    const file = path.join(tmp, "postgres-backup.tar.gz.enc");
    const backup = await cli(["backup", "--out", file], env);
    expect(backup.code, backup.out).toBe(0);
    const client = new pg.Client({ connectionString: pg_.url });
    await client.connect();
    await client.query("create database restored");
    await client.end();
    const otherUrl = pg_.url.replace(/\/postgres$/, "/restored");
    const other = { DATA_DIR: path.join(tmp, "postgres-2"), DATABASE_URL: otherUrl, BLOB_STORE: "postgres" };
    const restored = await cli(["restore", file], other);
    expect(restored.code, restored.out).toBe(0);
    const t = await startServer({ ...other, SIGNET_BOOTSTRAP_KEY: "", ADMIN_PASSWORD: "" });
    servers.push(t);
    const list = async (srv: ServerProcess) =>
      dataOf(
        await callServer<{ items: { id: string; status: string }[] }>(srv.url, expected.bootstrapKey!, "GET", `${SR}?limit=100`),
      ).items;
    expect(await list(t)).toEqual(await list(s));
    for (const r of await list(t)) {
      const get = async (srv: ServerProcess) =>
        sha(
          new Uint8Array(
            await (
              await fetch(`${srv.url}${SR}/${r.id}/document`, { headers: { "x-api-key": expected.bootstrapKey! } })
            ).arrayBuffer(),
          ),
        );
      expect(await get(t), r.id).toBe(await get(s));
    }
  });
});
