import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, waitFor, type ServerProcess } from "../support/server-process";

// Response headers and methods, as the real server process answers them.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-headers-")),
    ADMIN_PASSWORD: "system-test-pw",
  });
});
afterAll(() => server?.stop("SIGKILL"));

/** A raw request (fetch refuses TRACE). */
function raw(method: string, p: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const r = http.request(`${server.url}${p}`, { method }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    r.on("error", reject);
    r.end();
  });
}

describe("security headers", () => {
  it.each(["/login", "/sign/not-a-real-token", "/api/health", "/"])(
    "%s carries nosniff, framing and referrer rules and a CSP",
    async (p) => {
      const r = await raw("GET", p);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers["x-frame-options"]).toBe("DENY");
      const csp = String(r.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(r.headers["referrer-policy"]).toBe(p.startsWith("/sign/") ? "no-referrer" : "strict-origin-when-cross-origin");
    },
  );

  it("puts the response's nonce on every script of a page, and a new nonce on every response", async () => {
    const a = await raw("GET", "/login");
    const b = await raw("GET", "/login");
    const nonce = /'nonce-([^']+)'/.exec(String(a.headers["content-security-policy"]))![1];
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(String(b.headers["content-security-policy"]))![1]);
    const scripts = a.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
  });
});

describe("methods", () => {
  it.each([
    ["TRACE", "/api/health"],
    ["TRACE", "/login"],
    ["TRACE", "/api/v1/enterprise/signature-requests"],
    ["TRACE", "/"],
    ["PUT", "/api/health"],
    ["DELETE", "/api/health"],
    ["PATCH", "/api/v1/openapi.json"],
    ["PUT", "/login"],
    ["DELETE", "/sign/abc"],
  ])("%s %s → 405 in the envelope", async (method, p) => {
    const r = await raw(method, p);
    expect(r.status).toBe(405);
    expect(r.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(r.body)).toMatchObject({ code: 405, statusText: "Method Not Allowed", data: null });
  });

  it("the server is fine afterwards", async () => {
    expect((await raw("GET", "/api/health")).status).toBe(200);
  });
});

// Embedded signing: only /sign/embed/{token} may be framed, and only by this server and the
// origins of EMBED_ALLOWED_ORIGINS; every other page, and that page for every other origin, still not.
describe("framing of the embedded signing page", () => {
  const ALLOWED = "https://app.example.com";
  const EMBED_PATH = `/sign/embed/${"A".repeat(43)}`;
  let embedding: ServerProcess;
  beforeAll(async () => {
    embedding = await startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-embed-")),
      ADMIN_PASSWORD: "system-test-pw",
      EMBED_ALLOWED_ORIGINS: `${ALLOWED}, http://127.0.0.1:4321`,
    });
  });
  afterAll(() => embedding?.stop("SIGKILL"));

  const head = async (base: string, p: string) => {
    const r = await fetch(`${base}${p}`, { redirect: "manual" });
    await r.arrayBuffer();
    return { csp: r.headers.get("content-security-policy") ?? "", xfo: r.headers.get("x-frame-options") };
  };

  it("names the allowed origins in frame-ancestors of the embedded signing page, with no X-Frame-Options", async () => {
    const { csp, xfo } = await head(embedding.url, EMBED_PATH);
    expect(csp).toContain(`frame-ancestors 'self' ${ALLOWED} http://127.0.0.1:4321`);
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(xfo).toBeNull();
  });

  it.each([
    "/login",
    "/",
    `/sign/${"A".repeat(43)}`,
    "/sign/embed/short",
    `${EMBED_PATH}/x`,
    "/api/health",
    `/api/sign/${"A".repeat(43)}`,
  ])("keeps every other page unframable: %s", async (p) => {
    const { csp, xfo } = await head(embedding.url, p);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain(ALLOWED);
    expect(xfo).toBe("DENY");
  });

  it("without EMBED_ALLOWED_ORIGINS the embedded page is not framable either", async () => {
    const { csp, xfo } = await head(server.url, EMBED_PATH);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(xfo).toBe("DENY");
  });

  it.each(["https://*.example.com", "http://app.example.com", "https://app.example.com/path", "app.example.com", "*"])(
    "refuses to start with EMBED_ALLOWED_ORIGINS=%s, saying why",
    async (bad) => {
      const proc = await startServer(
        { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-embed-bad-")), EMBED_ALLOWED_ORIGINS: bad },
        { waitHealthy: false },
      );
      const code = await Promise.race([proc.exited, new Promise<"running">((r) => setTimeout(() => r("running"), 30_000))]);
      if (code === "running") await proc.stop("SIGKILL");
      expect(code).toBe(1);
      expect(proc.output()).toContain("EMBED_ALLOWED_ORIGINS");
    },
  );
});

describe("readiness", () => {
  it("GET /api/ready: the real server's database, blob store, queue worker and engine pool each answer", async () => {
    // The worker's loop goes round every half second after the start: asked until ready (bounded by
    // waitFor's minute, not by 20 tries that a loaded machine may outlast).
    let last: { status: number; body: string } = { status: 0, body: "" };
    await waitFor("GET /api/ready to answer 200", async () => (last = await raw("GET", "/api/ready")).status === 200).catch(
      () => {},
    );
    expect(last.status, last.body).toBe(200);
    const data = JSON.parse(last.body).data as { status: string; checks: Record<string, { ok: boolean; ms: number }> };
    expect(data.status).toBe("ready");
    expect(Object.keys(data.checks).sort()).toEqual(["blobStore", "database", "engine", "worker"]);
    for (const c of Object.values(data.checks)) expect(c.ok).toBe(true);
    expect((await raw("GET", "/api/health")).status).toBe(200);
  });
});

describe("METRICS_PORT", () => {
  it("serves GET /metrics on its own port without a token; the main port still asks for one; a forged header does nothing", async () => {
    const port = await freePort();
    const s = await startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-metrics-port-")),
      ADMIN_PASSWORD: "system-test-pw",
      METRICS_PORT: String(port),
    });
    try {
      const m = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(m.status).toBe(200);
      expect(await m.text()).toContain("# TYPE signet_http_requests_total counter");
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(404);
      // On the main port: off without METRICS_TOKEN, even with the header the metrics port sets.
      const main = await fetch(`${s.url}/metrics`, { headers: { "x-signet-metrics-port": "guess" } });
      expect(main.status).toBe(404);
      expect(((await main.json()) as { message: string }).message).toMatch(/METRICS_PORT/);
    } finally {
      await s.stop("SIGKILL");
    }
  });
});
