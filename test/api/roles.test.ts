import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs, webhookDeliveries } from "@/lib/server/db/schema";
import type { JobType } from "@/lib/schemas/states";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { certificateLines } from "../support/sealing";
import { tokenFromOutbox, tokenOf } from "../support/signing";
import { firstOf, take } from "../support/expect-helpers";

// Roles besides SIGNER and CC: an APPROVER takes their turn and approves or declines (no
// fields); a VIEWER takes their turn and is done once they open the link. The request completes when
// every SIGNER signed, every APPROVER approved and every VIEWER viewed, in order.

const SR = "/api/v1/enterprise/signature-requests";
const who = { ip: "203.0.113.9", headers: { "user-agent": "ApproverBrowser/2.0" } };
const sign = (token: string, json: unknown) => call("POST", `/api/sign/${token}/sign`, { json });
const approve = (token: string, json: unknown = { consent: true }) =>
  call("POST", `/api/sign/${token}/approve`, { json, ...who });

async function jobsOf(requestId: string, type: JobType) {
  const db = await getDb();
  return (await db.select().from(jobs).where(eq(jobs.type, type))).filter((j) => j.payload.requestId === requestId);
}

async function addRecipient(key: string, id: string, json: Record<string, unknown>) {
  const r = await call("POST", `${SR}/${id}/recipients`, { key, json });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; role: string; status: string };
}

