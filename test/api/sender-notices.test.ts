import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { getDb } from "@/lib/server/db";
import { jobs, mailLog, signatureRequests, staffUsers } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { sweepExpired } from "@/lib/server/requests/expire-requests";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { call, makeOrg } from "../support/api";
import { draftWithSigners } from "../support/drafts";
import { firstOf } from "../support/expect-helpers";
import { outboxMailsOf } from "../support/outbox-mail";
import { useSmtp } from "../support/smtp";
import { tokenOf } from "../support/signing";

// The staff member who sent a request hears how it ended: completed, declined, expired; in their language, with a
// link to the request's page; one mail however often the job runs. A request sent with an API key mails no one.

const SR = "/api/v1/enterprise/signature-requests";

async function sentByStaff(locale: string | null, signers = 1) {
  const org = await makeOrg();
  const db = await getDb();
  const email = `sender.${Math.random().toString(36).slice(2, 8)}@signet.test`;
  const staff = firstOf(
    await db.insert(staffUsers).values({ email, name: "Sina Sender", role: "MEMBER", orgId: org.orgId, locale }).returning(),
    "staff",
  );
  const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" })).apiKey;
  const list = Array.from({ length: signers }, (_, i) => ({ email: `signer${i}.${email}`, name: `Signer ${i + 1}` }));
  const { id, recipientIds } = await draftWithSigners(system, list, "Lease");
  const headers = await signStaffIdentity({ id: staff.id, name: staff.name, email, ip: "203.0.113.4", userAgent: "b" });
  const sent = await call("POST", `${SR}/${id}/send`, { key: system, headers });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await runDueJobs();
  return { org, staff, id, recipientIds, system };
}

async function sign(recipientId: string) {
  const token = await tokenOf(recipientId);
  const view = (await call("GET", `/api/sign/${token}`)).body.data;
  const values = view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Signer" }));
  const r = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const noticeJobs = async (requestId: string) =>
  (await getDb())
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, "sender-notice"), sql`${jobs.payload}->>'requestId' = ${requestId}`));

describe("the sender hears back", () => {
  it("completed: one mail to the sender, with a link to the request's page", async () => {
    const { staff, id, recipientIds } = await sentByStaff(null);
    await sign(firstOf(recipientIds, "recipientIds"));
    await runDueJobs(); // the seal, then the mails it queued
    const [mail, ...more] = await outboxMailsOf(id, "sender-completed");
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(`Sina Sender <${staff.email}>`);
    expect(mail!.headers.subject).toBe("[Sandbox] Completed: Lease");
    expect(mail!.text).toContain('Hello Sina Sender,\n\n"Lease", which you sent, has been signed by everyone and sealed.');
    expect(mail!.text).toContain(`Open the request: http://localhost:3000/requests/${id}`);
    expect(mail!.html).toContain(`href="http://localhost:3000/requests/${id}"`);
  });

  it("declined: in the sender's language, with who declined and why", async () => {
    const { id, recipientIds } = await sentByStaff("de");
    const token = await tokenOf(firstOf(recipientIds, "recipientIds"));
    const r = await call("POST", `/api/sign/${token}/decline`, { json: { reason: "Falsche Miete" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await runDueJobs();
    const mail = firstOf(await outboxMailsOf(id, "sender-declined"), "the sender's mail");
    expect(mail.headers.subject).toBe("[Sandbox] Abgelehnt: Lease");
    expect(mail.text).toContain("Signer 1 hat „Lease“ abgelehnt, das Sie versandt haben.");
    expect(mail.text).toContain("Begründung: Falsche Miete");
    expect(mail.text).toContain(`Anfrage öffnen: http://localhost:3000/requests/${id}`);
  });

  it("expired: how many had not acted, counted in the sender's language's plural", async () => {
    const { id } = await sentByStaff("pl", 2);
    const db = await getDb();
    await db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(signatureRequests.id, id));
    await sweepExpired();
    await sweepExpired(); // a second sweep finds nothing more to expire
    expect(await noticeJobs(id)).toHaveLength(1);
    await runDueJobs();
    const mail = firstOf(await outboxMailsOf(id, "sender-expired"), "the sender's mail");
    expect(mail.headers.subject).toBe("[Piaskownica] Wygasło: Lease");
    expect(mail.text).toContain("2 odbiorcy nie wykonali swojego kroku.");
  });
});

describe("the sender's mail over SMTP", () => {
  const smtp = useSmtp();

  it("a job run again after its mail went out sends no second mail", async () => {
    const { staff, id, recipientIds } = await sentByStaff("fr");
    const token = await tokenOf(firstOf(recipientIds, "recipientIds"));
    expect((await call("POST", `/api/sign/${token}/decline`, { json: { reason: "Non" } })).status).toBe(200);
    await runDueJobs();
    const mine = () => smtp().mails.filter((m) => m.to.includes(staff.email));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.text).toContain("Ouvrir la demande");
    // As if the worker died after sending and before marking the job done.
    const job = firstOf(await noticeJobs(id), "the sender-notice job");
    const db = await getDb();
    await db
      .update(jobs)
      .set({ status: "QUEUED", runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await runDueJobs();
    expect(mine()).toHaveLength(1);
    expect(await db.select().from(mailLog).where(eq(mailLog.id, job.id))).toHaveLength(1);
  });
});

describe("a request sent with an API key", () => {
  it("queues no sender mail: there is no staff member to tell", async () => {
    const org = await makeOrg();
    const { id, recipientIds } = await draftWithSigners(org.sandboxKey, [
      { email: "api.signer@example.com", name: "Api Signer" },
    ]);
    expect((await call("POST", `${SR}/${id}/send`, { key: org.sandboxKey })).status).toBe(200);
    await runDueJobs();
    await sign(firstOf(recipientIds, "recipientIds"));
    await runDueJobs();
    expect((await call("GET", `${SR}/${id}`, { key: org.sandboxKey })).body.data.status).toBe("COMPLETED");
    expect(await noticeJobs(id)).toHaveLength(0);
  });
});
