// Two Signet processes on one PostgreSQL server, each with its own (empty, unshared) data
// directory, as behind a load balancer. Documents live in the database (the default with a
// PostgreSQL server), the queue, rate limits and idempotency keys too: what one instance did, the
// other sees, and nothing is done twice.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../../scripts/lib/postgres.mjs";
import { startSmtp } from "../support/smtp";
import { callServer, dataOf, pdfForm } from "../support/http-api";
import { simplePdfText } from "../support/simple-pdf";
import { jobsSettled, root, startServer, waitFor, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "T".repeat(16) + "woInstances01234";
const SR = "/api/v1/enterprise/signature-requests";

let db: { url: string; stop(): void };
let client: pg.Client;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let hooks: { url: string; got: { id: string; type: string }[]; close(): Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
const env = () => ({
  DATABASE_URL: db.url,
  SMTP_URL: smtp.url,
  SIGNET_BOOTSTRAP_KEY: KEY,
  ADMIN_PASSWORD: "two-instances-pw",
  WEBHOOK_ALLOW_PRIVATE: "1",
  RATE_LIMIT_SANDBOX: "40",
  JOB_LEASE_SECONDS: "4",
  // The queue's depth is read from GET /metrics (jobsSettled) to know when nothing is left to send.
  METRICS_TOKEN,
});
const METRICS_TOKEN = "two-instances-metrics-token";

beforeAll(async () => {
  db = await startTestPostgres();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  smtp = await startSmtp();
  const got: { id: string; type: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ id: String(req.headers["webhook-id"]), type: JSON.parse(body).type });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hooks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () => new Promise((r) => server.close(() => r())),
  };
  // Both at once, on an empty database: one migrates and bootstraps, the other waits its turn.
  const dir = (n: string) => fs.mkdtempSync(path.join(os.tmpdir(), `signet-two-${n}-`));
  [a, b] = await Promise.all([startServer({ ...env(), DATA_DIR: dir("a") }), startServer({ ...env(), DATA_DIR: dir("b") })]);
}, 180_000);

afterAll(async () => {
  for (const s of [a, b]) await s?.stop("SIGKILL");
  await client?.end();
  await smtp?.close();
  await hooks?.close();
  db?.stop();
});

const api = <T = unknown>(
  s: ServerProcess,
  method: string,
  p: string,
  body?: unknown,
  opts: { key?: string; headers?: Record<string, string> } = {},
) => callServer<T>(s.url, opts.key ?? KEY, method, p, body, opts.headers);

type Created = { id: string; document: { sha256: string } };
type RequestView = { status: string; recipients: { status: string }[] };

/** Polls until `get` gives something; a timeout shows both servers' output. */
const until = <T>(what: string, get: () => Promise<T | undefined | null | false>, ms = 60_000) =>
  waitFor(what, get, { ms, servers: [a, b] });

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const tokenIn = (address: string) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mailsTo(address).at(-1)?.text ?? "")?.[1];

