// A request's revision (migration 0038) moves with every committed change to what GET /signature-requests/{id}
// shows, whichever code (or none: plain SQL) made it, and a read that keeps answers in memory goes by it. On a
// PostgreSQL server the changes are made here through a connection of their own, as another instance would.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { getDb, getHandle } from "@/lib/server/db";
import { requestRevisions } from "@/lib/server/db/schema";
import { waitFor } from "../support/server-process";

const SR = "/api/v1/enterprise/signature-requests";

let other: pg.Client | null = null;
beforeAll(async () => {
  if ((await getHandle()).kind === "postgres") {
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
  }
});
afterAll(async () => {
  await other?.end();
});

/** Statements run in one transaction elsewhere: another instance's connection, or (embedded) the one store. */
async function elsewhere(statements: string[], opts: { rollback?: boolean } = {}) {
  if (other) {
    await other.query("begin");
    try {
      for (const s of statements) await other.query(s);
    } finally {
      await other.query(opts.rollback ? "rollback" : "commit");
    }
    return;
  }
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
      if (opts.rollback) throw new Error("roll back");
    })
    .catch((e: Error) => {
      if (!opts.rollback || e.message !== "roll back") throw e;
    });
}

async function revisionOf(id: string): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(requestRevisions).where(eq(requestRevisions.requestId, id));
  return row?.revision;
}

async function draftWithFields(key: string) {
  const d = await createDraft(key, undefined, "Revisions");
  const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "ann@example.com", name: "Ann", order: 1 } });
  expect(r.status).toBe(201);
  const f = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [0, 1, 2].map((i) => ({
        type: "TEXT",
        recipientId: r.body.data.id,
        page: 1,
        x: 72,
        y: 100 + i * 40,
        width: 120,
        height: 20,
      })),
    },
  });
  expect(f.status).toBe(201);
  return { id: d.id as string, recipientId: r.body.data.id as string };
}

const read = async (key: string, id: string) => {
  const r = await call("GET", `${SR}/${id}`, { key });
  expect(r.status).toBe(200);
  return r.body.data;
};

