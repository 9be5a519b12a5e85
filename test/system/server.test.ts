import net from "node:net";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PDFDocument } from "@cantoo/pdf-lib";
import { jobsSettled, root, signetCli, startServer, waitFor, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "S".repeat(16) + "ystemTest0123456";
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop("SIGKILL");
});

// The queue's depth is read from GET /metrics (jobsSettled) to know when nothing is left to send.
const METRICS_TOKEN = "system-test-metrics-token";

async function start(dataDir: string, extra: Record<string, string> = {}) {
  const s = await startServer({
    DATA_DIR: dataDir,
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD: "system-test-pw",
    METRICS_TOKEN,
    ...extra,
  });
  running.push(s);
  return s;
}

async function api(s: ServerProcess, method: string, p: string, body?: unknown) {
  const init: RequestInit = { method, headers: { "x-api-key": KEY } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const r = await fetch(`${s.url}${p}`, init);
  return { status: r.status, body: await r.json() };
}

async function pdf() {
  const d = await PDFDocument.create();
  d.addPage([612, 792]);
  return d.save();
}

const SR = "/api/v1/enterprise/signature-requests";

async function draftReadyToSend(s: ServerProcess, title: string, orders: number[]) {
  const form = new FormData();
  form.append("title", title);
  form.append("file", new Blob([new Uint8Array(await pdf())], { type: "application/pdf" }), "doc.pdf");
  const d = await api(s, "POST", SR, form);
  expect(d.status).toBe(201);
  const id = d.body.data.id as string;
  for (const [i, order] of orders.entries()) {
    const r = await api(s, "POST", `${SR}/${id}/recipients`, { email: `r${i}@example.com`, name: `R${i}`, order });
    await api(s, "POST", `${SR}/${id}/fields`, {
      type: "SIGNATURE",
      recipientId: r.body.data.id,
      page: 1,
      x: 50,
      y: 50 + i * 60,
      width: 150,
      height: 40,
    });
  }
  return id;
}

/** Reads the embedded store of a stopped server. */
async function readStore<T>(dataDir: string, q: string): Promise<T[]> {
  const db = await PGlite.create(path.join(dataDir, "pg"), { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(q)).rows;
  } finally {
    await db.close();
  }
}

const outbox = (dataDir: string) => {
  const dir = path.join(dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
};

async function until(cond: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200)); // between a bounded poll's tries
  }
}

