import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/jobs/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest } from "../support/signing";
import { useSmtp } from "../support/smtp";
import { findIn, firstOf } from "../support/expect-helpers";

describe("mail over SMTP", () => {
  const smtpOf = useSmtp();

  it("delivers the invitation with text and HTML and a signing link; a retried job sends no second copy", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await sentRequest(key, [{ email: "smtp-signer@example.com", name: "Sam Signer", order: 1 }]);
    await runDueJobs();
    const mine = smtpOf().mails.filter((m) => m.to.includes("smtp-signer@example.com"));
    expect(mine).toHaveLength(1);
    const mail = firstOf(mine, "mails");
    expect(mail.subject).toBe("[Sandbox] Please sign: Signing test");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/sign\/[A-Za-z0-9_-]{43}/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    // as if the server died after sending but before marking the job done: the job runs again
    const db = await getDb();
    const job = firstOf(
      (await db.select().from(jobs).where(eq(jobs.type, "invitation"))).filter((j) => j.payload.requestId === id),
      "invitation job",
    );
    await db
      .update(jobs)
      .set({ status: "QUEUED", runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await runDueJobs();
    expect(smtpOf().mails.filter((m) => m.to.includes("smtp-signer@example.com"))).toHaveLength(1);

    const outbox = await call("GET", "/api/v1/enterprise/outbox", { key });
    expect(outbox.body.data.items[0]).toMatchObject({
      kind: "invitation",
      to: "Sam Signer <smtp-signer@example.com>",
      via: "smtp",
      requestId: id,
      hasContent: false,
    });
  });
});

describe("the outbox (no SMTP_URL)", () => {
  it("lists the organization's messages and shows their text and HTML; another organization sees none", async () => {
    const key = (await makeOrg()).sandboxKey;
    await sentRequest(key, [{ email: "outbox@example.com", name: "Olive Outbox", order: 1 }]);
    await runDueJobs();
    const list = await call("GET", "/api/v1/enterprise/outbox", { key });
    expect(list.status).toBe(200);
    const item = findIn(list.body.data.items, (m) => m.to.includes("outbox@example.com"), "the mail to outbox@example.com");
    expect(item).toMatchObject({ kind: "invitation", via: "outbox", hasContent: true });
    const msg = await call("GET", `/api/v1/enterprise/outbox/${item.id}`, { key });
    expect(msg.body.data.text).toMatch(/You are asked to sign "Signing test"/);
    expect(msg.body.data.html).toMatch(/<a href="http:\/\/localhost:3000\/sign\//);
    const other = (await makeOrg()).sandboxKey;
    expect((await call("GET", "/api/v1/enterprise/outbox", { key: other })).body.data.items).toHaveLength(0);
    expect((await call("GET", `/api/v1/enterprise/outbox/${item.id}`, { key: other })).status).toBe(404);
  });
});