async function signatureField(key: string, id: string, recipientId: string, y = 200) {
  const r = await call("POST", `${SR}/${id}/fields`, {
    key,
    json: { type: "SIGNATURE", recipientId, page: 1, x: 72, y, width: 180, height: 50 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** Runs the queue until the request is COMPLETED (seal, then the completion mails). */
async function sealed(key: string, id: string) {
  await runDueJobs();
  await runDueJobs();
  const req = (await call("GET", `${SR}/${id}`, { key })).body.data;
  expect(req.status).toBe("COMPLETED");
  return new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
}

const recipientOf = (req: { recipients: { id: string }[] }, id: string) =>
  req.recipients.find((r) => r.id === id) as Record<string, unknown>;

describe("recipient roles: APPROVER and VIEWER", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("signer, then approver, then viewer take their turns in order; the certificate says what each did", async () => {
    const d = await createDraft(key, undefined, "Purchase order");
    const s = await addRecipient(key, d.id, { email: "sam.signer@example.com", name: "Sam Signer", order: 1 });
    const a = await addRecipient(key, d.id, {
      email: "ada.approver@example.com",
      name: "Ada Approver",
      role: "APPROVER",
      order: 2,
    });
    const v = await addRecipient(key, d.id, { email: "vic.viewer@example.com", name: "Vic Viewer", role: "VIEWER", order: 3 });
    await addRecipient(key, d.id, { email: "cleo.cc@example.com", name: "Cleo Copy", role: "CC", order: 1 });
    expect([a.role, v.role]).toEqual(["APPROVER", "VIEWER"]);
    await signatureField(key, d.id, s.id);
    const hook = await call("POST", "/api/v1/enterprise/webhooks", {
      key,
      json: { url: "https://hooks.example.com/signet", events: ["signature_request.approved"] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();

    // Only the signer's turn: the approver's and the viewer's links wait.
    const ts = tokenFromOutbox("sam.signer@example.com")!;
    expect(ts).toBeTruthy();
    expect(tokenFromOutbox("ada.approver@example.com")).toBeNull();
    expect(tokenFromOutbox("vic.viewer@example.com")).toBeNull();
    const ta = await tokenOf(a.id);
    const tv = await tokenOf(v.id);
    const early = (await call("GET", `/api/sign/${ta}`)).body.data;
    expect(early).toMatchObject({
      yourTurn: false,
      waitingFor: ["Sam Signer"],
      recipient: { role: "APPROVER", status: "PENDING" },
      fields: [],
    });
    const outOfTurn = await approve(ta);
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.errorCode).toBe("RECIPIENT_NOT_YOUR_TURN");
    expect(outOfTurn.body.message).toMatch(/not your turn/);
    // A viewer opening the link before their turn is not done: nothing is recorded.
    expect((await call("GET", `/api/sign/${tv}`)).body.data).toMatchObject({
      yourTurn: false,
      waitingFor: ["Sam Signer", "Ada Approver"],
      recipient: { status: "PENDING" },
    });

    // The signer cannot approve; signing invites the approver.
    const vs = (await call("GET", `/api/sign/${ts}`)).body.data;
    expect((await approve(ts)).status).toBe(409);
    const signed = await sign(ts, { consent: true, values: [{ fieldId: firstOf(vs.fields, "fields").id, typed: "Sam Signer" }] });
    expect(signed.body.data).toMatchObject({ status: "SIGNED", completed: false });
    await runDueJobs();
    expect(tokenFromOutbox("ada.approver@example.com")).toBe(ta);
    expect(tokenFromOutbox("vic.viewer@example.com")).toBeNull();
    const invite = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items.find((m: { to: string }) =>
      m.to.includes("ada.approver@example.com"),
    );
    expect(invite?.subject).toBe("[Sandbox] Please approve: Purchase order");

    // The approver: the document, no fields, their turn; they do not sign; consent is required.
    const va = (await call("GET", `/api/sign/${ta}`)).body.data;
    expect(va).toMatchObject({
      yourTurn: true,
      fields: [],
      recipient: { role: "APPROVER", status: "VIEWED" },
      everyoneSigned: false,
    });
    const notSign = await sign(ta, { consent: true, values: [] });
    expect(notSign.status).toBe(409);
    expect(notSign.body.errorCode).toBe("RECIPIENT_ROLE_CANNOT_ACT");
    expect(notSign.body.message).toMatch(/approver has nothing to sign/);
    expect((await approve(ta, {})).status).toBe(400);
    const approved = await approve(ta);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "APPROVED", completed: false });
    expect((await approve(ta)).body.message).toMatch(/already approved/);
    const mid = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(recipientOf(mid, a.id)).toMatchObject({ status: "APPROVED", signedAt: null });
    expect(recipientOf(mid, a.id).approvedAt).toBeTruthy();
    const audit = (await call("GET", `${SR}/${d.id}/audit`, { key })).body.data.items;
    expect(audit.find((e: { type: string }) => e.type === "recipient.approved")).toMatchObject({
      actor: `recipient:${a.id}`,
      ip: "203.0.113.9",
      userAgent: "ApproverBrowser/2.0",
    });
    const db = await getDb();
    const hooks = (await db.select().from(webhookDeliveries))
      .filter((w) => (w.payload as { data: { id: string } }).data.id === d.id)
      .map((w) => w.eventType);
    expect(hooks).toContain("signature_request.approved");
    // Deliveries to hooks.example.com are not what this test is about.
    expect((await call("DELETE", `/api/v1/enterprise/webhooks/${hook.body.data.id}`, { key })).status).toBe(200);

    // The viewer is invited next, and is done by opening the link: that queues the seal.
    await runDueJobs();
    expect(tokenFromOutbox("vic.viewer@example.com")).toBe(tv);
    expect(await jobsOf(d.id, "seal")).toHaveLength(0);
    const vv = await call("GET", `/api/sign/${tv}`, { ip: "198.51.100.44", headers: { "user-agent": "ViewerBrowser/3.0" } });
    expect(vv.body.data).toMatchObject({
      yourTurn: false,
      fields: [],
      recipient: { role: "VIEWER", status: "VIEWED" },
      everyoneSigned: true,
    });
    expect(await jobsOf(d.id, "seal")).toHaveLength(1);
    expect((await approve(tv)).status).toBe(409);
    expect((await call("POST", `/api/sign/${tv}/decline`, { json: { reason: "No" } })).status).toBe(409);
    // Opening it again changes nothing.
    await call("GET", `/api/sign/${tv}`);
    expect(await jobsOf(d.id, "seal")).toHaveLength(1);

    const pdf = await sealed(key, d.id);
    const text = await certificateLines(pdf);
    const done = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    // The certificate prints each time to the second, in the request's zone (UTC here); each role says what they did.
    const at = (id: string, k: string) => String(recipientOf(done, id)[k]).replace(/^(.{10})T(.{8})\.\d{3}Z$/, "$1 $2 UTC");
    expect(text).toContain("Sam Signer\nsam.signer@example.com · Signer · Order 1");
    expect(text).toContain(`Signed at ${at(s.id, "signedAt")}`);
    expect(text).toContain(
      `Ada Approver\nada.approver@example.com · Approver · Order 2\nIdentified by e-mail link\nSent at ${at(a.id, "sentAt")}\nViewed at ${at(a.id, "viewedAt")}\nApproved at ${at(a.id, "approvedAt")}\nIP address 203.0.113.9\nUser agent ApproverBrowser/2.0`,
    );
    expect(text).toContain(
      `Vic Viewer\nvic.viewer@example.com · Viewer · Order 3\nIdentified by e-mail link\nSent at ${at(v.id, "sentAt")}\nViewed at ${at(v.id, "viewedAt")}\nIP address 198.51.100.44\nUser agent ViewerBrowser/3.0`,
    );
    // Who received a copy comes last, whatever their order.
    expect(text).toMatch(
      /Cleo Copy <cleo\.cc@example\.com>\nReceived a copy at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(the sealed PDF, by e-mail\)\n(?![\s\S]*Order)/,
    );
    // The events are the audit trail's (recipient.approved above), not the certificate's.
    expect(text).not.toMatch(/recipient[.:]|SIGNER|APPROVER|Status/);
    // Everyone, CC included, gets the sealed PDF.
    const completion = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items
      .filter((m: { kind: string; requestId: string }) => m.kind === "completed" && m.requestId === d.id)
      .map((m: { to: string }) => m.to)
      .sort();
    expect(completion).toHaveLength(4);
  });

  it("an approver declines with a reason, as a signer does: the request is DECLINED", async () => {
    const d = await createDraft(key, undefined, "Budget");
    const a = await addRecipient(key, d.id, {
      email: "dee.approver@example.com",
      name: "Dee Approver",
      role: "APPROVER",
      order: 1,
    });
    const s = await addRecipient(key, d.id, { email: "sid.signer@example.com", name: "Sid Signer", order: 2 });
    await signatureField(key, d.id, s.id);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const ta = tokenFromOutbox("dee.approver@example.com")!;
    expect(ta).toBeTruthy();
    expect(tokenFromOutbox("sid.signer@example.com")).toBeNull();
    expect((await call("POST", `/api/sign/${ta}/decline`, { json: { reason: "" } })).status).toBe(400);
    const r = await call("POST", `/api/sign/${ta}/decline`, { json: { reason: "Over budget" } });
    expect(r.status).toBe(200);
    const got = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(got.status).toBe("DECLINED");
    expect(recipientOf(got, a.id)).toMatchObject({ status: "DECLINED", declineReason: "Over budget", approvedAt: null });
    expect((await approve(ta)).status).toBe(410);
    expect((await call("GET", `/api/sign/${await tokenOf(s.id)}`)).status).toBe(410);
    expect(await jobsOf(d.id, "seal")).toHaveLength(0);
  });

  it("approvers and viewers of one order act in parallel; a request of approvers alone, with no field, completes and is sealed", async () => {
    const d = await createDraft(key, undefined, "Policy");
    await addRecipient(key, d.id, { email: "p.approver1@example.com", name: "Pat Approver", role: "APPROVER" });
    await addRecipient(key, d.id, { email: "q.approver2@example.com", name: "Quinn Approver", role: "APPROVER" });
    await addRecipient(key, d.id, { email: "r.viewer@example.com", name: "Rae Viewer", role: "VIEWER" });
    const sent = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await runDueJobs();
    const [t1, t2, tv] = take(
      ["p.approver1@example.com", "q.approver2@example.com", "r.viewer@example.com"].map((e) => tokenFromOutbox(e)!),
      3,
      "tokens",
    );
    expect([t1, t2, tv].every(Boolean)).toBe(true);
    const viewerMail = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items.find((m: { to: string }) =>
      m.to.includes("r.viewer@example.com"),
    );
    expect(viewerMail?.subject).toBe("[Sandbox] Please review: Policy");
    expect((await approve(t1)).body.data).toMatchObject({ completed: false });
    expect((await call("GET", `/api/sign/${tv}`)).body.data.recipient.status).toBe("VIEWED");
    expect(await jobsOf(d.id, "seal")).toHaveLength(0);
    expect((await approve(t2)).body.data).toMatchObject({ completed: true });
    expect(await jobsOf(d.id, "seal")).toHaveLength(1);
    const text = await certificateLines(await sealed(key, d.id));
    expect(
      text.match(/ · Approver · Order 1\nIdentified by e-mail link\n(?:(?:Sent|Viewed) at [^\n]*\n)*Approved at /g),
    ).toHaveLength(2);
    expect(text).toMatch(/ · Viewer · Order 1\nIdentified by e-mail link\n(?:Sent at [^\n]*\n)?Viewed at /);
    expect(text).toContain("Pat Approver");
    expect(text).toContain("Quinn Approver");
  });

  it("refuses what a role cannot have: a field for an approver or viewer (422), an unknown role (400), viewers alone (422)", async () => {
    const d = await createDraft(key, undefined, "Refusals");
    const bad = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "x@example.com", name: "X", role: "WITNESS" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: "role", message: "role must be SIGNER, CC, APPROVER or VIEWER" });
    const v = await addRecipient(key, d.id, { email: "only.viewer@example.com", name: "Only Viewer", role: "VIEWER" });
    const a = await addRecipient(key, d.id, {
      email: "an.approver@example.com",
      name: "An Approver",
      role: "APPROVER",
      order: 2,
    });
    for (const r of [a, v]) {
      const f = await call("POST", `${SR}/${d.id}/fields`, {
        key,
        json: { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y: 200, width: 180, height: 50 },
      });
      expect(f.status).toBe(422);
      expect(f.body.message).toContain(`is ${r.role}; only a SIGNER has fields`);
    }
    // Viewers (and CCs) alone decide nothing: sending is refused, naming why.
    expect((await call("PATCH", `${SR}/${d.id}/recipients/${a.id}`, { key, json: { role: "CC" } })).status).toBe(200);
    const none = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/at least one SIGNER or APPROVER/);
    // A signer with fields cannot become an approver until their fields are gone.
    const s = await addRecipient(key, d.id, { email: "a.signer@example.com", name: "A Signer" });
    await signatureField(key, d.id, s.id);
    const toApprover = await call("PATCH", `${SR}/${d.id}/recipients/${s.id}`, { key, json: { role: "APPROVER" } });
    expect(toApprover.status).toBe(422);
    expect(toApprover.body.message).toContain("an APPROVER recipient has none (only a SIGNER has fields)");
    expect((await call("PATCH", `${SR}/${d.id}/recipients/${s.id}`, { key, json: { role: "MANAGER" } })).status).toBe(400);
    expect((await call("PATCH", `${SR}/${d.id}/recipients/${a.id}`, { key, json: { role: "APPROVER" } })).body.data.role).toBe(
      "APPROVER",
    );
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
  });
});
