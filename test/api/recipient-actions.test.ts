import { describe, expect, it, vi } from "vitest";
import { clock } from "@/lib/server/clock";
import { getDb } from "@/lib/server/db";
import { staffUsers } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenFromOutbox, tokenOf } from "../support/signing";
import { signingLinkState } from "@/lib/server/signing/link-state";
import { simplePdf } from "../support/simple-pdf";
import { createDraft } from "../support/drafts";

// On a request's page staff act on one recipient: mail their invitation again, or
// copy their signing link (admins and the request's creator only). Both while it is the recipient's
// turn, both in the audit trail; everything else is a clear 4xx that changes nothing.

const SR = "/api/v1/enterprise/signature-requests";
type Headers = Record<string, string>;

async function setup() {
  const org = await makeOrg();
  const db = await getDb();
  const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" })).apiKey;
  const staffOf = async (name: string, role: "ADMIN" | "MEMBER") => {
    const email = `${name.toLowerCase().replace(/\W/g, ".")}.${Math.random().toString(36).slice(2, 7)}@signet.test`;
    const [row] = await db.insert(staffUsers).values({ email, name, role, orgId: org.orgId }).returning();
    return { id: row!.id, name, email, ip: "203.0.113.9", userAgent: "test browser" };
  };
  return { org, key: org.sandboxKey, system, staffOf };
}

