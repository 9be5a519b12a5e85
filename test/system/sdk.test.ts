// Signet's TypeScript SDK (lib/sdk) as integrators take it: built to JavaScript by tsc (Node's ESM rules, its
// own package scope), imported by Node from the build, and run against the real server:
// - a POST whose connection drops after the server answered is retried with the same Idempotency-Key, and the
//   server replays its answer: one request, not two; without a key the SDK does not retry it;
// - a 429 is waited out as its Retry-After says, then the call succeeds;
// - the Standard Webhooks check accepts a real delivery and refuses an edited body or a wrong secret;
// - paginate walks every page.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "@cantoo/pdf-lib";
import type * as SdkSource from "@/lib/sdk";
import type { RetryEvent } from "@/lib/sdk";
import { freePort, root, startServer, waitFor, type ServerProcess } from "../support/server-process";

type Sdk = typeof SdkSource;
const KEY = "signet_test_" + "S".repeat(16) + "dkSdkSdkSdk01234";
const SR = "/api/v1/enterprise/signature-requests";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-sdk-"));
const closers: (() => Promise<unknown>)[] = [];
let server: ServerProcess;
let sdk: Sdk;

/** The SDK built as a package of its own would be: its sources in an ESM package scope, compiled by tsc. */
async function buildSdk(): Promise<Sdk> {
  const out = path.join(tmp, "sdk");
  fs.mkdirSync(path.join(out, "src"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(out, "node_modules")); // its two packages, as installed
  for (const f of fs.readdirSync(path.join(root, "lib/sdk")).filter((f) => !f.endsWith(".test.ts")))
    fs.copyFileSync(path.join(root, "lib/sdk", f), path.join(out, "src", f));
  fs.writeFileSync(path.join(out, "package.json"), JSON.stringify({ name: "signet-sdk", type: "module" }));
  const tsc = path.join(root, "node_modules/typescript/bin/tsc");
  execFileSync(
    process.execPath,
    [
      tsc,
      "src/index.ts",
      "--outDir",
      "dist",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
    ].concat(["--strict", "--declaration", "--skipLibCheck", "--types", "node"]),
    { cwd: out, stdio: "pipe" },
  );
  return (await import(pathToFileURL(path.join(out, "dist", "index.js")).href)) as Sdk;
}

beforeAll(async () => {
  sdk = await buildSdk();
  server = await startServer({
    DATA_DIR: path.join(tmp, "data"),
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD: "system-test-pw",
    RATE_LIMIT_SANDBOX: "20",
    WEBHOOK_ALLOW_PRIVATE: "1",
  });
}, 180_000);

afterAll(async () => {
  for (const c of closers) await c();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function pdf() {
  const d = await PDFDocument.create();
  d.addPage([612, 792]);
  return new Blob([new Uint8Array(await d.save())], { type: "application/pdf" });
}

/** A new sandbox key (its own rate-limit bucket), made through the SDK with the bootstrap key. */
async function newKey(name: string) {
  const admin = sdk.createSignet({ baseUrl: server.url, apiKey: KEY });
  return sdk.unwrap(await admin.POST("/api/v1/api-keys", { body: { name, environment: "SANDBOX" } })).apiKey;
}

/** An HTTP server on a free port of this machine; closed after the tests. */
async function listen(handler: http.RequestListener) {
  const port = await freePort();
  const s = http.createServer(handler);
  await new Promise<void>((r) => s.listen(port, "127.0.0.1", r));
  closers.push(() => new Promise((r) => (s.closeAllConnections(), s.close(r))));
  return `http://127.0.0.1:${port}`;
}

/**
 * A proxy to the server that, for the calls `drop` picks, lets the server answer in full and then breaks the
 * client's connection without passing the answer on: the client cannot know whether the call was applied.
 */
async function droppingProxy(drop: (method: string, url: string, seen: number) => boolean) {
  const seen: { method: string; url: string; idempotencyKey: string | undefined }[] = [];
  const url = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
      const n = seen.filter((s) => s.method === req.method && s.url === req.url).length;
      const up = http.request(`${server.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on("data", (c: Buffer) => body.push(c));
        answer.on("end", () => {
          if (drop(req.method!, req.url!, n)) return req.socket.destroy();
          res.writeHead(answer.statusCode!, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
      up.end(Buffer.concat(chunks));
    });
  });
  return { url, seen };
}

describe("the TypeScript SDK against the server", () => {
  it("retries a POST whose connection dropped with the same Idempotency-Key: one request is made", async () => {
    const apiKey = await newKey("sdk-drop");
    const proxy = await droppingProxy((method, url, n) => method === "POST" && url === SR && n === 1);
    const retries: RetryEvent[] = [];
    const signet = sdk.createSignet({ baseUrl: proxy.url, apiKey, retry: { baseDelayMs: 50, onRetry: (e) => retries.push(e) } });
    const answer = await signet.POST(SR, { body: { title: "Dropped once", file: await pdf() }, bodySerializer: sdk.multipart });
    const created = sdk.unwrap(answer);
    expect(answer.response.status).toBe(201);
    expect(answer.response.headers.get("idempotent-replayed")).toBe("true");
    expect(retries).toEqual([expect.objectContaining({ method: "POST", reason: "network", attempt: 1 })]);
    const posts = proxy.seen.filter((s) => s.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);

    const direct = sdk.createSignet({ baseUrl: server.url, apiKey });
    const listed = sdk.unwrap(await direct.GET(SR, { params: { query: { limit: 100 } } }));
    expect(listed.items.map((r) => r.id)).toEqual([created.id]);

    // Without an Idempotency-Key a POST is not repeated: the SDK cannot know it was not applied.
    const again = await droppingProxy((method, url) => method === "POST" && url === SR);
    const unkeyed = sdk.createSignet({ baseUrl: again.url, apiKey, idempotencyKeys: false, retry: { baseDelayMs: 50 } });
    await expect(
      unkeyed.POST(SR, { body: { title: "Not repeated", file: await pdf() }, bodySerializer: sdk.multipart }),
    ).rejects.toThrow();
    expect(again.seen.filter((s) => s.method === "POST")).toHaveLength(1);
  }, 60_000);

  it("waits out a 429 as Retry-After says, then the call succeeds", async () => {
    const apiKey = await newKey("sdk-429"); // 20 calls a minute (RATE_LIMIT_SANDBOX): a token every 3 s
    // The bucket emptied first, call by call, whatever the machine's speed: then of five calls at once at most
    // one finds a token (two more would need 6 s between them), so at least two are refused and waited out.
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${server.url}${SR}?limit=1`, { headers: { "X-API-Key": apiKey } });
      await r.arrayBuffer();
      if (r.status === 429) break;
      expect(r.status).toBe(200);
    }
    const retries: RetryEvent[] = [];
    const signet = sdk.createSignet({ baseUrl: server.url, apiKey, retry: { retries: 10, onRetry: (e) => retries.push(e) } });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => signet.GET(SR, { params: { query: { limit: 1 } } })));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.response.status)).toEqual(Array(5).fill(200));
    const waited = retries.filter((e) => e.reason === 429);
    expect(waited.length).toBeGreaterThanOrEqual(2);
    for (const e of waited) {
      expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(e.delayMs).toBe(e.retryAfterSeconds! * 1000);
    }
    expect(elapsed).toBeGreaterThanOrEqual(Math.min(...waited.map((e) => e.delayMs)));

    // Without retries the 429 is the answer, with the API's code.
    const once = sdk.createSignet({ baseUrl: server.url, apiKey, retry: false });
    let refused: unknown;
    for (let i = 0; i < 25 && !refused; i++)
      try {
        sdk.unwrap(await once.GET(SR, { params: { query: { limit: 1 } } }));
      } catch (e) {
        refused = e;
      }
    expect(refused).toBeInstanceOf(sdk.SignetApiError);
    expect(refused).toMatchObject({ status: 429, errorCode: "RATE_LIMITED" });
  }, 90_000);

  it("checks a real webhook delivery: accepted as sent, refused when edited or under another secret", async () => {
    const apiKey = await newKey("sdk-webhooks");
    const deliveries: { body: string; headers: Record<string, string> }[] = [];
    const receiver = await listen((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (body += c));
      req.on("end", () => {
        deliveries.push({ body, headers: req.headers as Record<string, string> });
        res.writeHead(204).end();
      });
    });
    const signet = sdk.createSignet({ baseUrl: server.url, apiKey });
    const hook = sdk.unwrap(
      await signet.POST("/api/v1/enterprise/webhooks", {
        body: { url: `${receiver}/hooks`, events: ["signature_request.sent"] },
      }),
    );
    const created = sdk.unwrap(
      await signet.POST(SR, { body: { title: "Webhook check", file: await pdf() }, bodySerializer: sdk.multipart }),
    );
    const signer = sdk.unwrap(
      await signet.POST(`${SR}/{id}/recipients`, {
        params: { path: { id: created.id } },
        body: { name: "Wes Webhook", email: "wes@example.com", order: 1 },
      }),
    );
    sdk.unwrap(
      await signet.POST(`${SR}/{id}/fields`, {
        params: { path: { id: created.id } },
        body: { type: "SIGNATURE", recipientId: signer.id, page: 1, x: 72, y: 600, width: 200, height: 50 },
      }),
    );
    sdk.unwrap(await signet.POST(`${SR}/{id}/send`, { params: { path: { id: created.id } } }));
    const delivery = await waitFor("the webhook delivery", () => deliveries[0], { servers: [server] });

    const event = sdk.verifyWebhook(hook.secret, delivery.body, delivery.headers);
    expect(event).toMatchObject({ type: "signature_request.sent" });
    expect(JSON.stringify(event.data)).toContain(created.id);
    const edited = delivery.body.replace("signature_request.sent", "signature_request.completed");
    expect(edited).not.toBe(delivery.body);
    expect(() => sdk.verifyWebhook(hook.secret, edited, delivery.headers)).toThrow(sdk.WebhookVerificationError);
    const other = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(() => sdk.verifyWebhook(other, delivery.body, delivery.headers)).toThrow(sdk.WebhookVerificationError);
    const stale = { ...delivery.headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => sdk.verifyWebhook(hook.secret, delivery.body, stale)).toThrow(sdk.WebhookVerificationError);

    // paginate walks every page: one request a page here.
    for (const title of ["Page two", "Page three"])
      sdk.unwrap(await signet.POST(SR, { body: { title, file: await pdf() }, bodySerializer: sdk.multipart }));
    const seen: string[] = [];
    for await (const r of sdk.paginate((cursor) => signet.GET(SR, { params: { query: { limit: 1, cursor } } })))
      seen.push(r.title);
    const all = sdk.unwrap(await signet.GET(SR, { params: { query: { limit: 100 } } })).items.map((r) => r.title);
    expect(seen.slice(0, 3)).toEqual(["Page three", "Page two", "Webhook check"]);
    expect(seen).toEqual(all); // the organization's other keys' requests too, each once
  }, 90_000);
});
