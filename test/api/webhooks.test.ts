import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenFromOutbox } from "../support/signing";

const WH = "/api/v1/enterprise/webhooks";

/** A webhook receiver that checks each Standard Webhooks signature as a customer would. */
function receiver() {
  const got: { id: string; type: string; valid: boolean; ts: number }[] = [];
  let answer = 200;
  let secret = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      const ts = Number(req.headers["webhook-timestamp"]);
      const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      const expected = crypto.createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest("base64");
      const sigs = String(req.headers["webhook-signature"])
        .split(" ")
        .map((s) => s.split(",")[1]);
      got.push({ id, type: JSON.parse(body).type, valid: sigs.includes(expected) && Math.abs(Date.now() / 1000 - ts) < 300, ts });
      res.statusCode = answer;
      res.end();
    });
  });
  return {
    got,
    server,
    setSecret: (s: string) => (secret = s),
    answer: (code: number) => (answer = code),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
  };
}

describe("webhooks", () => {
  const rx = receiver();
  let key: string;
  beforeAll(async () => {
    await new Promise<void>((r) => rx.server.listen(0, "127.0.0.1", r));
    key = (await makeOrg()).sandboxKey;
  });
  afterAll(() => {
    rx.server.close();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });

  it("refuses loopback, private and metadata addresses by default", async () => {
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://169.254.169.254/latest/meta-data",
      "http://localhost/x",
      "http://[::1]/x",
      "http://10.0.0.8/x",
      "http://[::ffff:127.0.0.1]/x",
    ]) {
      const r = await call("POST", WH, { key, json: { url, events: ["signature_request.sent"] } });
      expect(r.status, url).toBe(422);
      expect(r.body.message).toMatch(/refused/);
    }
    expect((await call("POST", WH, { key, json: { url: "ftp://example.com", events: [] } })).status).toBe(400);
    expect((await call("POST", WH, { key, json: { url: "https://example.com/h", events: ["nope"] } })).status).toBe(400);
  });

  it("delivers signed events a receiver can verify; retries; a 410 disables the endpoint", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const created = await call("POST", WH, {
      key,
      json: { url: rx.url(), events: ["signature_request.sent", "signature_request.viewed", "signature_request.signed"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    rx.setSecret(created.body.data.secret);
    const list = await call("GET", WH, { key });
    expect(JSON.stringify(list.body)).not.toContain(created.body.data.secret);

    const { id } = await sentRequest(key, [{ email: "w1@example.com", name: "W1", order: 1 }]);
    await runDueJobs();
    const token = tokenFromOutbox("w1@example.com")!;
    await call("GET", `/api/sign/${token}`);
    rx.answer(500);
    await runDueJobs();
    expect(rx.got.map((g) => g.type)).toEqual(["signature_request.sent", "signature_request.viewed"]);
    expect(rx.got.every((g) => g.valid)).toBe(true);
    const deliveries = await call("GET", `${WH}/${created.body.data.id}/deliveries`, { key });
    const viewed = deliveries.body.data.items.find((d: { eventType: string }) => d.eventType === "signature_request.viewed");
    expect(viewed).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 500 });

    // a retry keeps its message id; the receiver now says the endpoint is gone
    const { getDb } = await import("@/lib/server/db");
    const { jobs } = await import("@/lib/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.status, "QUEUED"));
    rx.answer(410);
    await runDueJobs();
    expect(rx.got.at(-1)?.id).toBe(rx.got[1]?.id);
    const after = await call("GET", WH, { key });
    expect(after.body.data.items[0]).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/410/) });
    void id;
  });

  it("refuses at delivery time a host that turned out to be private", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const k = (await makeOrg()).sandboxKey;
    const created = await call("POST", WH, { key: k, json: { url: rx.url(), events: ["signature_request.sent"] } });
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const before = rx.got.length;
    await sentRequest(k, [{ email: "w2@example.com", name: "W2", order: 1 }]);
    await runDueJobs();
    expect(rx.got.length).toBe(before);
    const d = (await call("GET", `${WH}/${created.body.data.id}/deliveries`, { key: k })).body.data.items[0];
    expect(d).toMatchObject({ status: "FAILED" });
    expect(d?.lastError).toMatch(/not a public address/);
    expect((await call("DELETE", `${WH}/${created.body.data.id}`, { key: k })).status).toBe(200);
    expect((await call("GET", WH, { key: k })).body.data.items).toHaveLength(0);
  });
});
