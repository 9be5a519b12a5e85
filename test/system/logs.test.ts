// The server's logs are JSON lines with a request id that the response's X-Request-Id
// header and error envelope give too, and a full API session's logs hold none of its secrets: API keys,
// signing links' tokens, access and e-mailed codes, the webhook secret, the metrics token, the admin
// password.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readParts } from "@/lib/server/mail/outbox";
import { callServer, dataOf, pdfForm } from "../support/http-api";
import { simplePdfText } from "../support/simple-pdf";
import { outboxMessages, tokenFromOutbox } from "../support/outbox-token";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_" + "L".repeat(16) + "ogsAreClean01234";
const METRICS = "metrics-token-of-the-logs-test-0123456789";
const ADMIN_PASSWORD = "logs-test-admin-password";
const ACCESS = "Access-Code-4711-xyz";
const SR = "/api/v1/enterprise/signature-requests";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-logs-"));
let s: ServerProcess;

beforeAll(async () => {
  s = await startServer({
    DATA_DIR: dataDir,
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD,
    METRICS_TOKEN: METRICS,
    WEBHOOK_ALLOW_PRIVATE: "1",
  });
}, 120_000);
afterAll(async () => {
  await s?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mailedCode = (email: string) => {
  for (const { raw } of outboxMessages(dataDir)) {
    if (!raw.includes(`<${email}>`)) continue;
    const code = /Your signing code: (\d{6})/.exec(readParts(raw).text)?.[1];
    if (code) return code;
  }
  return null;
};

/** Polls until `get` gives something; a timeout shows the server's output. */
const until = <T>(what: string, get: () => T | null | undefined | Promise<T | null | undefined>, ms = 30_000) =>
  waitFor(what, get, { ms, servers: [s] });

/** Signs as the recipient of `token`: gives the access code (or the mailed one) first, then signs. */
async function signWith(token: string, code: () => Promise<string>) {
  const h = { "content-type": "application/json", origin: s.url };
  const ok = await fetch(`${s.url}/api/sign/${token}/authentication`, {
    method: "POST",
    headers: h,
    body: JSON.stringify({ code: await code() }),
  });
  expect(ok.status, await ok.clone().text()).toBe(200);
  const cookie = (ok.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const view = (await (await fetch(`${s.url}/api/sign/${token}`, { headers: { cookie } })).json()) as {
    data: { fields: { id: string; type: string }[] };
  };
  const values = view.data.fields.map((f) =>
    f.type === "SIGNATURE" ? { fieldId: f.id, typed: "Logan Logs" } : { fieldId: f.id },
  );
  const r = await fetch(`${s.url}/api/sign/${token}/sign`, {
    method: "POST",
    headers: { ...h, cookie },
    body: JSON.stringify({ consent: true, values }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

describe("logs", () => {
  const secrets: Record<string, string> = { KEY, METRICS, ADMIN_PASSWORD, ACCESS };

  it("a full API session: every response names its request id, and the error envelope too", async () => {
    // A new key, shown once, used for the rest of the session.
    const made = await callServer<{ apiKey: string }>(s.url, KEY, "POST", "/api/v1/api-keys", {
      name: "Logs",
      environment: "SANDBOX",
    });
    expect(made.status).toBe(201);
    const key = dataOf(made).apiKey;
    secrets.newKey = key;
    const api = <T = unknown>(method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
      callServer<T>(s.url, key, method, p, body, headers);

    const hook = await api<{ secret: string }>("POST", "/api/v1/enterprise/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["signature_request.completed"],
    });
    expect(hook.status).toBe(201);
    if (dataOf(hook).secret) secrets.webhookSecret = dataOf(hook).secret;

    const form = pdfForm("Logs session", await simplePdfText("A document for the logs test"));
    const id = dataOf(await api<{ id: string }>("POST", SR, form)).id;
    const people = [
      {
        email: "access@example.com",
        name: "Ann Access",
        order: 1,
        authentication: { method: "ACCESS_CODE", accessCode: ACCESS },
      },
      { email: "mailed@example.com", name: "Mo Mailed", order: 2, authentication: { method: "EMAIL_CODE" } },
    ];
    for (const [i, p] of people.entries()) {
      const r = dataOf(await api<{ id: string }>("POST", `${SR}/${id}/recipients`, p));
      const f = await api("POST", `${SR}/${id}/fields`, {
        type: "SIGNATURE",
        recipientId: r.id,
        page: 1,
        x: 72,
        y: 100 + i * 80,
        width: 160,
        height: 40,
      });
      expect(f.status).toBe(201);
    }
    expect((await api("POST", `${SR}/${id}/send`)).status).toBe(200);

    const first = await until("the first invitation", () => tokenFromOutbox("access@example.com", dataDir));
    secrets.firstToken = first;
    // A wrong code first: refused, and it is a code too.
    const wrong = await fetch(`${s.url}/api/sign/${first}/authentication`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: s.url },
      body: JSON.stringify({ code: "Wrong-Code-0000" }),
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    secrets.wrongCode = "Wrong-Code-0000";
    await signWith(first, async () => ACCESS);

    const second = await until("the second invitation", () => tokenFromOutbox("mailed@example.com", dataDir));
    secrets.secondToken = second;
    const asked = await fetch(`${s.url}/api/sign/${second}/authentication/code`, { method: "POST", headers: { origin: s.url } });
    expect(asked.status, await asked.clone().text()).toBeLessThan(300);
    await signWith(second, async () => {
      const code = await until("the mailed code", () => mailedCode("mailed@example.com"));
      secrets.mailedCode = code;
      return code;
    });
    await until("the seal", async () => dataOf(await api<{ status: string }>("GET", `${SR}/${id}`)).status === "COMPLETED");

    // The request id: one sent by the client is kept; an error envelope names it; a new one otherwise.
    const mine = "client-chosen-id-0001";
    const missing = await fetch(`${s.url}${SR}/00000000-0000-4000-8000-000000000000`, {
      headers: { "x-api-key": key, "x-request-id": mine },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toBe(mine);
    expect(((await missing.json()) as { requestId: string }).requestId).toBe(mine);
    const hostile = await fetch(`${s.url}${SR}?limit=1`, { headers: { "x-api-key": key, "x-request-id": 'bad"id\\n{' } });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(`${s.url}/login`);
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // The line is written as the request ends: waited for, not paused for.
    await waitFor("the request's log line", () => s.output().includes(`"reqId":"${mine}"`), { servers: [s] });

    // The metrics of the session, with the token.
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).status).toBe(200);
  });

  it("the session's log lines are JSON, with a level, a time and a message, and hold none of its secrets", async () => {
    const out = s.output();
    const lines = out.split("\n").filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(20);
    const requests = [];
    for (const line of lines) {
      let o: Record<string, unknown>;
      try {
        o = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
      expect(o, line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
      if (o.msg === "request") requests.push(o);
    }
    // One line per API call, with its route template, never a URL with an id or a token.
    expect(requests.length).toBeGreaterThan(10);
    for (const r of requests) {
      expect(r).toMatchObject({
        reqId: expect.any(String),
        method: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
      });
      expect(String(r.route)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|\/sign\/[A-Za-z0-9_-]{20,}/);
    }
    expect(requests.map((r) => r.route)).toContain("/api/sign/{token}/sign");
    for (const [what, secret] of Object.entries(secrets)) expect(out.includes(secret), `${what} is in the log`).toBe(false);
  });
});
