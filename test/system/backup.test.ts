// Backup and restore. A server with requests in every state, a sealed PDF and a template is backed up
// by `npm run signet -- backup` while a client keeps creating requests; the archive, encrypted with the
// backup key, is restored into an empty folder; the restored server lists every request of the backup
// and serves each document byte for byte; pdfsig finds the sealed one valid; a damaged, edited or
// unencrypted archive is refused, the file named. Scheduled backups (BACKUP_DIR) keep the newest
// BACKUP_KEEP archives, each whole, and need a backup key to start.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSocketPath } from "@/lib/server/backup/backup-socket";
import { callServer, dataOf, pdfForm } from "../support/http-api";
import { simplePdfText } from "../support/simple-pdf";
import { tokenFromOutbox } from "../support/outbox-token";
import { signetCli, startServer, waitFor, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "B".repeat(16) + "ackupRestore0123";
/** The backup key the server and the commands are given (BACKUP_KEY). */
const BACKUP_KEY = crypto.randomBytes(32).toString("base64");
const SR = "/api/v1/enterprise/signature-requests";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-backup-test-"));
const dataA = path.join(tmp, "a");
const dataB = path.join(tmp, "b");
const scheduled = path.join(tmp, "scheduled");
let a: ServerProcess;
let b: ServerProcess | undefined;

/** Polls until `get` gives something; a timeout shows server A's output. */
const until = <T>(what: string, get: () => Promise<T | undefined | null | false>, ms = 60_000) =>
  waitFor(what, get, { ms, servers: [a] });

const api = <T = unknown>(s: ServerProcess, method: string, p: string, body?: unknown, key = KEY) =>
  callServer<T>(s.url, key, method, p, body);

const cli = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  signetCli(args, { DATA_DIR: dataDir, BACKUP_KEY, BACKUP_KEY_FILE: "", ...env });

/** A request with one signer and a signature field, sent: its id and the signer's address. */
async function sent(title: string) {
  const id = dataOf(await api<{ id: string }>(a, "POST", SR, pdfForm(title, await simplePdfText(title)))).id;
  const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
  const r = dataOf(await api<{ id: string }>(a, "POST", `${SR}/${id}/recipients`, { email, name: "Sig Ner", order: 1 }));
  const f = await api(a, "POST", `${SR}/${id}/fields`, {
    type: "SIGNATURE",
    recipientId: r.id,
    page: 1,
    x: 72,
    y: 100,
    width: 160,
    height: 40,
  });
  expect(f.status).toBe(201);
  expect((await api(a, "POST", `${SR}/${id}/send`)).status).toBe(200);
  const token = await until(`the invitation to ${email}`, async () => tokenFromOutbox(email, dataA));
  return { id, token };
}

async function documentOf(s: ServerProcess, id: string): Promise<Buffer> {
  const r = await fetch(`${s.url}${SR}/${id}/document`, { headers: { "x-api-key": KEY } });
  expect(r.status, `${id}`).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

async function listIds(s: ServerProcess): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const r: Awaited<ReturnType<typeof api<{ items: { id: string }[]; nextCursor: string | null }>>> = await api<{
      items: { id: string }[];
      nextCursor: string | null;
    }>(s, "GET", `${SR}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(r.status).toBe(200);
    for (const i of dataOf(r).items) ids.add(i.id);
    cursor = dataOf(r).nextCursor;
  } while (cursor);
  return ids;
}

const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
/** The archive's .tar.gz, as `npm run signet -- decrypt` gives it. */
async function decrypted(file: string): Promise<string> {
  const out = `${file}.${crypto.randomUUID().slice(0, 8)}.tar.gz`;
  const run = await cli(["decrypt", file, "--out", out], dataA);
  expect(run.code, run.out).toBe(0);
  return out;
}
const manifestOf = async (file: string) =>
  JSON.parse(spawnSync("tar", ["-xzOf", await decrypted(file), "manifest.json"], { encoding: "utf8" }).stdout) as {
    counts: { requests: number; templates: number };
    blobs: Record<string, number>;
  };

let completedId = "";
const states: Record<string, string> = {};

beforeAll(async () => {
  a = await startServer({
    DATA_DIR: dataA,
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD: "backup-test-pw",
    BACKUP_DIR: scheduled,
    BACKUP_KEY,
    BACKUP_EVERY_HOURS: "0.002",
    BACKUP_KEEP: "2",
  });
  // A request in each state: draft, sent, completed (sealed), declined, cancelled; and a template.
  states.DRAFT = dataOf(await api<{ id: string }>(a, "POST", SR, pdfForm("Draft", await simplePdfText("Draft")))).id;
  states.SENT = (await sent("Sent")).id;
  const completed = await sent("Completed");
  completedId = completed.id;
  const view = await (await fetch(`${a.url}/api/sign/${completed.token}`)).json();
  const field = view.data.fields.find((f: { type: string }) => f.type === "SIGNATURE");
  const signed = await fetch(`${a.url}/api/sign/${completed.token}/sign`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a.url },
    body: JSON.stringify({ consent: true, values: [{ fieldId: field.id, typed: "Sig Ner" }] }),
  });
  expect(signed.status, await signed.clone().text()).toBe(200);
  states.COMPLETED = completedId;
  const declined = await sent("Declined");
  const d = await fetch(`${a.url}/api/sign/${declined.token}/decline`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a.url },
    body: JSON.stringify({ reason: "Not today" }),
  });
  expect(d.status).toBe(200);
  states.DECLINED = declined.id;
  const cancelled = await sent("Cancelled");
  expect((await api(a, "POST", `${SR}/${cancelled.id}/cancel`, { reason: "Wrong one" })).status).toBe(200);
  states.CANCELLED = cancelled.id;
  const t = await api(
    a,
    "POST",
    "/api/v1/enterprise/templates",
    pdfForm("Backup template", await simplePdfText("Template"), "name"),
  );
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  await until(
    "the seal",
    async () => dataOf(await api<{ status: string }>(a, "GET", `${SR}/${completedId}`)).status === "COMPLETED",
  );
}, 180_000);

afterAll(async () => {
  await a?.stop("SIGKILL");
  await b?.stop("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("backup and restore (embedded store)", () => {
  const archive = path.join(tmp, "signet.tar.gz.enc");
  let before: Set<string>;

  it("backs up the running server while a client keeps creating requests", async () => {
    before = await listIds(a);
    let creating = true;
    const during: string[] = [];
    const client = (async () => {
      while (creating) {
        const r = await api<{ id: string }>(a, "POST", SR, pdfForm("During the backup", await simplePdfText("During")));
        expect(r.status).toBe(201);
        during.push(dataOf(r).id);
      }
    })();
    const run = await cli(["backup", "--out", archive], dataA);
    creating = false;
    await client;
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/by the running server\), encrypted with the backup key [0-9a-f]{16}, and checked/);
    expect(during.length).toBeGreaterThan(0);
    // The server went on answering, and the archive is whole.
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    expect((await cli(["verify", archive], dataA)).code).toBe(0);
    // It is not a .tar.gz: without the key nothing in it can be read.
    expect(spawnSync("tar", ["-tzf", archive]).status).not.toBe(0);
    // A second backup to the same file is refused; the file is untouched.
    const size = fs.statSync(archive).size;
    const again = await cli(["backup", "--out", archive], dataA);
    expect(again.code).toBe(2);
    expect(again.out).toMatch(/exists/);
    expect(fs.statSync(archive).size).toBe(size);
  });

  it("restores into an empty folder only, and the restored server serves every request and document of the backup", async () => {
    const busy = await cli(["restore", archive], dataA);
    expect(busy.code).toBe(3);
    expect(busy.out).toMatch(/is not empty/);

    const run = await cli(["restore", archive], dataB);
    expect(run.code, run.out).toBe(0);
    const manifest = await manifestOf(archive);
    // No SIGNET_BOOTSTRAP_KEY: the key works because it was restored.
    b = await startServer({ DATA_DIR: dataB });
    const restored = await listIds(b);
    expect(restored.size).toBe(manifest.counts.requests);
    for (const id of before) expect(restored.has(id), id).toBe(true);
    const original = await listIds(a);
    for (const id of restored) expect(original.has(id), id).toBe(true);
    for (const [state, id] of Object.entries(states)) {
      const was = dataOf(await api<{ status: string }>(a, "GET", `${SR}/${id}`)).status;
      expect(dataOf(await api<{ status: string }>(b, "GET", `${SR}/${id}`)).status, state).toBe(was);
    }

    // Each document byte for byte, and in the manifest by its SHA-256.
    for (const id of restored) {
      const [got, want] = [await documentOf(b, id), await documentOf(a, id)];
      expect(sha(got), id).toBe(sha(want));
      expect(manifest.blobs[sha(got)], id).toBe(got.length);
    }
    const sealed = await documentOf(b, completedId);
    const file = path.join(tmp, "sealed.pdf");
    fs.writeFileSync(file, sealed);
    const sig = spawnSync("pdfsig", [file], { encoding: "utf8" });
    expect(sig.stdout).toMatch(/Signature Validation: Signature is Valid/);
    expect(sig.stdout).not.toMatch(/Signature Validation: Signature is Invalid|has been altered/);
    const templates = dataOf(await api<{ items: { name: string }[] }>(b, "GET", "/api/v1/enterprise/templates"));
    expect(templates.items.map((t) => t.name)).toContain("Backup template");
  });

  it("refuses a damaged, unencrypted or edited archive, or one without its key, naming the file, and changes nothing", async () => {
    const empty = path.join(tmp, "c");
    // A byte changed in the encrypted stream.
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const flipped = path.join(tmp, "flipped.tar.gz.enc");
    fs.writeFileSync(flipped, bytes);
    const r1 = await cli(["restore", flipped], empty);
    expect(r1.code).toBe(3);
    expect(r1.out).toMatch(/flipped\.tar\.gz\.enc fails authentication at chunk \d+/);
    expect(fs.existsSync(empty)).toBe(false);

    // No key, or another one.
    const none = await cli(["restore", archive], empty, { BACKUP_KEY: "" });
    expect(none.code).toBe(2);
    expect(none.out).toMatch(/No backup key is set/);
    const other = await cli(["verify", archive], empty, { BACKUP_KEY: crypto.randomBytes(32).toString("base64") });
    expect(other.code).toBe(3);
    expect(other.out).toMatch(/signet\.tar\.gz\.enc was encrypted with another backup key/);
    expect(fs.existsSync(empty)).toBe(false);

    // Unpacked, a document's bytes changed, packed again as a .tar.gz (as Signet wrote before backups were
    // encrypted): refused as unencrypted; read as an earlier Signet's archive, refused by its manifest.
    const dir = path.join(tmp, "unpacked");
    fs.mkdirSync(dir);
    expect(spawnSync("tar", ["-xzf", await decrypted(archive), "-C", dir]).status).toBe(0);
    const blob = fs.readdirSync(path.join(dir, "blobs"))[0]!;
    fs.appendFileSync(path.join(dir, "blobs", blob), "x");
    const edited = path.join(tmp, "edited.tar.gz");
    const files = spawnSync("find", [".", "-type", "f"], { cwd: dir, encoding: "utf8" })
      .stdout.trim()
      .split("\n")
      .map((f) => f.slice(2));
    expect(spawnSync("tar", ["-czf", edited, "-C", dir, ...files]).status).toBe(0);
    const r2 = await cli(["restore", edited], empty);
    expect(r2.code).toBe(3);
    expect(r2.out).toContain("edited.tar.gz is an unencrypted archive");
    expect(r2.out).toContain("--allow-unauthenticated");
    const r3 = await cli(["restore", edited, "--allow-unauthenticated"], empty);
    expect(r3.code).toBe(3);
    expect(r3.out).toContain(`edited.tar.gz: blobs/${blob} is damaged`);
    expect(fs.existsSync(empty)).toBe(false);
  });

  it("the backup socket: junk, a flood and a second caller at once are each turned away; the server goes on", async () => {
    const socketFile = backupSocketPath(dataA);
    expect((fs.statSync(path.dirname(socketFile)).mode & 0o777).toString(8)).toBe("700");
    const talk = (bytes: Buffer | string) =>
      new Promise<string>((resolve) => {
        const c = net.connect(socketFile);
        let got = "";
        c.on("data", (d) => (got += d.toString("latin1").slice(0, 200)));
        c.on("close", () => resolve(got));
        c.on("error", () => resolve(got));
        c.write(bytes);
        setTimeout(() => c.destroy(), 5000);
      });
    expect(await talk("GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe("");
    expect(await talk(Buffer.alloc(1 << 20, 0x41))).toBe("");
    // Without a key, or with one that is not a key: refused in words.
    expect(await talk("backup\n")).toBe("ERR the request holds no backup key\n");
    expect(await talk("backup not-a-key\n")).toMatch(/^ERR the key sent with the request is not a backup key/);
    // Two at once: one is written, the other refused in words.
    const request = `backup ${BACKUP_KEY}\n`;
    const [one, two] = await Promise.all([talk(request), talk(request)]);
    expect([one.slice(0, 3), two.slice(0, 3)].sort()).toEqual(["ERR", "OK\n"]);
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
  });

  it("writes scheduled backups into BACKUP_DIR, keeping the newest BACKUP_KEEP, each whole", async () => {
    const names = await until("two scheduled backups", async () => {
      const n = fs.existsSync(scheduled) ? fs.readdirSync(scheduled).filter((f) => f.endsWith(".tar.gz.enc")) : [];
      return n.length >= 2 && n;
    });
    // Another period, waited for by its file rather than a 9 s pause: a newer backup is written, and still
    // two are kept (the oldest went).
    const newest = [...names].sort().at(-1)!;
    await until("a newer scheduled backup", async () =>
      fs.readdirSync(scheduled).some((f) => /^signet-backup-\d{8}T\d{6}Z\.tar\.gz\.enc$/.test(f) && f > newest),
    );
    // Held by hard links: the server goes on writing one every 7 s and removes the oldest (just after the
    // newest is renamed into place), which on a slow machine can happen while these are being verified.
    // (A .partial file is the next one being written.)
    let round = 0;
    const held = await until("two whole backups, held", async () => {
      const dir = path.join(tmp, `scheduled-held-${round++}`);
      const now = fs.readdirSync(scheduled).filter((f) => /^signet-backup-\d{8}T\d{6}Z\.tar\.gz\.enc$/.test(f));
      if (now.length !== 2) return false;
      fs.mkdirSync(dir);
      try {
        for (const f of now) fs.linkSync(path.join(scheduled, f), path.join(dir, f));
      } catch {
        return false; // removed between the listing and the link
      }
      return { dir, now };
    });
    expect(held.now.some((f) => !names.includes(f))).toBe(true);
    for (const f of held.now) expect((await cli(["verify", path.join(held.dir, f)], dataA)).code).toBe(0);
  });

  it("does not start with BACKUP_DIR and no backup key, saying how to make one", async () => {
    await expect(
      startServer({
        DATA_DIR: path.join(tmp, "no-key"),
        BACKUP_DIR: path.join(tmp, "no-key-backups"),
        BACKUP_KEY: "",
        BACKUP_KEY_FILE: "",
      }),
    ).rejects.toThrow(/cannot start: No backup key is set: make one with `npm run signet -- backup-key --out FILE`/);
  });
});
