import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { auditEvents, jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest } from "../support/signing";
import { startSmtp } from "../support/smtp";

// The outbox page says what it holds. GET /outbox tells how mail goes out (SMTP, and
// to which host, or the outbox), and lists the requests' mail that was tried and has not gone, with what
// the server said; a mail given up on can be queued again (audited), and then goes.

const saved = process.env.SMTP_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = saved;
});

async function invitationJob(requestId: string) {
  const db = await getDb();
  const [job] = await db
    .select()
    .from(jobs)
    .where(sql`${jobs.type} = 'invitation' and ${jobs.payload}->>'requestId' = ${requestId}`);
  return job!;
}

/** Makes a job due now (its backoff skipped) and, when `last`, its next attempt the last one. */
async function dueNow(id: string, last = false) {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000), ...(last && { maxAttempts: 1 }) })
    .where(eq(jobs.id, id));
}

describe("GET /outbox: how mail goes out, and what has not gone", () => {
  it("without SMTP_URL says the outbox, with it the SMTP host and never its password", async () => {
    const key = (await makeOrg()).sandboxKey;
    delete process.env.SMTP_URL;
    const plain = await call("GET", "/api/v1/enterprise/outbox", { key });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ delivery: "outbox", smtpHost: null, undelivered: [] });
    process.env.SMTP_URL = "smtp://mailer:s3cret-pass@mail.example.net:2525";
    const smtp = await call("GET", "/api/v1/enterprise/outbox", { key });
    expect(smtp.body.data).toMatchObject({ delivery: "smtp", smtpHost: "mail.example.net:2525" });
    expect(JSON.stringify(smtp.body)).not.toContain("s3cret");
  });

  it("lists a refused invitation as RETRYING with the error, then FAILED; retry queues it again, audited, and it goes", async () => {
    const key = (await makeOrg()).sandboxKey;
    const other = (await makeOrg()).sandboxKey;
    process.env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens: the connection is refused
    const { id } = await sentRequest(key, [{ email: "unreached@example.com", name: "Una Reached", order: 1 }]);
    await runDueJobs();
    const job = await invitationJob(id);
    expect(job.status).toBe("QUEUED");

    const first = await call("GET", "/api/v1/enterprise/outbox", { key });
    const u = first.body.data.undelivered[0]!;
    expect(u).toMatchObject({
      id: job.id,
      kind: "invitation",
      to: "Una Reached <unreached@example.com>",
      requestId: id,
      requestTitle: "Signing test",
      status: "RETRYING",
      attempts: 1,
    });
    expect(u.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(u.nextAttemptAt).toEqual(expect.any(String));
    // Still being tried: nothing to retry.
    const early = await call("POST", `/api/v1/enterprise/outbox/undelivered/${job.id}/retry`, { key });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: "MAIL_NOT_FAILED", details: { status: "RETRYING" } });
    // Another organization sees none of it, and cannot retry it.
    expect((await call("GET", "/api/v1/enterprise/outbox", { key: other })).body.data.undelivered).toEqual([]);

    await dueNow(job.id, true);
    await runDueJobs();
    expect((await invitationJob(id)).status).toBe("FAILED");
    const failed = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.undelivered[0];
    expect(failed).toMatchObject({ id: job.id, status: "FAILED", nextAttemptAt: null });

    const foreign = await call("POST", `/api/v1/enterprise/outbox/undelivered/${job.id}/retry`, { key: other });
    expect(foreign.status).toBe(404);
    expect((await invitationJob(id)).status).toBe("FAILED");
    for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const r = await call("POST", `/api/v1/enterprise/outbox/undelivered/${bad}/retry`, { key });
      expect([400, 404]).toContain(r.status);
      expect(r.body.data).toBeNull();
    }
    expect((await call("GET", `/api/v1/enterprise/outbox/undelivered/${job.id}/retry`, { key })).status).toBe(405);

    // The server is back: an SMTP server that takes it.
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      const retried = await call("POST", `/api/v1/enterprise/outbox/undelivered/${job.id}/retry`, { key });
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.data).toMatchObject({ id: job.id, status: "RETRYING", attempts: 0, lastError: null });
      const again = await call("POST", `/api/v1/enterprise/outbox/undelivered/${job.id}/retry`, { key });
      expect(again.status).toBe(409);
      const db = await getDb();
      const events = await db.select().from(auditEvents).where(eq(auditEvents.requestId, id));
      expect(events.find((e) => e.type === "mail.retried")?.data).toMatchObject({
        kind: "invitation",
        email: "unreached@example.com",
      });
      await runDueJobs();
      expect((await invitationJob(id)).status).toBe("DONE");
      expect(smtp.mails.filter((m) => m.to.includes("unreached@example.com"))).toHaveLength(1);
      const after = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data;
      expect(after.undelivered).toEqual([]);
      expect(after.items.find((m: { to: string }) => m.to.includes("unreached@example.com"))).toMatchObject({ via: "smtp" });
    } finally {
      await smtp.close();
    }
  });
});