describe("the server process", () => {
  it("runs with its memory settings: a bounded main heap and two malloc arenas, and says nothing about them", async () => {
    const s = await start(fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-mem-")));
    const pid = s.child.pid;
    if (pid === undefined) throw new Error("the server has no pid");
    const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    expect(environ).toContain("MALLOC_ARENA_MAX=2");
    expect(environ).toContain("MALLOC_TRIM_THRESHOLD_=131072");
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(cmdline).toEqual(
      expect.arrayContaining(["--max-old-space-size=160", "--max-semi-space-size=4", "--liftoff-only", "scripts/server.mjs"]),
    );
    expect(s.output()).not.toContain("started without its memory settings");
  });

  it("warns when started by hand without them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-bare-"));
    const r = spawnSync(process.execPath, ["scripts/server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "1",
        DATABASE_URL: "",
        MALLOC_ARENA_MAX: "",
        EMBED_ALLOWED_ORIGINS: "not an origin",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    // It stops at once on the malformed EMBED_ALLOWED_ORIGINS, after the warning.
    // A JSON log line on stdout, as every line the server writes.
    expect(r.stdout).toMatch(/^\{.*"level":"warn".*started without its memory settings/m);
    expect(r.status).toBe(1);
  });

  it("refuses a port already taken in plain words, before printing a banner for a server that never listens", async () => {
    const taken = net.createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, "0.0.0.0", () => resolve((taken.address() as net.AddressInfo).port)),
    );
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-port-"));
      const srv = await startServer({ DATA_DIR: dataDir, PORT: String(port) }, { waitHealthy: false });
      const code = await Promise.race([srv.exited, new Promise((r) => setTimeout(() => r("still running"), 60_000))]);
      if (code === "still running") await srv.stop("SIGKILL");
      expect(code).toBe(1);
      expect(srv.output()).toContain(`port ${port} is already in use`);
      expect(srv.output()).not.toContain("Signet is running");
    } finally {
      taken.close();
    }
  });

  it("owns its data directory: a second opener gets a clear error, and no write is lost", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-lock-"));
    const a = await start(dir);
    const before = await draftReadyToSend(a, "Before", [1]);

    const cli = spawnSync(process.execPath, ["scripts/signet.mjs", "keys", "create", "--name", "second"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toContain(`is in use by process ${a.child.pid}`);
    expect(cli.stderr).toContain("one process at a time");

    const b = await start(dir, {}).catch((e: Error) => e);
    expect(b).toBeInstanceOf(Error);
    expect(String(b)).toContain("in use by process");

    const after = await draftReadyToSend(a, "After", [1]);
    expect(await a.stop("SIGTERM")).toBe(0);
    // The kernel lock goes with its owner (the file may stay; it is not what locks). Its holder, a flock(1)
    // child, ends once it reads the end of its pipe: a moment after the server, later on a loaded machine
    // (a non-blocking check failed with both cores busy), so it is given the time a restart waits.
    expect(spawnSync("flock", ["--wait", "10", path.join(dir, "signet.lock"), "true"]).status).toBe(0);

    const again = await start(dir);
    for (const id of [before, after]) expect((await api(again, "GET", `${SR}/${id}`)).status).toBe(200);
    const list = await api(again, "GET", `${SR}?limit=100`);
    expect(list.body.data.items.map((x: { title: string }) => x.title).sort()).toEqual(["After", "Before"]);
    await again.stop();

    // with the server stopped, the command line works on the same directory
    const ok = spawnSync(process.execPath, ["scripts/signet.mjs", "keys", "create", "--name", "ops"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split("\n").at(-1)).toMatch(/^signet_test_[0-9A-Za-z]{32}$/);
  });

  it("the command line ends with its own exit code after closing the store (releasing its lock)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-cli-code-"));
    // The first admin exists once the store is made: a second account for the address is refused (3).
    const r = await signetCli(["staff", "create", "--email", "admin@signet.local", "--role", "admin"], { DATA_DIR: dataDir });
    expect(r.out).toContain("already has a staff account");
    expect(r.code).toBe(3);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs each invitation job exactly once after a SIGKILL right after the send committed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-kill-"));
    // The worker is off in the first life, so the kill lands with every job still queued.
    const first = await start(dir, { SIGNET_WORKER: "0" });
    const id = await draftReadyToSend(first, "Killed", [1, 1, 2]);
    const sent = await api(first, "POST", `${SR}/${id}/send`);
    expect(sent.status).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(outbox(dir)).toHaveLength(0);

    const second = await start(dir);
    await until(() => outbox(dir).length >= 2);
    // No invitation job left that could send again: a duplicate would be in the outbox by then.
    await jobsSettled(second, METRICS_TOKEN, ["invitation"]);
    expect(outbox(dir)).toHaveLength(2);
    const req = await api(second, "GET", `${SR}/${id}`);
    expect(req.body.data.recipients.map((r: { status: string }) => r.status)).toEqual(["SENT", "SENT", "PENDING"]);
    await second.stop("SIGTERM");

    const jobs = await readStore<{ status: string; attempts: number; payload: { recipientId: string } }>(
      dir,
      "select status, attempts, payload from jobs where type = 'invitation'",
    );
    expect(jobs).toHaveLength(2);
    for (const j of jobs) expect(j).toMatchObject({ status: "DONE", attempts: 1 });
    const to = outbox(dir)
      .map((f) => fs.readFileSync(path.join(dir, "outbox", f), "utf8").match(/^To: .*$/m)![0])
      .sort();
    expect(to).toEqual(["To: R0 <r0@example.com>", "To: R1 <r1@example.com>"]);

    // a third life finds nothing left to do
    const third = await start(dir);
    // Its worker has gone round (GET /api/ready checks the loop's tick) and left no invitation queued.
    await waitFor("the third life's worker", async () => (await fetch(`${third.url}/api/ready`)).status === 200, {
      servers: [third],
    });
    await jobsSettled(third, METRICS_TOKEN, ["invitation"]);
    await third.stop();
    expect(outbox(dir)).toHaveLength(2);
    const after = await readStore<{ attempts: number }>(dir, "select attempts from jobs where type = 'invitation'");
    expect(after.map((j) => j.attempts)).toEqual([1, 1]);
  });

  it("loses and doubles no invitation when killed while its worker is running", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-kill2-"));
    const first = await start(dir);
    const id = await draftReadyToSend(first, "Racing", [1, 1, 1]);
    expect((await api(first, "POST", `${SR}/${id}/send`)).status).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;

    const second = await start(dir);
    await until(async () =>
      (await api(second, "GET", `${SR}/${id}`)).body.data.recipients.every((r: { status: string }) => r.status === "SENT"),
    );
    await second.stop();
    const jobs = await readStore<{ id: string; status: string }>(dir, "select id, status from jobs where type = 'invitation'");
    expect(jobs).toHaveLength(3);
    expect(jobs.every((j) => j.status === "DONE")).toBe(true);
    expect(outbox(dir).sort()).toEqual(jobs.map((j) => `${j.id}.eml`).sort());
  });
});
