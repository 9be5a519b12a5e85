import { afterEach, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest } from "../support/signing";
import { xobjectDag } from "../support/hostile-pdfs";

// GET /metrics in Prometheus text format, behind METRICS_TOKEN, after an API session.

const TOKEN = "metrics-test-token-1234567890";
const saved = process.env.METRICS_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = saved;
});

/** The value of one sample, by its name and labels (in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("is off (404) without METRICS_TOKEN, and 401 without the token or with another", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await call("GET", "/metrics")).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    const none = await call("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ errorCode: "METRICS_TOKEN_INVALID", data: null });
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await call("GET", "/metrics", { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("after an API session, reports each family with plausible values", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const { sandboxKey: key } = await makeOrg();
    await sentRequest(key, [{ email: "metrics@example.com", name: "Met Rics", order: 1 }]);
    await runDueJobs();
    // An engine refusal: a PDF too complex to read. Bytes of its own (a trailing comment): the same bytes
    // refused before, by another file on a shared PostgreSQL server, are refused from memory without the engine.
    const hostile = Buffer.concat([xobjectDag(), Buffer.from(`%${crypto.randomUUID()}\n`)]);
    const refused = await call("POST", "/api/v1/enterprise/signature-requests", {
      key,
      form: { title: "Hostile", file: { data: hostile, name: "h.pdf", type: "application/pdf" } },
    });
    expect(refused.status).toBe(422);
    expect(
      (await call("GET", "/api/v1/enterprise/signature-requests/00000000-0000-4000-8000-000000000000", { key })).status,
    ).toBe(404);

    const res = await call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.raw.text();
    const SR = "/api/v1/enterprise/signature-requests";
    expect(sample(text, "signet_http_requests_total", { route: SR, method: "POST", status: "201" })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "signet_http_requests_total", { route: `${SR}/{id}`, method: "GET", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "signet_http_request_duration_seconds_count", { route: SR, method: "POST" })).toBeGreaterThanOrEqual(2);
    // No raw URL (ids, tokens) as a label.
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(sample(text, "signet_engine_tasks_total", { task: "readPdf", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "signet_engine_refusals_total", { reason: "TOO_COMPLEX" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "signet_mails", { outcome: "outbox" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "signet_seals", { outcome: "done" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "signet_seals", { outcome: "failed" })).toBeGreaterThanOrEqual(0);
    // Every document of every request, sealed or not: at least the one this session sent.
    const documents =
      (sample(text, "signet_documents", { state: "sealed" }) ?? NaN) +
      (sample(text, "signet_documents", { state: "open" }) ?? NaN);
    expect(documents).toBeGreaterThanOrEqual(1);
    for (const family of [
      "signet_jobs_queued",
      "signet_jobs_oldest_age_seconds",
      "signet_jobs_failed",
      "signet_webhook_deliveries",
      "signet_store_bytes",
      "signet_process_resident_memory_bytes",
    ])
      expect(text, family).toContain(`# TYPE ${family} `);
    expect(sample(text, "signet_store_bytes")).toBeGreaterThanOrEqual(0);
    // Nothing of the session's secrets.
    expect(text).not.toContain(key);
    expect(text).not.toContain(TOKEN);
  });
});
