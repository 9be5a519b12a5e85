// DATA_DIR is private to the user Signet runs as: another local user (here `nobody`) can neither list it
// nor read any file in it (the WAL of the embedded store held a signing link's secret), whether the
// server made the folder or found one an earlier version left readable (folders 755, documents 644,
// PGlite's files 666). The server and the CLI run with umask 077 and make the tree private at start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { asNobody, modes } from "../support/second-user";
import { callServer, pdfForm } from "../support/http-api";
import { simplePdfText } from "../support/simple-pdf";
import { signetCli, startServer, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "P".repeat(16) + "rivateDataDir012";
const SR = "/api/v1/enterprise/signature-requests";
const asRoot = process.getuid?.() === 0;
const tmp: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

/** DATA_DIR (not made yet) in a folder any user may pass through: mkdtemp's 700 alone would keep everyone out. */
function newDataDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-private-"));
  tmp.push(parent);
  fs.chmodSync(parent, 0o755);
  return path.join(parent, "data");
}

/** The entries that group or others may use at all. */
const open = (dir: string) => [...modes(dir)].filter(([, m]) => m & 0o077).map(([p, m]) => `${p} ${m.toString(8)}`);

/** As an earlier version left it: folders 755, files 644, and PGlite's data files 666. */
function makeReadable(dir: string) {
  for (const [rel] of modes(dir)) {
    const p = path.join(dir, rel);
    const st = fs.lstatSync(p);
    if (st.isDirectory()) fs.chmodSync(p, 0o755);
    else if (st.isFile()) fs.chmodSync(p, rel.startsWith("pg/") ? 0o666 : 0o644);
  }
}

/** A file of the embedded store that holds its data (a WAL segment). */
const walFile = (dir: string) => {
  const wal = path.join(dir, "pg", "pg_wal");
  const name = fs.readdirSync(wal).find((n) => /^[0-9A-F]{24}$/.test(n));
  if (!name) throw new Error(`no WAL segment in ${wal}`);
  return path.join(wal, name);
};

/** What a second local user can do with the folder and the files an attacker would want. */
function expectKeptOut(dir: string) {
  const list = asNobody("ls", dir);
  expect(list.ok, list.out).toBe(false);
  expect(list.out).toMatch(/Permission denied/);
  for (const file of [walFile(dir), path.join(dir, "pg", "PG_VERSION")]) expect(asNobody("read", file).ok, file).toBe(false);
}

describe.skipIf(!asRoot)("DATA_DIR is private", () => {
  it("the CLI (npm run signet): an earlier version's readable tree is made private, and PGlite's new files are 600", async () => {
    const dataDir = newDataDir();
    // The store made by a first CLI run, then opened up as an earlier version left it.
    expect((await signetCli(["purge"], { DATA_DIR: dataDir })).code).toBe(0);
    expect(open(dataDir)).toEqual([]);
    makeReadable(dataDir);
    fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "outbox", "old.eml"), "https://signet.example/sign/secret-token");
    fs.chmodSync(path.join(dataDir, "outbox", "old.eml"), 0o644);
    const before = open(dataDir);
    expect(before.length).toBeGreaterThan(100);
    // The test means something: another user reads it all before.
    expect(asNobody("ls", dataDir).ok).toBe(true);
    expect(asNobody("read", walFile(dataDir)).ok).toBe(true);
    expect(asNobody("read", path.join(dataDir, "outbox", "old.eml")).out).toContain("secret-token");

    const run = await signetCli(["purge"], { DATA_DIR: dataDir });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(`made the data directory ${dataDir} private: ${before.length} of `);
    expect(open(dataDir)).toEqual([]);
    expectKeptOut(dataDir);
    expect(asNobody("read", path.join(dataDir, "outbox", "old.eml")).ok).toBe(false);
  });

  it("the server's first start makes DATA_DIR 700, and everything it and PGlite write is for its user only", async () => {
    const dataDir = newDataDir();
    server = await startServer({ DATA_DIR: dataDir, SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "private-data-pw" });
    expect(server.output()).toContain(`created the data directory ${dataDir} (mode 700: this user only)`);
    // A document, its text layer and the database's writes for them.
    const made = await callServer(server.url, KEY, "POST", SR, pdfForm("Private", await simplePdfText("A private document")));
    expect(made.status).toBe(201);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(open(dataDir)).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, "blobs")).length).toBeGreaterThan(0);
    expectKeptOut(dataDir);
    await server.stop();
    server = undefined;

    // Opened up as an earlier version left it: the next start makes it private again and says so.
    makeReadable(dataDir);
    const readable = open(dataDir).length;
    expect(readable).toBeGreaterThan(100);
    expect(asNobody("read", walFile(dataDir)).ok).toBe(true);
    server = await startServer({ DATA_DIR: dataDir, SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "private-data-pw" });
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes("made the data directory"));
    expect(line, server.output().slice(0, 3000)).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: "info", msg: expect.stringContaining(`private: ${readable} of `) });
    expect((await callServer(server.url, KEY, "POST", SR, pdfForm("Again", await simplePdfText("Another one")))).status).toBe(
      201,
    );
    expect(open(dataDir)).toEqual([]);
    expectKeptOut(dataDir);
  });
});
