import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { fields, recipients } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { tokenOf } from "../support/signing";
import { outboxMessages } from "../support/outbox-token";
import { certificateLines, sealedDocument } from "../support/sealing";
import { pdfTemplate, T } from "../support/templates";

// A signing group: a place in the order held by several people, n of whom must sign. Each member has their own
// link; the k-th to sign fills the group's fields of place k; once n have signed, the others are released.

const SR = "/api/v1/enterprise/signature-requests";
const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function addMember(key: string, id: string, name: string, group: { name: string; required?: number }, extra = {}) {
  const r = await call("POST", `${SR}/${id}/recipients`, {
    key,
    json: { name, email: `${name.toLowerCase()}-${stamp()}@example.com`, group, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: string; email: string; group: { id: string; required: number; size: number } };
}

const sig = (recipientId: string, seat: number, y: number) => ({
  type: "SIGNATURE",
  recipientId,
  seat,
  page: 1,
  x: 72,
  y,
  width: 180,
  height: 50,
});

/** A draft whose one step is the group "Directors" of three, `required` of whom sign; a signature field per place. */
async function directors(key: string, required: number) {
  const d = await createDraft(key, undefined, `Board resolution ${required} of 3`);
  const a = await addMember(key, d.id, "Ada", { name: "Directors", required });
  const b = await addMember(key, d.id, "Ben", { name: "directors" });
  const c = await addMember(key, d.id, "Cy", { name: "Directors" });
  for (let seat = 1; seat <= required; seat++) {
    const f = await call("POST", `${SR}/${d.id}/fields`, { key, json: sig(b.id, seat, 100 + seat * 80) });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
    // Placed for any member, the field is the group's (its first member's id).
    expect(f.body.data.fields[0]?.recipientId).toBe(a.id);
  }
  return { id: d.id as string, members: [a, b, c] };
}

async function signAs(token: string, name: string) {
  const page = await call("GET", `/api/sign/${token}`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const values = page.body.data.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: name }));
  const r = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return page.body.data.fields as { id: string }[];
}

