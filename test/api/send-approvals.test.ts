// Sends that wait for a person: a production key marked "sends need approval" asks, and a staff member of the
// organization approves (the request is sent as it stood) or rejects (with a reason the key reads in the request
// and a webhook). Meanwhile the request cannot change; sandbox sends never wait; bulk sends and public links,
// which would send without approval, are refused to such a key.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { auditEvents, jobs, webhookDeliveries } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { decideApproval } from "@/lib/server/approvals/send-approvals";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { refusal, staffOf } from "../support/staff";
import { pdfTemplate } from "../support/templates";

const SR = "/api/v1/enterprise/signature-requests";

async function approvalOrg() {
  const org = await makeOrg({ plan: "ENTERPRISE", production: true });
  const db = await getDb();
  const { apiKey } = await insertApiKey(db, {
    orgId: org.orgId,
    name: "agent",
    environment: "PRODUCTION",
    sendsNeedApproval: true,
  });
  const sandbox = await insertApiKey(db, {
    orgId: org.orgId,
    name: "agent (sandbox)",
    environment: "SANDBOX",
    sendsNeedApproval: true,
  });
  const staff = await staffOf(org.orgId, "MEMBER");
  // A webhook endpoint for the production environment, so that the events show as deliveries.
  const hook = await call("POST", "/api/v1/enterprise/webhooks", {
    key: apiKey,
    json: {
      url: "https://example.com/hooks/signet",
      events: ["signature_request.sent", "signature_request.approval_requested", "signature_request.approval_rejected"],
    },
  });
  expect(hook.status).toBe(201);
  return { ...org, agent: apiKey, sandboxAgent: sandbox.apiKey, staff };
}

/** A draft ready to send: one signer with a signature. */
async function readyDraft(key: string, title = "Agent contract") {
  const d = await createDraft(key, undefined, title);
  const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "ann@example.com", name: "Ann Agent" } });
  const f = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: { fields: [{ type: "SIGNATURE", recipientId: r.body.data.id, page: 1, x: 72, y: 100, width: 180, height: 50 }] },
  });
  expect(f.status).toBe(201);
  return d.id as string;
}

async function deliveries(requestId: string, type: string) {
  const db = await getDb();
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, type));
  return rows.filter((r) => (r.payload as { data: { id: string } }).data.id === requestId);
}

async function invitations(requestId: string) {
  const db = await getDb();
  const rows = await db.select().from(jobs).where(eq(jobs.type, "invitation"));
  return rows.filter((j) => JSON.stringify(j.payload).includes(requestId));
}