async function sign(s: ServerProcess, token: string) {
  const view = await fetch(`${s.url}/api/sign/${token}`).then((r) => r.json());
  const field = view.data.fields.find((f: { type: string }) => f.type === "SIGNATURE");
  const r = await fetch(`${s.url}/api/sign/${token}/sign`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: s.url },
    body: JSON.stringify({ consent: true, values: [{ fieldId: field.id, typed: "Signer" }] }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

/** A key of its own, made by the operator's command on the same database (so its rate limit starts full). */
function keyMadeByOperator(name: string): string {
  const made = spawnSync(process.execPath, ["scripts/signet.mjs", "keys", "create", "--name", name], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-two-cli-")) },
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  return made.stdout.trim().split("\n").at(-1)!;
}

describe("two instances on one PostgreSQL server", () => {
  it("both came up on the empty database: one organization, one bootstrap", async () => {
    const orgs = await client.query("select count(*)::int as n from organizations where is_default");
    expect(orgs.rows[0].n).toBe(1);
    for (const s of [a, b]) expect((await api(s, "GET", `${SR}?limit=1`)).status).toBe(200);
  });

  it("a request made on A is read, sent and signed on B; each mail, webhook and seal happens once", async () => {
    const hook = await api(a, "POST", "/api/v1/enterprise/webhooks", {
      url: hooks.url,
      events: ["signature_request.sent", "signature_request.signed", "signature_request.completed"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    const original = await simplePdfText("Made on A, signed on B");
    const created = await api<Created>(a, "POST", SR, pdfForm("Across instances", original));
    expect(created.status).toBe(201);
    const id = dataOf(created).id;
    // B reads the document A stored: it is in the database, not on A's disk.
    const doc = await fetch(`${b.url}${SR}/${id}/document`, { headers: { "x-api-key": KEY } });
    expect(doc.status).toBe(200);
    // What A stored (the upload in its one reading), byte for byte: its SHA-256 is the record's.
    const served = createHash("sha256")
      .update(Buffer.from(await doc.arrayBuffer()))
      .digest("hex");
    expect(served).toBe(dataOf(created).document.sha256);

    const signers = ["one@example.com", "two@example.com"];
    for (const [i, email] of signers.entries()) {
      const r = await api<Created>(b, "POST", `${SR}/${id}/recipients`, { email, name: `Signer ${i + 1}`, order: i + 1 });
      expect(r.status).toBe(201);
      const f = await api(i ? a : b, "POST", `${SR}/${id}/fields`, {
        type: "SIGNATURE",
        recipientId: dataOf(r).id,
        page: 1,
        x: 72,
        y: 100 + i * 80,
        width: 160,
        height: 40,
      });
      expect(f.status).toBe(201);
    }
    expect((await api(b, "POST", `${SR}/${id}/send`)).status).toBe(200);

    await sign(b, await until("the first invitation", async () => tokenIn(signers[0]!)));
    await sign(a, await until("the second invitation", async () => tokenIn(signers[1]!)));
    const sealed = await until("the seal", async () => {
      const view = dataOf(await api<RequestView>(a, "GET", `${SR}/${id}`));
      return view.status === "COMPLETED" && view;
    });
    expect(sealed.status).toBe("COMPLETED");
    await until("the completion webhook", async () => hooks.got.some((h) => h.type === "signature_request.completed"));
    await until("the completion mails", async () => signers.every((s) => mailsTo(s).length >= 2));
    // Nothing left in the shared queue that could mail or call the webhook again: a duplicate would be here by then.
    await jobsSettled(a, METRICS_TOKEN, ["invitation", "notify", "webhook", "seal"]);

    // One invitation and one completion mail per signer, each message once.
    for (const s of signers)
      expect(
        mailsTo(s).map((m) => m.subject),
        s,
      ).toHaveLength(2);
    const messageIds = smtp.mails.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    // Each webhook event once, and the request completed once.
    const ids = hooks.got.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hooks.got.filter((h) => h.type === "signature_request.completed")).toHaveLength(1);
    const versions = await client.query(
      "select reason, count(*)::int as n from document_versions where request_id = $1 group by reason order by reason",
      [id],
    );
    expect(versions.rows.map((r) => [r.reason, r.n])).toContainEqual(["SEALED", 1]);
    const jobs = await client.query(
      "select type, status, attempts from jobs where payload->>'requestId' = $1 and type = 'seal'",
      [id],
    );
    expect(jobs.rows).toEqual([{ type: "seal", status: "DONE", attempts: 1 }]);

    // The sealed file is the same from either instance, and pdfsig finds it valid and whole.
    const fromA = Buffer.from(
      await (await fetch(`${a.url}${SR}/${id}/document`, { headers: { "x-api-key": KEY } })).arrayBuffer(),
    );
    const fromB = Buffer.from(
      await (await fetch(`${b.url}${SR}/${id}/document`, { headers: { "x-api-key": KEY } })).arrayBuffer(),
    );
    expect(Buffer.compare(fromA, fromB)).toBe(0);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-two-pdf-")), "sealed.pdf");
    fs.writeFileSync(file, fromA);
    const sig = spawnSync("pdfsig", [file], { encoding: "utf8" }).stdout;
    expect(sig).toContain("Signature is Valid");
    expect(sig).toContain("Total document signed");
  });

  it("one rate limit and one Idempotency-Key across both instances", async () => {
    const key = keyMadeByOperator("rate");
    // 50 calls at once, half to each instance. 40 a minute for the key, wherever it calls: not 40 on each
    // (50 would pass). The bucket refills as time goes (40 a minute), so what passed is bounded by the
    // 40 plus what refilled while the calls ran, however slow the machine.
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => (await api(i % 2 ? a : b, "GET", `${SR}?limit=1`, undefined, { key })).status),
    );
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * 40);
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(ok, `${refilled} refilled while the calls ran`).toBeLessThanOrEqual(40 + refilled);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - ok);

    const bytes = await simplePdfText("Idempotent");
    const headers = { "idempotency-key": `two-instances-${Date.now()}` };
    const first = await api<Created>(a, "POST", SR, pdfForm("Idempotent across instances", bytes), { headers });
    const second = await api<Created>(b, "POST", SR, pdfForm("Idempotent across instances", bytes), { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(dataOf(second).id).toBe(dataOf(first).id);
    const rows = await client.query(
      "select count(*)::int as n from signature_requests where title = 'Idempotent across instances'",
    );
    expect(rows.rows[0].n).toBe(1);
  });

  it("what one instance changes, the other shows on its next call: a request's edit at once, a key's revocation when announced", async () => {
    const key = keyMadeByOperator("kept");
    const created = await api<Created>(a, "POST", SR, pdfForm("Kept in memory", await simplePdfText("Kept")), { key });
    expect(created.status).toBe(201);
    const id = dataOf(created).id;
    const title = async (s: ServerProcess) =>
      dataOf(await api<{ title: string }>(s, "GET", `${SR}/${id}`, undefined, { key })).title;
    // B reads it twice (the second from memory), A changes it, and B's very next read shows the change.
    expect(await title(b)).toBe("Kept in memory");
    expect(await title(b)).toBe("Kept in memory");
    expect((await api(a, "PATCH", `${SR}/${id}`, { title: "Changed on A" }, { key })).status).toBe(200);
    expect(await title(b)).toBe("Changed on A");
    expect((await api(b, "PATCH", `${SR}/${id}`, { title: "Changed on B" }, { key })).status).toBe(200);
    expect(await title(a)).toBe("Changed on B");
    // The key, kept by both, revoked on A: A refuses it at once, B once PostgreSQL has told it (milliseconds).
    const keys = await api<{ items: { id: string; keyPrefix: string }[] }>(a, "GET", "/api/v1/api-keys");
    const kept = dataOf(keys).items.find((k) => key.startsWith(k.keyPrefix));
    expect(kept).toBeDefined();
    expect((await api(a, "DELETE", `/api/v1/api-keys/${kept!.id}`)).status).toBe(200);
    expect((await api(a, "GET", `${SR}/${id}`, undefined, { key })).status).toBe(401);
    await until(
      "B refuses the revoked key",
      async () => (await api(b, "GET", `${SR}/${id}`, undefined, { key })).status === 401,
      5_000,
    );
  });

  it("loses nothing when A is killed in the middle of sending: B finishes the work", async () => {
    const ids: string[] = [];
    const emails: string[] = [];
    for (let n = 0; n < 3; n++) {
      const created = await api<Created>(a, "POST", SR, pdfForm(`Killed mid-send ${n}`, await simplePdfText(`Killed ${n}`)));
      const id = dataOf(created).id;
      ids.push(id);
      for (let i = 0; i < 2; i++) {
        const email = `kill-${n}-${i}@example.com`;
        emails.push(email);
        const r = await api<Created>(a, "POST", `${SR}/${id}/recipients`, { email, name: `Kill ${n}.${i}`, order: 1 });
        await api(a, "POST", `${SR}/${id}/fields`, {
          type: "SIGNATURE",
          recipientId: dataOf(r).id,
          page: 1,
          x: 72,
          y: 100 + i * 80,
          width: 160,
          height: 40,
        });
      }
    }
    for (const id of ids) expect((await api(a, "POST", `${SR}/${id}/send`)).status).toBe(200);
    a.child.kill("SIGKILL");
    await a.exited;
    // Jobs A had taken are B's once their lease runs out; the others B takes at once.
    await until("every invitation", async () => emails.every((e) => mailsTo(e).length >= 1), 90_000);
    const jobs = await client.query("select status from jobs where type = 'invitation' and payload->>'requestId' = any($1)", [
      ids,
    ]);
    expect(jobs.rows).toHaveLength(6);
    await until("every invitation job done", async () => {
      const r = await client.query(
        "select count(*)::int as n from jobs where type = 'invitation' and status = 'DONE' and payload->>'requestId' = any($1)",
        [ids],
      );
      return r.rows[0].n === 6;
    });
    for (const id of ids) {
      const r = await api<RequestView>(b, "GET", `${SR}/${id}`);
      expect(dataOf(r).recipients.map((x) => x.status)).toEqual(["SENT", "SENT"]);
    }
  });
});
