import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { signatureRequests, staffUsers } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { sentRequest, tokenOf } from "../support/signing";

// The list says who has signed. Each row has its recipients with their state, how
// many of those who take a turn have done it, and who created it; the list filters by creator and by
// creation date, with the cursor.

const SR = "/api/v1/enterprise/signature-requests";
type Row = {
  id: string;
  title: string;
  recipients: { name: string; status: string; role: string }[];
  progress: { done: number; total: number };
  createdBy: { actor: string; name: string } | null;
};

async function signAll(rid: string) {
  const token = await tokenOf(rid);
  const view = (await call("GET", `/api/sign/${token}`)).body.data;
  const values = (view.fields as { id: string; type: string }[])
    .filter((f) => f.type !== "DATE")
    .map((f) => (f.type === "TEXT" ? { fieldId: f.id, text: "CEO" } : { fieldId: f.id, typed: "Ann Signer" }));
  expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
}

describe("the requests list", () => {
  it("shows each recipient's state, '1 of 2 signed', and who created it", async () => {
    const { sandboxKey: key } = await makeOrg();
    const {
      id,
      recipientIds: [ann],
    } = await sentRequest(key, [
      { email: "ann@example.com", name: "Ann Signer", order: 1 },
      { email: "bob@example.com", name: "Bob Later", order: 2 },
    ]);
    await runDueJobs();
    await signAll(ann!);
    await runDueJobs();
    const list = await call("GET", `${SR}?limit=10`, { key });
    expect(list.status).toBe(200);
    const row = (list.body.data.items as Row[]).find((r) => r.id === id)!;
    expect(row.recipients.map((r) => [r.name, r.status])).toEqual([
      ["Ann Signer", "SIGNED"],
      ["Bob Later", "SENT"],
    ]);
    expect(row.progress).toEqual({ done: 1, total: 2 });
    expect(row.createdBy).toEqual({ actor: expect.stringMatching(/^api-key:/), name: expect.stringMatching(/^API key /) });
  });

  it("filters by creator (a staff member through the dashboard, or a key) and by creation dates, with the cursor", async () => {
    const org = await makeOrg();
    const key = org.sandboxKey;
    const db = await getDb();
    const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" }))
      .apiKey;
    const [row] = await db
      .insert(staffUsers)
      .values({ email: `zoe.${Date.now()}@signet.test`, name: "Zoe Staff", role: "MEMBER", orgId: org.orgId })
      .returning();
    const zoe = await signStaffIdentity({
      id: row!.id,
      name: "Zoe Staff",
      email: row!.email,
      ip: "203.0.113.5",
      userAgent: "ua",
    });
    const byZoe: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await call("POST", SR, {
        key: system,
        headers: zoe,
        form: {
          title: `Zoe ${i}`,
          file: { data: await simplePdf(), name: "z.pdf", type: "application/pdf" },
        },
      });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      byZoe.push(c.body.data.id);
    }
    const byKey = (await createDraft(key, undefined, "By the key")).id as string;

    const mine = await call("GET", `${SR}?createdBy=staff:${row!.id}&limit=2`, { key });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const page1 = mine.body.data.items as Row[];
    expect(page1.map((r) => r.title)).toEqual(["Zoe 2", "Zoe 1"]);
    expect(page1[0]!.createdBy).toEqual({ actor: `staff:${row!.id}`, name: "Zoe Staff" });
    const next = await call(
      "GET",
      `${SR}?createdBy=staff:${row!.id}&limit=2&cursor=${encodeURIComponent(mine.body.data.nextCursor)}`,
      {
        key,
      },
    );
    expect((next.body.data.items as Row[]).map((r) => r.title)).toEqual(["Zoe 0"]);
    expect(next.body.data.nextCursor).toBeNull();

    // Dates: move one of Zoe's back a week; a day's bounds are whole days (UTC).
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await db.update(signatureRequests).set({ createdAt: weekAgo }).where(eq(signatureRequests.id, byZoe[0]!));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const old = await call("GET", `${SR}?createdTo=${day(weekAgo)}`, { key });
    expect((old.body.data.items as Row[]).map((r) => r.id)).toEqual([byZoe[0]]);
    const recent = await call("GET", `${SR}?createdFrom=${day(new Date())}`, { key });
    expect((recent.body.data.items as Row[]).map((r) => r.id).sort()).toEqual([byZoe[1], byZoe[2], byKey].sort());
    const instant = await call(
      "GET",
      `${SR}?createdFrom=${encodeURIComponent(new Date(weekAgo.getTime() + 1000).toISOString())}`,
      { key },
    );
    expect((instant.body.data.items as Row[]).map((r) => r.id)).not.toContain(byZoe[0]);

    // Another organization's creator id finds nothing here.
    const other = (await makeOrg()).sandboxKey;
    expect((await call("GET", `${SR}?createdBy=staff:${row!.id}`, { key: other })).body.data.items).toEqual([]);
  });

  it("q finds a request by words of its title or a recipient's name or address, any case, with the cursor", async () => {
    const { sandboxKey: key } = await makeOrg();
    const other = (await makeOrg()).sandboxKey;
    const made: string[] = [];
    for (const [title, name, email] of [
      ["Lease agreement Oak Street", "Ann Tenant", "ann.tenant@example.com"],
      ["Supply contract", "Bob Vendor", "bob@vendor-99.example"],
      ["Lease renewal 100% rent", "Cy Renter", "cy@example.com"],
      ["NDA", "Dee O'Brien", "dee_obrien@example.com"],
    ]) {
      const d = await createDraft(key, undefined, title);
      const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email, name, order: 1 } });
      expect(r.status).toBe(201);
      made.push(d.id as string);
    }
    await createDraft(other, undefined, "Lease agreement elsewhere");
    const find = async (q: string, extra = "") =>
      ((await call("GET", `${SR}?q=${encodeURIComponent(q)}${extra}`, { key })).body.data.items as Row[]).map((r) => r.title);

    expect(await find("lease")).toEqual(["Lease renewal 100% rent", "Lease agreement Oak Street"]);
    expect(await find("VENDOR-99")).toEqual(["Supply contract"]);
    expect(await find("ann.tenant@example")).toEqual(["Lease agreement Oak Street"]);
    expect(await find("o'brien")).toEqual(["NDA"]);
    // % and _ are themselves, not wildcards.
    expect(await find("100%")).toEqual(["Lease renewal 100% rent"]);
    expect(await find("e_o")).toEqual(["NDA"]);
    expect(await find("a%e")).toEqual([]);
    expect(await find("nothing like this")).toEqual([]);
    // With the cursor, and with the other filters.
    const page1 = await call("GET", `${SR}?q=lease&limit=1`, { key });
    const page2 = await call("GET", `${SR}?q=lease&limit=1&cursor=${encodeURIComponent(page1.body.data.nextCursor)}`, { key });
    expect([...(page1.body.data.items as Row[]), ...(page2.body.data.items as Row[])].map((r) => r.title)).toEqual([
      "Lease renewal 100% rent",
      "Lease agreement Oak Street",
    ]);
    expect(page2.body.data.nextCursor).toBeNull();
    expect(await find("lease", "&status=COMPLETED")).toEqual([]);

    // The index follows the recipients: a renamed, a removed, an added one; and a retitled request.
    const ann = ((await call("GET", `${SR}/${made[0]}`, { key })).body.data.recipients as { id: string }[])[0]!;
    expect((await call("PATCH", `${SR}/${made[0]}/recipients/${ann.id}`, { key, json: { name: "Annabel Quartz" } })).status).toBe(
      200,
    );
    expect(await find("quartz")).toEqual(["Lease agreement Oak Street"]);
    expect(await find("ann tenant")).toEqual([]);
    expect((await call("DELETE", `${SR}/${made[0]}/recipients/${ann.id}`, { key })).status).toBe(200);
    expect(await find("quartz")).toEqual([]);
    expect((await call("PATCH", `${SR}/${made[1]}`, { key, json: { title: "Framework agreement" } })).status).toBe(200);
    expect(await find("framework")).toEqual(["Framework agreement"]);
    expect(await find("vendor-99")).toEqual(["Framework agreement"]);
  });

  it("refuses malformed filters with a 400 naming each", async () => {
    const { sandboxKey: key } = await makeOrg();
    for (const [q, field] of [
      ["createdBy=robert'); drop table x;--", "createdBy"],
      [`createdBy=${"x".repeat(300)}`, "createdBy"],
      ["createdFrom=yesterday", "createdFrom"],
      ["createdTo=2026-13-45", "createdTo"],
      ["createdFrom=2026-11-20&createdTo=2026-11-10", "createdFrom"],
      ["q=%20%20", "q"],
      [`q=${"x".repeat(201)}`, "q"],
    ] as const) {
      const r = await call("GET", `${SR}?${q}`, { key });
      expect(r.status, q).toBe(400);
      expect(r.body).toMatchObject({ errorCode: "VALIDATION_FAILED", data: null });
      expect(JSON.stringify(r.body.errors)).toContain(field);
    }
  });
});
