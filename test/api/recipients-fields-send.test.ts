import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";
import { createDraft } from "../support/drafts";
import { firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";

async function jobsFor(requestId: string) {
  const db = await getDb();
  const rows = await db.select().from(jobs).where(eq(jobs.type, "invitation"));
  return rows.filter((j) => j.payload.requestId === requestId);
}

describe("recipients, fields and send", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("adds recipients with order or signingOrder, SIGNER by default, and refuses the two disagreeing", async () => {
    const d = await createDraft(key);
    const a = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "ann@example.com", name: "Ann", order: 2 } });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      email: "ann@example.com",
      name: "Ann",
      role: "SIGNER",
      order: 2,
      signingOrder: 2,
      status: "PENDING",
    });
    const b = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "bob@example.com", name: "Bob", signingOrder: 1 },
    });
    expect(b.body.data.order).toBe(1);
    const c = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "cc@example.com", name: "Carl", role: "CC" },
    });
    expect(c.body.data).toMatchObject({ role: "CC", order: 1 });
    const both = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "x@example.com", name: "X", order: 1, signingOrder: 2 },
    });
    expect(both.status).toBe(400);
    expect(both.body.errors[0]?.field).toBe("signingOrder");
    const bad = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "nope", name: "", role: "BOSS" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "name", "role"]);

    const got = await call("GET", `${SR}/${d.id}`, { key });
    expect(got.body.data.recipients.map((r: { name: string }) => r.name)).toEqual(["Bob", "Carl", "Ann"]);

    const patched = await call("PATCH", `${SR}/${d.id}/recipients/${a.body.data.id}`, {
      key,
      json: { name: "Ann B.", signingOrder: 3 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: "Ann B.", order: 3 });
    expect((await call("PATCH", `${SR}/${d.id}/recipients/${a.body.data.id}`, { key, json: {} })).status).toBe(400);
    expect(
      (await call("PATCH", `${SR}/${d.id}/recipients/00000000-0000-4000-8000-000000000000`, { key, json: { name: "Z" } })).status,
    ).toBe(404);
  });

  it("places fields by coordinates, one or many, checked against the page and the recipient", async () => {
    const pdf = await simplePdf([
      { width: 612, height: 792 },
      { width: 595, height: 842, rotate: 90 },
    ]);
    const d = await createDraft(key, pdf);
    const s = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s@example.com", name: "S" } })).body.data;
    const cc = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "c@example.com", name: "C", role: "CC" } }))
      .body.data;
    const base = { type: "SIGNATURE", recipientId: s.id, page: 1, x: 100, y: 600, width: 200, height: 50, name: "sig" };

    const one = await call("POST", `${SR}/${d.id}/fields`, { key, json: base });
    expect(one.status).toBe(201);
    expect(one.body.data.fields).toHaveLength(1);
    expect(one.body.data.fields[0]).toMatchObject({ ...base, required: true });

    const many = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { ...base, type: "DATE", x: 400 },
          {
            ...base,
            type: "TEXT",
            page: 2,
            x: 600,
            y: 500,
            width: 200,
            height: 20,
            label: "Title",
            maxLength: 40,
            defaultValue: "CEO",
          },
        ],
      },
    });
    expect(many.status).toBe(201);
    expect(many.body.data.fields[1]).toMatchObject({ page: 2, label: "Title", maxLength: 40, defaultValue: "CEO" });

    // page 2 is displayed 842 × 595 (rotated): y + height over 595 is outside
    const outside = await call("POST", `${SR}/${d.id}/fields`, { key, json: { ...base, page: 2, y: 560, height: 50 } });
    expect(outside.status).toBe(422);
    expect(outside.body.message).toMatch(/does not lie inside page 2 \(842 × 595 pt\)/);
    const noPage = await call("POST", `${SR}/${d.id}/fields`, { key, json: { ...base, page: 3 } });
    expect(noPage.status).toBe(422);
    expect(noPage.body.message).toBe("Page 3 does not exist; the document has 2 page(s)");
    const ccField = await call("POST", `${SR}/${d.id}/fields`, { key, json: { ...base, recipientId: cc.id } });
    expect(ccField.status).toBe(422);
    const stranger = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { ...base, recipientId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(stranger.status).toBe(422);
    // one bad field in a batch: none stored
    const batch = await call("POST", `${SR}/${d.id}/fields`, { key, json: { fields: [base, { ...base, page: 9 }] } });
    expect(batch.status).toBe(422);
    expect(batch.body.errors[0]?.field).toBe("fields.1.page");
    const invalid = await call("POST", `${SR}/${d.id}/fields`, { key, json: { ...base, type: "STAMP", width: -1 } });
    expect(invalid.status).toBe(400);
    const after = await call("GET", `${SR}/${d.id}`, { key });
    expect(after.body.data.fields).toHaveLength(3);

    const fid = firstOf(one.body.data.fields, "fields").id;
    const moved = await call("PATCH", `${SR}/${d.id}/fields/${fid}`, { key, json: { x: 50, y: 700, width: 150 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ x: 50, y: 700, width: 150, height: 50 });
    expect((await call("PATCH", `${SR}/${d.id}/fields/${fid}`, { key, json: { y: 780 } })).status).toBe(422);
    expect((await call("DELETE", `${SR}/${d.id}/fields/${fid}`, { key })).status).toBe(200);
    expect((await call("DELETE", `${SR}/${d.id}/fields/${fid}`, { key })).status).toBe(404);

    // deleting a recipient deletes its fields
    const del = await call("DELETE", `${SR}/${d.id}/recipients/${s.id}`, { key });
    expect(del.body.data).toMatchObject({ deleted: true, fieldsRemoved: 2 });
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.fields).toHaveLength(0);
  });

  it("sends only a complete draft: 422 without signers or fields, then IN_PROGRESS with the first group queued", async () => {
    const d = await createDraft(key);
    const none = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/at least one SIGNER/);

    const r1 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "a@example.com", name: "A", order: 1 } }))
      .body.data;
    const r1b = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "a2@example.com", name: "A2", order: 1 } }))
      .body.data;
    const r2 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "b@example.com", name: "B", order: 2 } }))
      .body.data;
    await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: r1.id, page: 1, x: 10, y: 10, width: 100, height: 30 },
    });
    const missing = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/a2@example.com, b@example.com/);
    const without = z.array(z.object({ id: z.string() })).parse(missing.body.details?.signersWithoutFields);
    expect(without.map((s) => s.id).sort()).toEqual([r1b.id, r2.id].sort());
    expect(await jobsFor(d.id)).toHaveLength(0);

    await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [r1b, r2].map((r) => ({ type: "DATE", recipientId: r.id, page: 1, x: 10, y: 100, width: 100, height: 30 })),
      },
    });
    const sent = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("Signature request sent");
    expect(sent.body.data).toMatchObject({ id: d.id, status: "IN_PROGRESS" });
    expect(sent.body.data.expiresAt).toBeTruthy();
    expect(JSON.stringify(sent.body)).not.toMatch(/token/i);

    const queued = await jobsFor(d.id);
    expect(queued.map((j) => j.payload.recipientId).sort()).toEqual([r1.id, r1b.id].sort());
    expect(queued.every((j) => j.status === "QUEUED")).toBe(true);

    const twice = await call("POST", `${SR}/${d.id}/send`, { key });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ errorCode: "REQUEST_NOT_DRAFT", details: { status: "IN_PROGRESS" } });
    expect(twice.body.message).toMatch(/is IN_PROGRESS/);
    expect(await jobsFor(d.id)).toHaveLength(2);

    for (const [m, p, json] of [
      ["POST", `${SR}/${d.id}/recipients`, { email: "late@example.com", name: "Late" }],
      ["PATCH", `${SR}/${d.id}/recipients/${r1.id}`, { name: "Changed" }],
      ["DELETE", `${SR}/${d.id}/recipients/${r1.id}`, undefined],
      ["POST", `${SR}/${d.id}/fields`, { type: "DATE", recipientId: r1.id, page: 1, x: 10, y: 300, width: 100, height: 30 }],
      ["DELETE", `${SR}/${d.id}`, undefined],
    ] as const) {
      const r = await call(m, p, { key, json });
      expect(r.status, `${m} ${p}`).toBe(409);
      expect(r.body.errorCode, `${m} ${p}`).toBe("REQUEST_NOT_DRAFT");
      expect(r.body.message).toMatch(/IN_PROGRESS/);
    }

    const cancelled = await call("POST", `${SR}/${d.id}/cancel`, { key, json: { reason: "wrong version" } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("CANCELLED");
    expect((await call("POST", `${SR}/${d.id}/cancel`, { key })).body).toMatchObject({
      code: 409,
      errorCode: "REQUEST_CANCELLED",
    });
    const audit = await call("GET", `${SR}/${d.id}/audit`, { key });
    expect(audit.body.data.items.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["request.created", "recipient.added", "fields.added", "request.sent", "request.cancelled"]),
    );
    const draft = await createDraft(key);
    const onDraft = await call("POST", `${SR}/${draft.id}/cancel`, { key });
    expect(onDraft.body).toMatchObject({ code: 409, errorCode: "REQUEST_NOT_SENT" });
    expect(onDraft.body.message).toMatch(/a draft is deleted instead/);
  });

  it("limits recipients and fields per request", async () => {
    process.env.MAX_RECIPIENTS = "2";
    process.env.MAX_FIELDS = "3";
    try {
      const d = await createDraft(key);
      const ids: string[] = [];
      for (let i = 0; i < 2; i++)
        ids.push(
          (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: `r${i}@example.com`, name: `R${i}` } })).body.data
            .id,
        );
      const third = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "r3@example.com", name: "R3" } });
      expect(third.status).toBe(422);
      const f = { type: "DATE", recipientId: ids[0], page: 1, x: 10, y: 10, width: 50, height: 20 };
      expect((await call("POST", `${SR}/${d.id}/fields`, { key, json: { fields: [f, f] } })).status).toBe(201);
      const over = await call("POST", `${SR}/${d.id}/fields`, { key, json: { fields: [f, f] } });
      expect(over.status).toBe(422);
      expect(over.body.message).toMatch(/at most 3 fields/);
    } finally {
      delete process.env.MAX_RECIPIENTS;
      delete process.env.MAX_FIELDS;
    }
  });
});