describe("a key whose production sends need approval", () => {
  it("asks (202, nothing sent), the request cannot change, and a staff member's approval sends it as it stood", async () => {
    const org = await approvalOrg();
    const id = await readyDraft(org.agent);
    const asked = await call("POST", `${SR}/${id}/send`, { key: org.agent });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({
      status: "DRAFT",
      awaitingApproval: true,
      approval: { state: "PENDING", via: "api", requestedByKey: org.agent.slice(0, 16), decidedAt: null },
    });
    expect(await invitations(id)).toHaveLength(0);
    expect(await deliveries(id, "signature_request.approval_requested")).toHaveLength(1);

    // Nothing about it changes while it waits, by any route; the refusals name the wait.
    const before = (await call("GET", `${SR}/${id}`, { key: org.agent })).body.data;
    const tries = [
      call("POST", `${SR}/${id}/recipients`, { key: org.agent, json: { email: "eve@example.com", name: "Eve" } }),
      call("PATCH", `${SR}/${id}`, { key: org.agent, json: { title: "Changed while waiting" } }),
      call("PATCH", `${SR}/${id}/fields/${before.fields[0]!.id}`, { key: org.agent, json: { x: 300 } }),
      call("DELETE", `${SR}/${id}/recipients/${before.recipients[0]!.id}`, { key: org.agent }),
      call("DELETE", `${SR}/${id}`, { key: org.agent }),
      call("POST", `${SR}/${id}/send`, { key: org.agent }),
    ];
    for (const t of await Promise.all(tries)) {
      expect([t.status, t.body.errorCode]).toEqual([409, "REQUEST_AWAITING_APPROVAL"]);
    }
    const after = (await call("GET", `${SR}/${id}`, { key: org.agent })).body.data;
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });

    const sent = await decideApproval(org.staff, id, { decision: "APPROVE" });
    expect(sent).toMatchObject({
      status: "IN_PROGRESS",
      awaitingApproval: false,
      approval: { state: "APPROVED", decidedBy: "MEMBER person" },
    });
    expect(sent.recipients.map((r) => r.email)).toEqual(["ann@example.com"]);
    expect(sent.fields).toEqual(before.fields);
    expect(await invitations(id)).toHaveLength(1);
    expect(await deliveries(id, "signature_request.sent")).toHaveLength(1);
    const db = await getDb();
    const trail = await db.select().from(auditEvents).where(eq(auditEvents.requestId, id));
    const types = trail.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["request.approval_requested", "request.approval_approved", "request.sent"]));
    const sentEvent = trail.find((e) => e.type === "request.sent")!;
    expect(sentEvent.actor).toBe(`staff:${org.staff.id}`);
    // Decided once.
    expect((await refusal(decideApproval(org.staff, id, { decision: "APPROVE" }))).code).toBe("APPROVAL_NOT_PENDING");
  });

  it("is told a rejection with its reason (request and webhook), and may change and ask again", async () => {
    const org = await approvalOrg();
    const id = await readyDraft(org.agent, "To be rejected");
    expect((await call("POST", `${SR}/${id}/send`, { key: org.agent })).status).toBe(202);
    expect((await refusal(decideApproval(org.staff, id, { decision: "REJECT", reason: "  " }))).code).toBe("VALIDATION_FAILED");
    expect((await refusal(decideApproval(org.staff, id, { decision: "REJECT", reason: "x".repeat(1001) }))).code).toBe(
      "VALIDATION_FAILED",
    );
    // Someone of another organization cannot see it.
    const stranger = await staffOf((await makeOrg()).orgId, "ADMIN");
    expect((await refusal(decideApproval(stranger, id, { decision: "APPROVE" }))).code).toBe("REQUEST_NOT_FOUND");
    expect((await refusal(decideApproval(org.staff, "not-an-id", { decision: "APPROVE" }))).code).toBe("REQUEST_NOT_FOUND");

    const rejected = await decideApproval(org.staff, id, { decision: "REJECT", reason: "Wrong customer address" });
    expect(rejected).toMatchObject({
      status: "DRAFT",
      awaitingApproval: false,
      approval: { state: "REJECTED", reason: "Wrong customer address" },
    });
    const [hook] = await deliveries(id, "signature_request.approval_rejected");
    expect(hook?.payload).toMatchObject({ data: { id, status: "DRAFT", reason: "Wrong customer address" } });
    const seen = await call("GET", `${SR}/${id}`, { key: org.agent });
    expect(seen.body.data.approval).toMatchObject({ state: "REJECTED", reason: "Wrong customer address" });
    expect(await invitations(id)).toHaveLength(0);
    // A DRAFT again: the key corrects it and asks again.
    const patched = await call("PATCH", `${SR}/${id}`, { key: org.agent, json: { title: "Corrected" } });
    expect(patched.status).toBe(200);
    const again = await call("POST", `${SR}/${id}/send`, { key: org.agent });
    expect(again.status).toBe(202);
    expect(again.body.data.approval).toMatchObject({ state: "PENDING" });
  });

  it("cannot be approved once the key that asked is revoked; it can still be rejected", async () => {
    const org = await approvalOrg();
    const db = await getDb();
    const { apiKey, row } = await insertApiKey(db, {
      orgId: org.orgId,
      name: "agent to revoke",
      environment: "PRODUCTION",
      sendsNeedApproval: true,
    });
    const id = await readyDraft(apiKey, "Asked by a key revoked since");
    expect((await call("POST", `${SR}/${id}/send`, { key: apiKey })).status).toBe(202);
    expect((await call("DELETE", `/api/v1/api-keys/${row.id}`, { key: org.agent })).status).toBe(200);
    const refused = await refusal(decideApproval(org.staff, id, { decision: "APPROVE" }));
    expect(refused.code).toBe("APPROVAL_KEY_REVOKED");
    const still = await call("GET", `${SR}/${id}`, { key: org.agent });
    expect(still.body.data).toMatchObject({ status: "DRAFT", awaitingApproval: true, approval: { state: "PENDING" } });
    expect(await invitations(id)).toHaveLength(0);
    const rejected = await decideApproval(org.staff, id, { decision: "REJECT", reason: "The agent's key was revoked" });
    expect(rejected).toMatchObject({ status: "DRAFT", approval: { state: "REJECTED" } });
  });

  it("does not wait in the sandbox, nor for a staff member's own send; checks a send before it waits", async () => {
    const org = await approvalOrg();
    const sandboxId = await readyDraft(org.sandboxAgent);
    const sandbox = await call("POST", `${SR}/${sandboxId}/send`, { key: org.sandboxAgent });
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.data).toMatchObject({ status: "IN_PROGRESS", awaitingApproval: false, approval: null });
    // A draft that could not be sent does not wait either: the refusal a send would give.
    const bare = await createDraft(org.agent);
    const refused = await call("POST", `${SR}/${bare.id}/send`, { key: org.agent });
    expect([refused.status, refused.body.errorCode]).toEqual([422, "NO_DECIDING_RECIPIENT"]);
    expect((await call("GET", `${SR}/${bare.id}`, { key: org.agent })).body.data.awaitingApproval).toBe(false);
  });

  it("cannot bulk send or open public links in production, and makes only keys whose sends need approval", async () => {
    const org = await approvalOrg();
    const tpl = (await pdfTemplate(org.agent, "Agent template")).id;
    const bulk = await call("POST", `/api/v1/enterprise/templates/${tpl}/bulk-send`, {
      key: org.agent,
      json: { rows: [{ "s1.name": "Ann", "s1.email": "ann@example.com" }] },
    });
    expect([bulk.status, bulk.body.errorCode]).toEqual([403, "SEND_APPROVAL_REQUIRED"]);
    const link = await call("POST", `/api/v1/enterprise/templates/${tpl}/public-links`, { key: org.agent, json: {} });
    expect([link.status, link.body.errorCode]).toEqual([403, "SEND_APPROVAL_REQUIRED"]);
    const made = await call("POST", "/api/v1/api-keys", { key: org.agent, json: { name: "child", environment: "PRODUCTION" } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ sendsNeedApproval: true });
    const listed = await call("GET", "/api/v1/api-keys", { key: org.productionKey! });
    const agent = listed.body.data.items.find((k: { name: string }) => k.name === "agent");
    expect(agent).toMatchObject({ sendsNeedApproval: true });
    const plain = listed.body.data.items.find((k: { name: string }) => k.name === "test production");
    expect(plain).toMatchObject({ sendsNeedApproval: false });
    const db = await getDb();
    const bulkJobs = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "bulk-send")));
    expect(bulkJobs.filter((j) => JSON.stringify(j.payload).includes(org.orgId))).toHaveLength(0);
  });
});