describe("a request's revision", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("moves once per committed transaction that changes any table the read shows, and never on a read", async () => {
    const { id, recipientId } = await draftWithFields(key);
    let before = (await revisionOf(id))!;
    expect(before).toBeGreaterThanOrEqual(1);
    await read(key, id);
    await read(key, id);
    expect(await revisionOf(id)).toBe(before);

    const changes: [string, string[]][] = [
      ["the request", [`update signature_requests set title = 'Renamed' where id = '${id}'`]],
      [
        "three fields",
        [`update fields set x = x + 1 where request_id = '${id}'`, `update fields set y = y + 1 where request_id = '${id}'`],
      ],
      ["a recipient", [`update recipients set name = 'Ann B' where id = '${recipientId}'`]],
      ["a document", [`update request_documents set name = 'Renamed.pdf' where request_id = '${id}'`]],
      ["a document's version", [`update document_versions set filename = 'v.pdf' where request_id = '${id}'`]],
      [
        "a send approval",
        [
          `insert into send_approvals (request_id, org_id, key_id) select r.id, r.org_id, k.id from signature_requests r join api_keys k on k.org_id = r.org_id where r.id = '${id}' limit 1`,
        ],
      ],
      ["a field deleted", [`delete from fields where id in (select id from fields where request_id = '${id}' limit 1)`]],
    ];
    for (const [what, statements] of changes) {
      await elsewhere(statements);
      const after = await revisionOf(id);
      expect(after, what).toBe(before + 1);
      before = after!;
    }
    // Rolled back: nothing changed, nothing moves.
    await elsewhere([`update signature_requests set title = 'Never' where id = '${id}'`], { rollback: true });
    expect(await revisionOf(id)).toBe(before);
    // Another request's change leaves this one's alone.
    const second = await draftWithFields(key);
    await elsewhere([`update fields set x = x + 1 where request_id = '${second.id}'`]);
    expect(await revisionOf(id)).toBe(before);
  });

  it("goes with its request: a request deleted with a change in the same transaction commits, and leaves none", async () => {
    const { id } = await draftWithFields(key);
    await elsewhere([
      `update fields set x = x + 1 where request_id = '${id}'`,
      `delete from signature_requests where id = '${id}'`,
    ]);
    expect(await revisionOf(id)).toBeUndefined();
    expect((await call("GET", `${SR}/${id}`, { key })).status).toBe(404);
  });

  it("is what a read kept in memory goes by: every change made elsewhere shows on the next read", async () => {
    const { id, recipientId } = await draftWithFields(key);
    expect((await read(key, id)).title).toBe("Revisions");
    await elsewhere([`update signature_requests set title = 'Changed elsewhere' where id = '${id}'`]);
    expect((await read(key, id)).title).toBe("Changed elsewhere");
    await elsewhere([`update recipients set name = 'Bea' where id = '${recipientId}'`]);
    expect((await read(key, id)).recipients[0]?.name).toBe("Bea");
    await elsewhere([`update fields set x = 300 where request_id = '${id}'`]);
    expect((await read(key, id)).fields.map((f: { x: number }) => f.x)).toEqual([300, 300, 300]);
    await elsewhere([`delete from fields where request_id = '${id}'`]);
    expect((await read(key, id)).fields).toEqual([]);
    // And a change through the API, read at once.
    const patched = await call("PATCH", `${SR}/${id}`, { key, json: { title: "Through the API" } });
    expect(patched.status).toBe(200);
    expect((await read(key, id)).title).toBe("Through the API");
  });

  it("answers from memory after a write to another request, while this one's revision has not moved", async () => {
    const { id } = await draftWithFields(key);
    const { id: otherId } = await draftWithFields(key);
    expect((await read(key, id)).title).toBe("Revisions");
    // A change that leaves the revision alone (the triggers off for one transaction), then a real change
    // to another request: the kept answer is still the one shown, so it was not read again.
    await elsewhere([
      "set local session_replication_role = replica",
      `update signature_requests set title = 'Behind the revision' where id = '${id}'`,
    ]);
    await elsewhere([`update signature_requests set title = 'Another one' where id = '${otherId}'`]);
    expect((await read(key, otherId)).title).toBe("Another one");
    expect((await read(key, id)).title).toBe("Revisions");
    // Its revision moves, and the next read shows the row as it is.
    await elsewhere([`update recipients set name = 'Ann B' where request_id = '${id}'`]);
    expect((await read(key, id)).title).toBe("Behind the revision");
  });

  it("keeps another organization's read out: the same id with another key is 404, before and after it was kept", async () => {
    const { id } = await draftWithFields(key);
    const stranger = (await makeOrg()).sandboxKey;
    expect((await call("GET", `${SR}/${id}`, { key: stranger })).status).toBe(404);
    await read(key, id);
    expect((await call("GET", `${SR}/${id}`, { key: stranger })).status).toBe(404);
  });
});

describe("a key kept in memory", () => {
  it("stops working when it is revoked elsewhere", async () => {
    const org = await makeOrg();
    const { id } = await draftWithFields(org.sandboxKey);
    await read(org.sandboxKey, id);
    await read(org.sandboxKey, id);
    await elsewhere([`update api_keys set revoked_at = now() where org_id = '${org.orgId}'`]);
    // Another instance's change is heard when PostgreSQL delivers its notification (this process's own at once).
    await waitFor(
      "the revoked key refused",
      async () => (await call("GET", `${SR}/${id}`, { key: org.sandboxKey })).status === 401,
    );
    const r = await call("GET", `${SR}/${id}`, { key: org.sandboxKey });
    expect(r.body.errorCode).toBe("API_KEY_REVOKED");
  });

  it("stops working in production when its organization leaves the Enterprise plan elsewhere", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const prod = org.productionKey!;
    expect((await call("GET", SR, { key: prod })).status).toBe(200);
    await elsewhere([`update organizations set plan = 'FREE' where id = '${org.orgId}'`]);
    await waitFor("the production key refused", async () => (await call("GET", SR, { key: prod })).status === 403);
    expect((await call("GET", SR, { key: prod })).body.errorCode).toBe("ENTERPRISE_PLAN_REQUIRED");
  });
});
