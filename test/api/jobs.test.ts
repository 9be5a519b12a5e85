import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { enqueue, InvalidJobPayloadError } from "@/lib/server/jobs/queue";
import { handlers } from "@/lib/server/worker/handlers";
import { readParts } from "@/lib/server/mail/outbox";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";

describe("the job queue", () => {
  it("runs each invitation once: mail in the outbox, recipient SENT, job DONE; the next group waits", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await createDraft(key, undefined, "Lease");
    const a = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "jobs-first@example.com", name: "First", order: 1 } })
    ).body.data;
    const b = (
      await call("POST", `${SR}/${d.id}/recipients`, {
        key,
        json: { email: "jobs-second@example.com", name: "Second", order: 2 },
      })
    ).body.data;
    for (const r of [a, b]) {
      await call("POST", `${SR}/${d.id}/fields`, {
        key,
        json: { type: "SIGNATURE", recipientId: r.id, page: 1, x: 10, y: 10, width: 100, height: 40 },
      });
    }
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    await runDueJobs(); // nothing left: running again changes nothing

    const db = await getDb();
    const mine = (await db.select().from(jobs)).filter((j) => j.payload.requestId === d.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "DONE", attempts: 1 });
    const eml = fs.readFileSync(path.join(process.env.DATA_DIR!, "outbox", `${firstOf(mine, "jobs").id}.eml`), "utf8");
    expect(eml).toMatch(/To: First <jobs-first@example.com>/);
    expect(eml).toMatch(/Subject: \[Sandbox\] Please sign: Lease/);
    // The link as the reader sees it: the text part decoded (quoted-printable may break a long line anywhere).
    const text = readParts(eml).text;
    expect(text).toMatch(/\/sign\/[A-Za-z0-9_-]{43}/);

    const got = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(got.recipients.map((r: { status: string }) => r.status)).toEqual(["SENT", "PENDING"]);
    expect(JSON.stringify(got)).not.toContain(text.match(/\/sign\/([A-Za-z0-9_-]{43})/)![1]);
  });

  it("retries a failing job later, with its error recorded, and gives up after maxAttempts", async () => {
    const db = await getDb();
    const failing = vi.spyOn(handlers, "sweep").mockRejectedValue(new Error("the sweep broke"));
    try {
      const id = await enqueue(db, "sweep", {}, { maxAttempts: 2 });
      await runDueJobs();
      let [j] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(j).toMatchObject({ status: "QUEUED", attempts: 1, lastError: "the sweep broke" });
      expect(j!.runAt.getTime()).toBeGreaterThan(Date.now());
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, id));
      await runDueJobs();
      [j] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(j).toMatchObject({ status: "FAILED", attempts: 2 });
    } finally {
      failing.mockRestore();
    }
  });

  it("refuses to queue a payload that does not fit its job type, and queues nothing", async () => {
    const db = await getDb();
    const before = (await db.select({ id: jobs.id }).from(jobs)).length;
    await expect(enqueue(db, "invitation", { requestId: "not-a-uuid", recipientId: crypto.randomUUID() })).rejects.toThrow(
      InvalidJobPayloadError,
    );
    await expect(
      enqueue(db, "notify", {
        kind: "declined",
        requestId: crypto.randomUUID(),
        recipientId: crypto.randomUUID(),
        by: "Ann",
        reason: "",
      }),
    ).resolves.toMatch(/^[0-9a-f-]{36}$/);
    expect((await db.select({ id: jobs.id }).from(jobs)).length).toBe(before + 1);
  });

  it("fails a job whose stored payload does not parse for good, at once, with the reason, and runs the others", async () => {
    const db = await getDb();
    const [bad] = await db
      .insert(jobs)
      .values({ type: "invitation", payload: { recipientId: 42 } })
      .returning({ id: jobs.id });
    const good = await enqueue(db, "sweep", {});
    await runDueJobs();
    const [j] = await db.select().from(jobs).where(eq(jobs.id, bad!.id));
    expect(j).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(j!.lastError).toMatch(/^Invalid invitation job payload: .*requestId.*recipientId/s);
    expect(j!.finishedAt).not.toBeNull();
    const [g] = await db.select().from(jobs).where(eq(jobs.id, good));
    expect(g).toMatchObject({ status: "DONE" });
  });

  it("the database refuses a job type or status it does not know (CHECK constraints)", async () => {
    const db = await getDb();
    const id = await enqueue(db, "sweep", {}, { runAt: new Date(Date.now() + 3600_000) });
    // The database's own message (drizzle wraps it as the cause of its "Failed query").
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => "accepted",
        (e: unknown) => (e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e)),
      );
    expect(await refusal(db.execute(sql`update jobs set type = 'no-such-type' where id = ${id}`))).toMatch(/jobs_type_check/);
    expect(await refusal(db.execute(sql`update jobs set status = 'LOST' where id = ${id}`))).toMatch(/jobs_status_check/);
    expect(await refusal(db.execute(sql`insert into organizations (name, plan) values ('Gold', 'GOLD')`))).toMatch(
      /organizations_plan_check/,
    );
    await db.delete(jobs).where(eq(jobs.id, id));
  });
});
