import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { recipients, webhookDeliveries, webhookEndpoints } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { draftWithSigners, sendDraft } from "../support/drafts";
import { tokenOf } from "../support/signing";
import { tokenFromOutbox } from "../support/outbox-token";
import { certificateLines, sealedDocument } from "../support/sealing";
import { firstOf } from "../support/expect-helpers";
import { pdfTemplate, T } from "../support/templates";

// A signer who may (canDelegate) hands their turn to someone else from their page: the same place and fields,
// a new link for the delegate, the old one 410; the certificate says on whose behalf the delegate signed.

const SR = "/api/v1/enterprise/signature-requests";
const delegate = (token: string, json: unknown) => call("POST", `/api/sign/${token}/delegate`, { json });
const row = async (id: string) =>
  firstOf(await (await getDb()).select().from(recipients).where(eq(recipients.id, id)), `recipient ${id}`);

async function signAs(token: string, name: string) {
  const page = await call("GET", `/api/sign/${token}`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const values = page.body.data.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: name }));
  const r = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe("delegation", () => {
  it("hands a turn over: old link 410, the delegate invited in the same place, signs, and the certificate says on whose behalf", async () => {
    const { sandboxKey: key } = await makeOrg();
    await call("POST", "/api/v1/enterprise/webhooks", { key, json: { url: "https://hooks.example.com/signet" } });
    const email = `ann-${Date.now()}@example.com`;
    const d = await draftWithSigners(key, [{ email, name: "Ann Absent", canDelegate: true }] as const);
    await sendDraft(key, d.id);
    await runDueJobs();
    const [annId] = d.recipientIds;
    const annToken = await tokenOf(annId);
    expect((await call("GET", `/api/sign/${annToken}`)).body.data.recipient.canDelegate).toBe(true);

    const before = await row(annId);
    for (const [json, status] of [
      [{ name: "Bob", email, reason: "away" }, 400], // her own address
      [{ name: "Bob", email: "bob@example.com" }, 400], // no reason
      [{ name: "Bob", email: "bob@example.com", reason: "   " }, 400],
      [{ name: "<Bob>", email: "bob@example.com", reason: "away" }, 400],
      [{ name: "Bob", email: "not-an-address", reason: "away" }, 400],
      [{ name: "Bob", email: "bob@example.com", reason: "x".repeat(1001) }, 400],
      [{ name: "Bob", email: "bob@example.com", reason: "away", admin: true }, 400],
    ] as const) {
      expect((await delegate(annToken, json)).status, JSON.stringify(json)).toBe(status);
    }
    expect(await row(annId)).toEqual(before);

    const bobEmail = `bob-${Date.now()}@example.com`;
    const ok = await delegate(annToken, { name: "Bob Deputy", email: bobEmail, reason: "On leave until March" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const old = await call("GET", `/api/sign/${annToken}`);
    expect([old.status, old.body.details?.status]).toEqual([410, "DELEGATED"]);
    const now = await row(annId);
    expect(now).toMatchObject({ name: "Bob Deputy", email: bobEmail, canDelegate: false, status: "SENT" });
    expect(now.delegatedFrom).toMatchObject({ name: "Ann Absent", email, reason: "On leave until March" });
    const api = await call("GET", `${SR}/${d.id}`, { key });
    expect(api.body.data.recipients[0]?.delegatedFrom).toMatchObject({ name: "Ann Absent" });

    // The webhook, and the delegate's own invitation.
    const db = await getDb();
    const hooks = await db
      .select({ type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.eventType, "recipient.delegated")));
    expect(hooks.length).toBeGreaterThan(0);
    await runDueJobs();
    const bobToken = tokenFromOutbox(bobEmail);
    expect(bobToken).toBeTruthy();
    // A delegate does not hand over again.
    const again = await delegate(bobToken!, { name: "Cy", email: "cy@example.com", reason: "me too" });
    expect([again.status, again.body.errorCode]).toEqual([403, "DELEGATION_NOT_ALLOWED"]);
    await signAs(bobToken!, "Bob Deputy");
    await runDueJobs();
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.status).toBe("COMPLETED");
    const lines = (await certificateLines(await sealedDocument(key, d.id))).replace(/\s+/g, " ");
    expect(lines).toContain("Bob Deputy");
    expect(lines, lines).toMatch(/On behalf of Ann Absent/);
    expect(lines).toContain("On leave until March");
  });

  it("refuses one who may not, and one whose turn has not come; a later step's delegate works when it comes", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await draftWithSigners(key, [
      { email: "first@example.com", name: "First", order: 1 },
      {
        email: "second@example.com",
        name: "Second",
        order: 2,
        canDelegate: true,
        authentication: { method: "ACCESS_CODE", accessCode: "secret-42" },
      },
    ] as const);
    await sendDraft(key, d.id);
    await runDueJobs();
    const [firstId, secondId] = d.recipientIds;
    const first = await delegate(await tokenOf(firstId), { name: "X", email: "x@example.com", reason: "r" });
    expect([first.status, first.body.errorCode]).toEqual([403, "DELEGATION_NOT_ALLOWED"]);
    // Second's turn has not come (and their link asks for its code first).
    const early = await delegate(await tokenOf(secondId), { name: "X", email: "x@example.com", reason: "r" });
    expect(early.status).toBeOneOf([401, 409]);
    await signAs(await tokenOf(firstId), "First");
    await runDueJobs();
    const secondToken = await tokenOf(secondId);
    const code = await call("POST", `/api/sign/${secondToken}/authentication`, { json: { code: "secret-42" } });
    expect(code.status).toBe(200);
    const cookie = code.raw.headers.get("set-cookie")!.split(";")[0]!;
    const handed = await call("POST", `/api/sign/${secondToken}/delegate`, {
      json: { name: "Deputy", email: "deputy@example.com", reason: "Travelling" },
      headers: { cookie },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    // The access code was the delegator's to know: the delegate proves their mailbox instead.
    expect((await row(secondId)).authMethod).toBe("EMAIL_CODE");
  });

  it("takes canDelegate from a template's role", async () => {
    const { sandboxKey: key } = await makeOrg();
    const { id } = await pdfTemplate(key, "Delegable", [{ text: "Contract" }]);
    const roles = await call("PUT", `${T}/${id}/roles`, { key, json: { roles: [{ name: "Client", canDelegate: true }] } });
    expect(roles.body.data.roles[0]?.canDelegate).toBe(true);
    await call("POST", `${T}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
    });
    const used = await call("POST", `${SR}/templates/${id}/use`, {
      key,
      json: { title: "From template", recipients: [{ roleName: "Client", name: "Cleo", email: "cleo@example.com" }] },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    expect(used.body.data.recipients[0]?.canDelegate).toBe(true);
  });
});
