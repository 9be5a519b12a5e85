import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/jobs/worker";
import { enqueue } from "@/lib/server/jobs/queue";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";

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
    const eml = fs.readFileSync(path.join(process.env.DATA_DIR!, "outbox", `${mine[0].id}.eml`), "utf8");
    expect(eml).toMatch(/To: First <jobs-first@example.com>/);
    expect(eml).toMatch(/Subject: \[Sandbox\] Please sign: Lease/);
    expect(eml).toMatch(/\/sign\/[A-Za-z0-9_-]{43}/);

    const got = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(got.recipients.map((r: { status: string }) => r.status)).toEqual(["SENT", "PENDING"]);
    expect(JSON.stringify(got)).not.toContain(eml.match(/\/sign\/([A-Za-z0-9_-]{43})/)![1]);
  });

  it("retries a failing job later, with its error recorded, and gives up after maxAttempts", async () => {
    const db = await getDb();
    const id = await enqueue(db, "invitation" as const, {}, { maxAttempts: 2 });
    await db.update(jobs).set({ type: "no-such-type" }).where(eq(jobs.id, id));
    await runDueJobs();
    let [j] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(j).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(j.lastError).toMatch(/No handler/);
    expect(j.runAt.getTime()).toBeGreaterThan(Date.now());
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    await runDueJobs();
    [j] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(j).toMatchObject({ status: "FAILED", attempts: 2 });
  });
});