/** A request made and sent through the dashboard by `headers`' staff member: Sam (order 1) and Tess (order 2). */
async function staffRequest(system: string, headers: Headers) {
  const pdf = await simplePdf();
  const c = await call("POST", SR, {
    key: system,
    headers,
    form: { title: "Made by staff", file: { data: pdf, name: "c.pdf", type: "application/pdf" } },
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const id = c.body.data.id as string;
  const ids: string[] = [];
  for (const [order, name] of [
    [1, "Sam"],
    [2, "Tess"],
  ] as const) {
    const r = await call("POST", `${SR}/${id}/recipients`, {
      key: system,
      headers,
      json: { email: `${name.toLowerCase()}@example.com`, name, order },
    });
    ids.push(r.body.data.id);
    await call("POST", `${SR}/${id}/fields`, {
      key: system,
      headers,
      json: {
        fields: [{ type: "SIGNATURE", recipientId: r.body.data.id, page: 1, x: 72, y: 100 * order, width: 150, height: 40 }],
      },
    });
  }
  expect((await call("POST", `${SR}/${id}/send`, { key: system, headers })).status).toBe(200);
  await runDueJobs();
  return { id, sam: ids[0]!, tess: ids[1]! };
}

const audit = async (key: string, id: string) =>
  (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as {
    type: string;
    actorLabel: string | null;
    data: Record<string, unknown>;
  }[];

describe("resend one recipient's invitation", () => {
  it("mails it again with the same link, audited; not before their turn, not after, not a CC, never twice in a burst", async () => {
    const { key } = await setup();
    const {
      id,
      recipientIds: [a, b],
    } = await sentRequest(key, [
      { email: "first@example.com", name: "First One", order: 1 },
      { email: "second@example.com", name: "Second Two", order: 2 },
    ]);
    await runDueJobs();
    const resend = (rid: string, k = key) => call("POST", `${SR}/${id}/recipients/${rid}/resend`, { key: k });
    const first = async () =>
      (
        (await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { id: string; sentAt: string; lastMailedAt: string }[]
      ).find((x) => x.id === a)!;
    const invited = await first();
    expect(invited.lastMailedAt).toBe(invited.sentAt);

    const r = await resend(a!);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: a, email: "first@example.com", mailId: expect.any(String) });
    expect((await first()).lastMailedAt).toBe(invited.sentAt); // queued, not gone yet
    // The mail goes a minute later by the request's clock (held, so the two times differ however fast the
    // machine is).
    const later = new Date(Date.parse(invited.sentAt) + 60_000);
    vi.spyOn(clock, "now").mockReturnValue(later);
    try {
      await runDueJobs();
    } finally {
      vi.restoreAllMocks();
    }
    // "e-mailed" says when the mail went again; sentAt (from which reminders count) stays the first.
    const again = await first();
    expect(again.sentAt).toBe(invited.sentAt);
    expect(again.lastMailedAt).toBe(later.toISOString());
    const mails = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items.filter(
      (m: { to: string; kind: string }) => m.to.includes("first@example.com"),
    );
    expect(mails.map((m: { kind: string }) => m.kind)).toEqual(["invitation", "invitation"]);
    const events = await audit(key, id);
    expect(events.filter((e) => e.type === "recipient.invitation_resent")).toHaveLength(1);

    // Not their turn yet: 409, nothing queued.
    const early = await resend(b!);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "RECIPIENT_NOT_YOUR_TURN", data: null });
    // A second press is fine, a third in the same minute is a 429.
    expect((await resend(a!)).status).toBe(200);
    const burst = await resend(a!);
    expect(burst.status).toBe(429);
    expect(Number(burst.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    // Another organization's key, an unknown recipient, a malformed id: 404.
    const other = (await makeOrg()).sandboxKey;
    expect((await resend(a!, other)).status).toBe(404);
    expect((await resend("00000000-0000-4000-8000-000000000000")).body.errorCode).toBe("RECIPIENT_NOT_FOUND");
    expect((await resend("not-a-uuid")).status).toBe(404);
    expect((await call("GET", `${SR}/${id}/recipients/${a}/resend`, { key })).status).toBe(405);

    // After they signed: their turn is over.
    const token = await tokenOf(a!);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = (view.fields as { id: string; type: string }[])
      .filter((f) => f.type !== "DATE")
      .map((f) => (f.type === "TEXT" ? { fieldId: f.id, text: "Boss" } : { fieldId: f.id, typed: "First One" }));
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    const done = await resend(a!);
    expect(done.status).toBe(409);
    expect(done.body.errorCode).toBe("RECIPIENT_ALREADY_SIGNED");

    // A cancelled request: no one to resend to.
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    expect((await resend(b!)).body.errorCode).toBe("REQUEST_CANCELLED");
  });

  it("refuses a CC (422) and a DRAFT's recipient (409)", async () => {
    const { key } = await setup();
    const { id } = await sentRequest(key, [{ email: "s@example.com", name: "Sig Ner", order: 1 }], { cc: true });
    const cc = ((await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { id: string; role: string }[]).find(
      (r) => r.role === "CC",
    )!;
    const r = await call("POST", `${SR}/${id}/recipients/${cc.id}/resend`, { key });
    expect(r.status).toBe(422);
    expect(r.body.errorCode).toBe("RECIPIENT_IS_CC");
    const draft = await createDraft(key);
    const rid = (
      await call("POST", `${SR}/${draft.id}/recipients`, { key, json: { email: "d@example.com", name: "Dee Raft", order: 1 } })
    ).body.data.id as string;
    const d = await call("POST", `${SR}/${draft.id}/recipients/${rid}/resend`, { key });
    expect(d.status).toBe(409);
    expect(d.body.errorCode).toBe("REQUEST_NOT_SENT");
  });
});

describe("copy one recipient's signing link", () => {
  it("is for an admin or the request's creator in the dashboard, audited; a key, another member or a forged identity: 403", async () => {
    const { key, system, staffOf } = await setup();
    const ada = await staffOf("Ada Admin", "ADMIN");
    const mo = await staffOf("Mo Maker", "MEMBER");
    const pat = await staffOf("Pat Other", "MEMBER");
    const { id, sam, tess } = await staffRequest(system, await signStaffIdentity(mo));
    const copy = (k: string, headers: Headers, rid = sam) =>
      call("POST", `${SR}/${id}/recipients/${rid}/signing-link`, { key: k, headers });
    const before = (await audit(key, id)).length;

    for (const [k, headers] of [
      [key, {}],
      [key, await signStaffIdentity(ada)],
      [system, {}],
      [system, await signStaffIdentity(pat)],
      [system, { ...(await signStaffIdentity(ada)), "x-signet-staff-signature": "forged" }],
    ] as const) {
      const r = await copy(k, headers);
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body).toMatchObject({ errorCode: "ADMIN_REQUIRED", data: null });
    }
    expect((await audit(key, id)).length).toBe(before);

    const token = await tokenOf(sam);
    for (const who of [mo, ada]) {
      const r = await copy(system, await signStaffIdentity(who));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual({ url: expect.stringMatching(new RegExp(`/sign/${token}$`)), recipientId: sam });
    }
    const copied = (await audit(key, id)).filter((e) => e.type === "recipient.signing_link.copied");
    expect(copied.map((e) => e.actorLabel)).toEqual([expect.stringContaining("Mo Maker"), expect.stringContaining("Ada Admin")]);
    // Not Tess's turn yet: no link to hand over.
    const early = await copy(system, await signStaffIdentity(ada), tess);
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe("RECIPIENT_NOT_YOUR_TURN");
  });
});

describe("correct a recipient after sending", () => {
  it("sets the name or address right: the old link answers 410 'replaced' naming nothing, a new one is mailed, both audited", async () => {
    const { key } = await setup();
    const {
      id,
      recipientIds: [a, b],
    } = await sentRequest(key, [
      { email: "mistpyed@example.com", name: "Mia Typo", order: 1 },
      { email: "later@example.com", name: "Leo Later", order: 2 },
    ]);
    await runDueJobs();
    const oldToken = await tokenOf(a!);
    expect((await call("GET", `/api/sign/${oldToken}`)).status).toBe(200);
    const correct = (rid: string, json: unknown, k = key) =>
      call("POST", `${SR}/${id}/recipients/${rid}/correct`, { key: k, json });

    const fixed = await correct(a!, { email: "mistyped@example.com", name: "Mia Right" });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ id: a, email: "mistyped@example.com", name: "Mia Right", invited: true });
    await runDueJobs();

    // The old link: 410, replaced, no title; its document and actions too.
    const old = await call("GET", `/api/sign/${oldToken}`);
    expect(old.status).toBe(410);
    expect(old.body).toMatchObject({ errorCode: "SIGNING_LINK_ENDED", data: null, details: { status: "REPLACED" } });
    expect(JSON.stringify(old.body)).not.toContain("Signing test");
    expect((await call("GET", `/api/sign/${oldToken}/document`)).status).toBe(410);
    expect((await call("GET", `/api/sign/${oldToken}/pages/1?w=480`)).status).toBe(410);
    expect((await call("POST", `/api/sign/${oldToken}/sign`, { json: { consent: true, values: [] } })).status).toBe(410);
    const state = await signingLinkState(oldToken);
    expect(state).toMatchObject({ kind: "ended", status: "REPLACED", title: null });

    // The new link went to the new address, and works.
    const newToken = await tokenOf(a!);
    expect(newToken).not.toBe(oldToken);
    const outbox = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items as { to: string; kind: string }[];
    expect(outbox.filter((m) => m.to.includes("mistyped@example.com")).map((m) => m.kind)).toEqual(["invitation"]);
    expect(tokenFromOutbox("mistyped@example.com")).toBe(newToken);
    const view = await call("GET", `/api/sign/${newToken}`);
    expect(view.status).toBe(200);
    expect(view.body.data.recipient).toMatchObject({ name: "Mia Right", email: "mistyped@example.com" });
    const events = await audit(key, id);
    expect(events.find((e) => e.type === "recipient.corrected")?.data).toMatchObject({
      from: { name: "Mia Typo", email: "mistpyed@example.com" },
      to: { name: "Mia Right", email: "mistyped@example.com" },
      linkReplaced: true,
    });

    // Not their turn yet: corrected, no mail now; invited in turn at the new address with a working link.
    const leo = await correct(b!, { name: "Leo Lion" });
    expect(leo.status).toBe(200);
    expect(leo.body.data).toMatchObject({ name: "Leo Lion", invited: false });
    const values = (view.body.data.fields as { id: string; type: string }[])
      .filter((f) => f.type !== "DATE")
      .map((f) => (f.type === "TEXT" ? { fieldId: f.id, text: "CFO" } : { fieldId: f.id, typed: "Mia Right" }));
    expect((await call("POST", `/api/sign/${newToken}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs();
    expect(tokenFromOutbox("later@example.com")).toBe(await tokenOf(b!));
    expect((await call("GET", `/api/sign/${await tokenOf(b!)}`)).body.data.recipient.name).toBe("Leo Lion");

    // Refused, and nothing changed: a finished recipient, nothing to correct, bad input, another organization.
    const done = await correct(a!, { name: "Someone Else" });
    expect(done.status).toBe(409);
    expect(done.body.errorCode).toBe("RECIPIENT_ALREADY_SIGNED");
    for (const body of [
      {},
      { name: "Leo Lion" },
      { email: "not-an-address" },
      { name: "A\nB" },
      { email: "x@example.com", role: "CC" },
    ]) {
      const r = await correct(b!, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data).toBeNull();
    }
    const other = (await makeOrg()).sandboxKey;
    expect((await correct(b!, { name: "Evil" }, other)).status).toBe(404);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.recipients[1]!.name).toBe("Leo Lion");
  });

  it("is for the people who may copy the link and the API key: another member gets 403 and nothing changes", async () => {
    const { key, system, staffOf } = await setup();
    const ada = await staffOf("Ada Admin", "ADMIN");
    const mo = await staffOf("Mo Maker", "MEMBER");
    const pat = await staffOf("Pat Other", "MEMBER");
    const { id, sam, tess } = await staffRequest(system, await signStaffIdentity(mo));
    const correct = (k: string, headers: Headers, json: unknown, rid = sam) =>
      call("POST", `${SR}/${id}/recipients/${rid}/correct`, { key: k, headers, json });
    const snapshot = async () => ({
      request: (await call("GET", `${SR}/${id}`, { key })).body.data,
      audit: await audit(key, id),
      token: await tokenOf(sam),
      mails: (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items,
    });
    const before = await snapshot();

    // A member who did not create the request is refused as copy-link refuses them, and so is the dashboard's key
    // with no staff member behind it or a forged one: nothing changes, no mail goes.
    for (const [k, headers] of [
      [system, await signStaffIdentity(pat)],
      [system, {}],
      [system, { ...(await signStaffIdentity(ada)), "x-signet-staff-signature": "forged" }],
    ] as const) {
      const r = await correct(k, headers, { email: "pat.own@example.com" });
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body).toMatchObject({ errorCode: "ADMIN_REQUIRED", data: null });
    }
    const copy = await call("POST", `${SR}/${id}/recipients/${sam}/signing-link`, {
      key: system,
      headers: await signStaffIdentity(pat),
    });
    expect(copy.status).toBe(403);
    await runDueJobs();
    expect(await snapshot()).toEqual(before);
    expect(tokenFromOutbox("pat.own@example.com")).toBeNull();

    // The request's creator, an admin and the organization's API key may; each correction is audited.
    const byMo = await correct(system, await signStaffIdentity(mo), { name: "Sam Right" });
    expect(byMo.status, JSON.stringify(byMo.body)).toBe(200);
    const byAda = await correct(system, await signStaffIdentity(ada), { email: "sam.right@example.com" });
    expect(byAda.status, JSON.stringify(byAda.body)).toBe(200);
    const byKey = await correct(key, {}, { name: "Tess Right" }, tess);
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    const corrected = (await audit(key, id)).filter((e) => e.type === "recipient.corrected");
    expect(corrected.map((e) => e.actorLabel)).toEqual([
      expect.stringContaining("Mo Maker"),
      expect.stringContaining("Ada Admin"),
      null,
    ]);
  });

  it("a DRAFT's recipient is changed with PATCH, not corrected (409)", async () => {
    const { key } = await setup();
    const draft = await createDraft(key);
    const rid = (
      await call("POST", `${SR}/${draft.id}/recipients`, { key, json: { email: "d@example.com", name: "Dee Raft", order: 1 } })
    ).body.data.id as string;
    const r = await call("POST", `${SR}/${draft.id}/recipients/${rid}/correct`, { key, json: { name: "Dee Right" } });
    expect(r.status).toBe(409);
    expect(r.body.errorCode).toBe("REQUEST_NOT_SENT");
  });
});
