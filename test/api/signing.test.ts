import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs, signatureRequests } from "@/lib/server/db/schema";
import type { JobType } from "@/lib/schemas/states";
import { runDueJobs } from "@/lib/server/worker/worker";
import { sweepExpired } from "@/lib/server/requests/expire-requests";
import { call, makeOrg } from "../support/api";
import { PNG_1x1, sentRequest, tokenFromOutbox, tokenOf } from "../support/signing";
import { findIn } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";
const sign = (token: string, json: unknown) =>
  call("POST", `/api/sign/${token}/sign`, { json, ip: "203.0.113.7", headers: { "user-agent": "SignerBrowser/1.0" } });

async function jobsOf(requestId: string, type: JobType) {
  const db = await getDb();
  return (await db.select().from(jobs).where(eq(jobs.type, type))).filter((j) => j.payload.requestId === requestId);
}

describe("signing", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("enforces the order, validates values, records who signed, and invites the next group only then", async () => {
    const {
      id,
      recipientIds: [a, b],
    } = await sentRequest(
      key,
      [
        { email: "first@example.com", name: "First", order: 1 },
        { email: "second@example.com", name: "Second", order: 2 },
      ],
      { cc: true },
    );
    await runDueJobs();
    const t1 = tokenFromOutbox("first@example.com")!;
    expect(t1).toBeTruthy();
    expect(tokenFromOutbox("second@example.com")).toBeNull();

    // the second signer's link, even if they had it, does not sign out of turn
    const t2 = await tokenOf(b);
    const early = await call("GET", `/api/sign/${t2}`);
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ yourTurn: false, waitingFor: ["First"], recipient: { status: "PENDING" } });
    const outOfTurn = await sign(t2, { consent: true, values: [] });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body).toMatchObject({ errorCode: "RECIPIENT_NOT_YOUR_TURN", details: { status: "PENDING" } });
    expect(outOfTurn.body.message).toMatch(/not your turn/);

    const view = await call("GET", `/api/sign/${t1}`);
    expect(view.body.data).toMatchObject({ yourTurn: true, recipient: { name: "First", status: "VIEWED" } });
    expect(view.body.data.fields.map((f: { type: string }) => f.type).sort()).toEqual(["DATE", "SIGNATURE", "TEXT"]);
    const [sigF, textF] = ["SIGNATURE", "TEXT"].map((t) => findIn(view.body.data.fields, (f) => f.type === t, `a ${t} field`).id);
    const doc = await call("GET", `/api/sign/${t1}/document`);
    expect(doc.headers.get("content-type")).toBe("application/pdf");

    expect((await sign(t1, { values: [] })).status).toBe(400); // no consent
    const missing = await sign(t1, { consent: true, values: [{ fieldId: sigF, typed: "First Person" }] });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("Job title is required");
    const tooLong = await sign(t1, {
      consent: true,
      values: [
        { fieldId: sigF, typed: "F" },
        { fieldId: textF, text: "x".repeat(21) },
      ],
    });
    expect(tooLong.status).toBe(422);
    const notImage = await sign(t1, {
      consent: true,
      values: [
        { fieldId: sigF, image: "data:image/png;base64,aGVsbG8=" },
        { fieldId: textF, text: "CEO" },
      ],
    });
    expect(notImage.status).toBe(415);
    const stranger = await sign(t1, {
      consent: true,
      values: [
        { fieldId: "00000000-0000-4000-8000-000000000000", text: "x" },
        { fieldId: sigF, typed: "F" },
        { fieldId: textF, text: "CEO" },
      ],
    });
    expect(stranger.status).toBe(422);

    const ok = await sign(t1, {
      consent: true,
      values: [
        { fieldId: sigF, image: PNG_1x1 },
        { fieldId: textF, text: "CEO" },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "SIGNED", completed: false, next: "NEXT_INVITED", count: 1 });
    expect((await sign(t1, { consent: true, values: [] })).body).toMatchObject({
      code: 409,
      errorCode: "RECIPIENT_ALREADY_SIGNED",
    });

    await runDueJobs();
    expect(tokenFromOutbox("second@example.com")).toBe(t2);
    const req = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(req.recipients.find((r) => r.role === "CC")?.status).toBe("PENDING");
    expect(req.recipients.find((r) => r.id === a)?.status).toBe("SIGNED");
    expect(req.recipients.find((r) => r.id === b)?.status).toBe("SENT");
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    const signed = audit.find((e: { type: string }) => e.type === "recipient.signed");
    expect(signed).toMatchObject({ ip: "203.0.113.7", userAgent: "SignerBrowser/1.0", actor: `recipient:${a}` });
    // no API response carries a signing token
    for (const body of [JSON.stringify(req), JSON.stringify(audit), JSON.stringify(view.body)]) {
      expect(body).not.toContain(t1);
      expect(body).not.toContain(t2);
    }

    const v2 = (await call("GET", `/api/sign/${t2}`)).body.data;
    const vals = v2.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "CFO" } : { fieldId: f.id, typed: "Second Person" },
      );
    const last = await sign(t2, { consent: true, values: vals });
    expect(last.body.data).toMatchObject({ completed: true, next: "SEALING", count: 0 });
    expect(await jobsOf(id, "seal")).toHaveLength(1);
  });

  it("tells a parallel signer that others of their step are still to sign, and the last of the step that the next was invited", async () => {
    await sentRequest(key, [
      { email: "par1@example.com", name: "Par1", order: 1 },
      { email: "par2@example.com", name: "Par2", order: 1 },
      { email: "par3@example.com", name: "Par3", order: 1 },
      { email: "after@example.com", name: "After", order: 2 },
    ]);
    await runDueJobs();
    const signAll = async (token: string) => {
      const v = (await call("GET", `/api/sign/${token}`)).body.data;
      const values = v.fields
        .filter((f: { type: string }) => f.type !== "DATE")
        .map((f: { id: string; type: string }) =>
          f.type === "TEXT" ? { fieldId: f.id, text: "CFO" } : { fieldId: f.id, typed: "P" },
        );
      return (await sign(token, { consent: true, values })).body.data;
    };
    const [t1, t2, t3] = ["par1", "par2", "par3"].map((n) => tokenFromOutbox(`${n}@example.com`)!);
    expect(await signAll(t1!)).toMatchObject({ completed: false, next: "SAME_STEP", count: 2 });
    expect(await signAll(t2!)).toMatchObject({ completed: false, next: "SAME_STEP", count: 1 });
    expect(tokenFromOutbox("after@example.com")).toBeNull();
    expect(await signAll(t3!)).toMatchObject({ completed: false, next: "NEXT_INVITED", count: 1 });
  });

  it("declines with a reason: DECLINED, the others told, the links closed", async () => {
    const { id } = await sentRequest(key, [
      { email: "d1@example.com", name: "D1", order: 1 },
      { email: "d2@example.com", name: "D2", order: 1 },
    ]);
    await runDueJobs();
    const t = tokenFromOutbox("d1@example.com")!;
    expect((await call("POST", `/api/sign/${t}/decline`, { json: { reason: "" } })).status).toBe(400);
    const r = await call("POST", `/api/sign/${t}/decline`, { json: { reason: "Wrong amount" } });
    expect(r.status).toBe(200);
    const got = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(got.status).toBe("DECLINED");
    expect(got.recipients.find((x: { email: string }) => x.email === "d1@example.com")).toMatchObject({
      status: "DECLINED",
      declineReason: "Wrong amount",
    });
    expect((await jobsOf(id, "notify")).map((j) => j.payload.kind)).toEqual(["declined"]);
    const t2 = tokenFromOutbox("d2@example.com")!;
    const closed = await sign(t2, { consent: true, values: [] });
    expect(closed.status).toBe(410);
    expect(closed.body.message).toMatch(/declined/);
  });

  it("cancelled and expired requests refuse their links (410); unknown links are 404", async () => {
    const { id } = await sentRequest(key, [{ email: "c1@example.com", name: "C1", order: 1 }]);
    await runDueJobs();
    const t = tokenFromOutbox("c1@example.com")!;
    expect((await call("POST", `${SR}/${id}/remind`, { key })).body.data.reminded).toHaveLength(1);
    expect((await jobsOf(id, "invitation")).filter((j) => j.payload.reminder)).toHaveLength(1);
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    const r = await call("GET", `/api/sign/${t}`);
    expect(r.status).toBe(410); // the page says what happened (its own status: test/api/trust-signing.test.ts)
    expect(r.body).toMatchObject({ code: 410, data: null, details: { status: "CANCELLED", recipientStatus: "SENT" } });
    expect((await call("GET", `/api/sign/${t}/document`)).status).toBe(410);
    const s = await sign(t, { consent: true, values: [] });
    expect(s.status).toBe(410);
    expect(s.body.message).toMatch(/cancelled/);
    expect((await jobsOf(id, "notify")).map((j) => j.payload.kind)).toEqual(["cancelled"]);
    expect((await call("POST", `${SR}/${id}/remind`, { key })).status).toBe(409);

    const e = await sentRequest(key, [{ email: "e1@example.com", name: "E1", order: 1 }]);
    const db = await getDb();
    await db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, e.id));
    expect((await sweepExpired()).expired).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `${SR}/${e.id}`, { key })).body.data.status).toBe("EXPIRED");
    expect((await sign(await tokenOf(e.recipientIds[0]), { consent: true, values: [] })).status).toBe(410);

    expect((await call("GET", `/api/sign/${"x".repeat(43)}`)).status).toBe(404);
    expect((await call("GET", "/api/sign/short")).status).toBe(400);
  });
});