const statuses = async (id: string, key: string) =>
  ((await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { name: string; status: string }[]).map(
    (r) => `${r.name}:${r.status}`,
  );

describe("signing groups", () => {
  it("1 of 3: all three are invited, the first to sign completes the group, the others are released and told", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await directors(key, 1);
    const [a, b, c] = d.members;
    const got = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(got.recipients.map((r: { group: unknown }) => r.group)).toEqual(
      Array(3).fill({ id: a!.id, name: "Directors", required: 1, size: 3 }),
    );
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    expect(await statuses(d.id, key)).toEqual(["Ada:SENT", "Ben:SENT", "Cy:SENT"]);
    // Every member sees the group's one field; Ben signs it.
    const shown = await signAs(await tokenOf(b!.id), "Ben Director");
    expect(shown).toHaveLength(1);
    expect(await statuses(d.id, key)).toEqual(["Ada:RELEASED", "Ben:SIGNED", "Cy:RELEASED"]);
    // A released member's link ends, saying why; signing from it is refused and changes nothing.
    const cyToken = await tokenOf(c!.id);
    const ended = await call("GET", `/api/sign/${cyToken}`);
    expect([ended.status, ended.body.errorCode, ended.body.details?.status]).toEqual([410, "SIGNING_LINK_ENDED", "RELEASED"]);
    const late = await call("POST", `/api/sign/${cyToken}/sign`, { json: { consent: true, values: [] } });
    expect(late.status).toBe(410);
    await runDueJobs();
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.status).toBe("COMPLETED");
    // The released were told.
    const mails = outboxMessages().filter((m) => m.raw.includes(c!.email) && /No longer needed/.test(m.raw));
    expect(mails.length).toBe(1);
    const db = await getDb();
    const [field] = await db.select().from(fields).where(eq(fields.requestId, d.id));
    expect(field?.signedBy).toBe(b!.id);
    const lines = (await certificateLines(await sealedDocument(key, d.id))).replace(/\s+/g, " ");
    expect(lines).toContain("Ben");
    expect(lines).toMatch(/Signing group “Directors”: 1 of 3 sign/);
    expect(lines).toMatch(/No longer needed at/);
  });

  it("2 of 3: the first two take places 1 and 2; the request completes on the second; a stale page is told to reload", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await directors(key, 2);
    const [a, , c] = d.members;
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const cToken = await tokenOf(c!.id);
    const aToken = await tokenOf(a!.id);
    // Cy and Ada both open the page on place 1.
    const cyPage = (await call("GET", `/api/sign/${cToken}`)).body.data;
    const adaPage = (await call("GET", `/api/sign/${aToken}`)).body.data;
    expect(cyPage.fields[0]?.id).toBe(adaPage.fields[0]?.id);
    // Cy signs place 1; Ada, still on place 1, is told the place was taken; nothing of hers is kept.
    const cySigned = await call("POST", `/api/sign/${cToken}/sign`, {
      json: { consent: true, values: [{ fieldId: cyPage.fields[0]?.id, typed: "Cy" }] },
    });
    expect(cySigned.status, JSON.stringify(cySigned.body)).toBe(200);
    expect(cySigned.body.data.next).toBe("SAME_STEP");
    const stale = await call("POST", `/api/sign/${aToken}/sign`, {
      json: { consent: true, values: [{ fieldId: adaPage.fields[0]?.id, typed: "Ada" }] },
    });
    expect([stale.status, stale.body.errorCode]).toEqual([409, "GROUP_SEAT_TAKEN"]);
    expect(await statuses(d.id, key)).toEqual(["Ada:VIEWED", "Ben:SENT", "Cy:SIGNED"]);
    // Reloaded, Ada signs place 2; Ben is released; the request completes.
    await signAs(aToken, "Ada");
    expect(await statuses(d.id, key)).toEqual(["Ada:SIGNED", "Ben:RELEASED", "Cy:SIGNED"]);
    const api = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(api.recipients.map((r: { groupSeat: number | null }) => r.groupSeat)).toEqual([2, null, 1]);
    await runDueJobs();
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.status).toBe("COMPLETED");
    const db = await getDb();
    const signedBy = (await db.select().from(fields).where(eq(fields.requestId, d.id))).map((f) => [f.seat, f.signedBy]);
    expect(signedBy.sort()).toEqual([
      [1, c!.id],
      [2, a!.id],
    ]);
  });

  it("refuses groups that would not hold together, and changes nothing", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await createDraft(key);
    const a = await addMember(key, d.id, "Ada", { name: "Board", required: 2 }, { order: 1 });
    const bad = [
      [{ name: "X", email: "x@example.com", group: { name: "Board" }, order: 2 }, 422], // another step
      [{ name: "X", email: "x@example.com", group: { name: "Board" }, role: "APPROVER" }, 422],
      [{ name: "X", email: "x@example.com", group: { name: "" } }, 400],
      [{ name: "X", email: "x@example.com", group: { name: "Board", required: 0 } }, 400],
      [{ name: "X", email: "x@example.com", group: { name: "Board", required: 11 } }, 400],
      [{ name: "X", email: "x@example.com", group: { name: "Board", admin: true } }, 400],
      [{ name: "X", email: "x@example.com", group: "Board" }, 400],
      [{ name: "X", email: "x@example.com", group: { name: "B\u202eoard" } }, 400],
    ] as const;
    const db = await getDb();
    const before = await db.select().from(recipients).where(eq(recipients.requestId, d.id));
    for (const [json, status] of bad) {
      const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json });
      expect(r.status, JSON.stringify([json, r.body])).toBe(status);
    }
    expect(await db.select().from(recipients).where(eq(recipients.requestId, d.id))).toEqual(before);
    // A place beyond the group's, and a place for a plain signer: 422.
    const solo = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { name: "Solo", email: "solo@example.com" } })).body
      .data;
    for (const json of [sig(a.id, 3, 100), sig(solo.id, 2, 100)]) {
      const r = await call("POST", `${SR}/${d.id}/fields`, { key, json });
      expect([r.status, r.body.errors?.[0]?.field]).toEqual([422, "seat"]);
    }
    await call("POST", `${SR}/${d.id}/fields`, { key, json: sig(a.id, 1, 100) });
    await call("POST", `${SR}/${d.id}/fields`, { key, json: sig(a.id, 2, 200) });
    await call("POST", `${SR}/${d.id}/fields`, { key, json: sig(solo.id, 1, 300) });
    // One member for two signatures: refused at send.
    const send = await call("POST", `${SR}/${d.id}/send`, { key });
    expect([send.status, send.body.errorCode]).toEqual([422, "GROUP_INVALID"]);
    // Another organization cannot join the group or see it.
    const other = await makeOrg();
    const foreign = await call("POST", `${SR}/${d.id}/recipients`, {
      key: other.sandboxKey,
      json: { name: "Eve", email: "eve@example.com", group: { name: "Board" } },
    });
    expect(foreign.status).toBe(404);
    // The group's first member removed: its fields go to the next one, and the group still sends.
    const b = await addMember(key, d.id, "Ben", { name: "Board" });
    await addMember(key, d.id, "Cy", { name: "Board" });
    expect((await call("DELETE", `${SR}/${d.id}/recipients/${a.id}`, { key })).status).toBe(200);
    const left = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(left.fields.filter((f: { recipientId: string }) => f.recipientId === b.id)).toHaveLength(2);
    expect(left.recipients.find((r: { id: string }) => r.id === b.id)?.group).toMatchObject({ id: b.id, required: 2, size: 2 });
    // Renamed member by member, the group keeps its fields with its new first member.
    const [first, second] = left.recipients.filter((r: { group: unknown }) => r.group) as { id: string }[];
    if (!first || !second) throw new Error("the group has two members");
    for (const m of [first, second]) {
      const p = await call("PATCH", `${SR}/${d.id}/recipients/${m.id}`, { key, json: { group: { name: "Council" } } });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
    }
    const renamed = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    const council = renamed.recipients.filter((r: { group: { name: string } | null }) => r.group?.name === "Council");
    expect(council.map((r: { group: { id: string } }) => r.group.id)).toEqual([first.id, first.id]);
    expect(renamed.fields.filter((f: { recipientId: string }) => f.recipientId === first.id)).toHaveLength(2);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
  });

  it("a template's role is a group: the use call names its members, who share its fields", async () => {
    const { sandboxKey: key } = await makeOrg();
    const { id } = await pdfTemplate(key, "Resolution", [{ text: "Resolved" }]);
    const badRole = await call("PUT", `${T}/${id}/roles`, {
      key,
      json: { roles: [{ name: "Directors", role: "APPROVER", group: { required: 1 } }] },
    });
    expect(badRole.status).toBe(400);
    const roles = await call("PUT", `${T}/${id}/roles`, {
      key,
      json: { roles: [{ name: "Directors", group: { required: 2 } }] },
    });
    expect(roles.body.data.roles[0]?.group).toEqual({ required: 2 });
    for (const seat of [1, 2]) {
      const f = await call("POST", `${T}/${id}/fields`, {
        key,
        json: { type: "SIGNATURE", roleName: "Directors", seat, page: 1, x: 72, y: 100 * seat, width: 150, height: 40 },
      });
      expect(f.status, JSON.stringify(f.body)).toBe(201);
    }
    const beyond = await call("POST", `${T}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "Directors", seat: 3, page: 1, x: 72, y: 400, width: 150, height: 40 },
    });
    expect([beyond.status, beyond.body.errors?.[0]?.field]).toEqual([422, "seat"]);
    const person = (n: string) => ({ roleName: "Directors", name: n, email: `${n.toLowerCase()}@example.com` });
    const one = await call("POST", `${SR}/templates/${id}/use`, { key, json: { title: "R", recipients: [person("Ada")] } });
    expect([one.status, one.body.errorCode]).toEqual([422, "GROUP_INVALID"]);
    const used = await call("POST", `${SR}/templates/${id}/use`, {
      key,
      json: { title: "R", recipients: [person("Ada"), person("Ben"), person("Cy")] },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const data = used.body.data;
    const lead = data.recipients[0]?.id;
    expect(data.recipients.map((r: { group: unknown }) => r.group)).toEqual(
      Array(3).fill({ id: lead, name: "Directors", required: 2, size: 3 }),
    );
    expect(data.fields.map((f: { recipientId: string; seat: number }) => [f.recipientId, f.seat])).toEqual([
      [lead, 1],
      [lead, 2],
    ]);
    // A public link names one person per role: not for a template with a group role.
    const link = await call("POST", `${T}/${id}/public-links`, { key, json: { name: "Board link" } });
    expect(link.status).toBe(422);
  });
});
