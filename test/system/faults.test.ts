// Faults of what the server stands on, on the real server process with a real PostgreSQL server: the
// first start with DATABASE_URL and no DATA_DIR folder makes the folder; a 405 names its request like
// every other error; a full disk under the file blob store is 507 STORAGE_FULL with no temporary file
// left; a PostgreSQL restart (connections terminated, then refused while it is down) is 503
// DATABASE_UNAVAILABLE, never a 500 nor an uncaught exception, and the server answers again after it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../../scripts/lib/postgres.mjs";
import { callServer, pdfForm } from "../support/http-api";
import { simplePdfText } from "../support/simple-pdf";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "F".repeat(16) + "aultsAnswer01234";
const SR = "/api/v1/enterprise/signature-requests";

let db: { url: string; stop(): void; halt(): void; restart(): void };
let s: ServerProcess;
let dataDir: string;
const mounts: string[] = [];
const tmp: string[] = [];

beforeAll(async () => {
  db = (await startTestPostgres()) as typeof db;
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-faults-"));
  tmp.push(parent);
  dataDir = path.join(parent, "data"); // not there: the first start makes it
  // No ADMIN_PASSWORD: the first start generates one and writes it to DATA_DIR/first-start.txt.
  s = await startServer({
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    BLOB_STORE: "fs",
    SIGNET_BOOTSTRAP_KEY: KEY,
    RATE_LIMIT_SANDBOX: "100000", // the polls while PostgreSQL is away are not what is tested
  });
}, 150_000);

afterAll(async () => {
  await s?.stop("SIGKILL");
  for (const m of mounts) spawnSync("umount", [m]);
  db?.stop();
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

/** A raw request (fetch refuses TRACE). */
function raw(method: string, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const r = http.request(`${s.url}${p}`, { method, headers }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    r.on("error", reject);
    r.end();
  });
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile());

describe("faults answer clearly", () => {
  it("the first start with DATABASE_URL and no DATA_DIR folder makes the folder (700) and writes first-start.txt", () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const file = path.join(dataDir, "first-start.txt");
    expect(fs.readFileSync(file, "utf8")).toMatch(/Staff login: \S+ \/ \S+/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(s.output()).toContain(`first start: the staff password and a sandbox key are in ${file}`);
  });

  it.each([
    ["TRACE", "/api/health"],
    ["PUT", "/api/health"],
    ["DELETE", SR],
    ["GET", `/api/sign/${"x".repeat(43)}/sign`],
  ])("%s %s: the 405 envelope carries its requestId, the one X-Request-Id gives", async (method, p) => {
    const mine = "fault-405-request-0001";
    const sent = await raw(method, p, { "x-request-id": mine, "x-api-key": KEY });
    expect(sent.status).toBe(405);
    expect(JSON.parse(sent.body)).toMatchObject({ code: 405, data: null, errorCode: "METHOD_NOT_ALLOWED", requestId: mine });
    expect(sent.headers["x-request-id"]).toBe(mine);
    const fresh = await raw(method, p, { "x-api-key": KEY });
    const body = JSON.parse(fresh.body) as { requestId?: string };
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers["x-request-id"]).toBe(body.requestId);
  });

  it("a full disk under the file blob store: 507 STORAGE_FULL, nothing stored, no .tmp file; room again: 201", async () => {
    const blobs = path.join(dataDir, "blobs");
    fs.mkdirSync(blobs, { recursive: true });
    const m = spawnSync("mount", ["-t", "tmpfs", "-o", "size=256k,mode=700", "tmpfs", blobs], { encoding: "utf8" });
    expect(m.status, m.stderr).toBe(0);
    mounts.unshift(blobs);
    const filler = path.join(blobs, "filler");
    const fd = fs.openSync(filler, "w");
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(4096, 1));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(fd);
    }
    const pdf = await simplePdfText("A document for a full disk ".repeat(40));
    const full = await callServer(s.url, KEY, "POST", SR, pdfForm("Full disk", pdf));
    expect(full.status, JSON.stringify(full.body)).toBe(507);
    expect(full.body).toMatchObject({ code: 507, data: null, errorCode: "STORAGE_FULL" });
    expect(filesUnder(blobs)).toEqual(["filler"]);
    fs.rmSync(filler);
    const room = await callServer(s.url, KEY, "POST", SR, pdfForm("Room again", pdf));
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    expect(filesUnder(blobs).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a PostgreSQL restart: 503 DATABASE_UNAVAILABLE while it is away, no uncaught exception, 200 once it is back", async () => {
    const list = () => callServer<{ items: unknown[] }>(s.url, KEY, "GET", `${SR}?limit=1`);
    // Connections in the pool, then each terminated by the server (SQLSTATE 57P01 on every one).
    for (const r of await Promise.all(Array.from({ length: 8 }, list))) expect(r.status).toBe(200);
    const admin = new pg.Client({ connectionString: db.url });
    admin.on("error", () => {});
    await admin.connect();
    const { rows } = await admin.query<{ n: number }>(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    await admin.end();
    expect(rows[0]!.n).toBeGreaterThan(0);
    await waitFor("the server to answer after its connections were terminated", async () => (await list()).status === 200, {
      servers: [s],
    });

    db.halt();
    try {
      for (const r of [await list(), await list()]) {
        expect(r.status, JSON.stringify(r.body)).toBe(503);
        expect(r.body).toMatchObject({ code: 503, data: null, errorCode: "DATABASE_UNAVAILABLE" });
      }
    } finally {
      db.restart();
    }
    await waitFor("the server to answer after the restart", async () => (await list()).status === 200, { servers: [s] });
    expect(s.child.exitCode).toBeNull();
    const out = s.output();
    expect(out).not.toMatch(/uncaughtException|unhandledRejection|unhandled error/);
    expect(out).toContain("the database closed an idle connection");
    expect(out).toContain('"msg":"the database is not available"');
  });
});
