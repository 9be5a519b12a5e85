// The SDK's retry rules against a real HTTP server on this machine that answers as told: what is repeated,
// what is not, and how long it waits.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayRepeat, retryAfterSeconds, retryingFetch, type RetryEvent } from "./retry";

/** Answers each call with the next of `script` (status and headers), then 200; counts the calls by method. */
let script: { status: number; headers?: Record<string, string>; body?: unknown }[] = [];
const calls: string[] = [];
let base = "";
const server = http.createServer((req, res) => {
  calls.push(req.method!);
  req.resume();
  const next = script.shift() ?? { status: 200, body: { ok: true } };
  res.writeHead(next.status, { "content-type": "application/json", ...next.headers });
  res.end(JSON.stringify(next.body ?? {}));
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function run(method: string, headers: Record<string, string> = {}, plan: typeof script = []) {
  script = plan;
  calls.length = 0;
  const events: RetryEvent[] = [];
  const f = retryingFetch((r) => fetch(r), { baseDelayMs: 1, onRetry: (e) => events.push(e) });
  const init: RequestInit = { method, headers, ...(method === "GET" ? {} : { body: "{}" }) };
  return f(new Request(`${base}/x`, init)).then((res) => ({ status: res.status, events, calls: [...calls] }));
}

describe("the SDK's retries", () => {
  it("repeats idempotent calls and keyed POSTs after a 503, never a PATCH or an unkeyed POST", async () => {
    expect(await run("GET", {}, [{ status: 503 }])).toMatchObject({ status: 200, calls: ["GET", "GET"] });
    expect(await run("POST", { "idempotency-key": "k1" }, [{ status: 502 }])).toMatchObject({
      status: 200,
      calls: ["POST", "POST"],
    });
    expect(await run("POST", {}, [{ status: 503 }])).toMatchObject({ status: 503, calls: ["POST"] });
    expect(await run("PATCH", { "idempotency-key": "k2" }, [{ status: 503 }])).toMatchObject({ status: 503, calls: ["PATCH"] });
    expect(await run("GET", {}, [{ status: 500 }])).toMatchObject({ status: 500, calls: ["GET"] });
  });

  it("waits a 429 out as Retry-After says, for any method; gives up after its retries", async () => {
    const r = await run("PATCH", {}, [{ status: 429, headers: { "retry-after": "0" } }]);
    expect(r).toMatchObject({ status: 200, calls: ["PATCH", "PATCH"] });
    expect(r.events).toEqual([expect.objectContaining({ reason: 429, retryAfterSeconds: 0, delayMs: 0 })]);
    const many = Array.from({ length: 5 }, () => ({ status: 429, headers: { "retry-after": "0" } }));
    expect(await run("GET", {}, many)).toMatchObject({ status: 429, calls: ["GET", "GET", "GET", "GET"] });
    // A wait longer than maxDelayMs is not made: the 429 is the answer.
    const f = retryingFetch((q) => fetch(q), { maxDelayMs: 1000 });
    script = [{ status: 429, headers: { "retry-after": "60" } }];
    calls.length = 0;
    expect((await f(new Request(`${base}/x`))).status).toBe(429);
    expect(calls).toEqual(["GET"]);
  });

  it("repeats a keyed POST the server still runs (409 IDEMPOTENCY_KEY_IN_PROGRESS), not another 409", async () => {
    const busy = { status: 409, body: { errorCode: "IDEMPOTENCY_KEY_IN_PROGRESS" } };
    expect(await run("POST", { "idempotency-key": "k3" }, [busy])).toMatchObject({ status: 200, calls: ["POST", "POST"] });
    const conflict = { status: 409, body: { errorCode: "REQUEST_NOT_DRAFT" } };
    expect(await run("POST", { "idempotency-key": "k4" }, [conflict])).toMatchObject({ status: 409, calls: ["POST"] });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-30T12:00:00Z");
    expect(retryAfterSeconds(new Response(null, { headers: { "retry-after": "7" } }), now)).toBe(7);
    expect(retryAfterSeconds(new Response(null, { headers: { "retry-after": "Mon, 30 Nov 2026 12:00:05 GMT" } }), now)).toBe(5);
    expect(retryAfterSeconds(new Response(null, { headers: { "retry-after": "soon" } }), now)).toBeNull();
    expect(retryAfterSeconds(new Response(null), now)).toBeNull();
    expect(mayRepeat(new Request("http://x/", { method: "DELETE" }))).toBe(true);
    expect(mayRepeat(new Request("http://x/", { method: "POST" }))).toBe(false);
  });
});
