import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs, mailLog, staffUsers } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenOf } from "../support/signing";
import { useSmtp } from "../support/smtp";
import { findIn, firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";

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
    // The signing link is a bearer credential, hidden from every reader of the outbox.
    expect(msg.body.data).toMatchObject({ kind: "invitation", linkHidden: true, raw: null });
    expect(msg.body.data.html).toMatch(/<a href="\[link hidden\]"/);
    expect(msg.body.data.text).toContain("[link hidden]");
    const other = (await makeOrg()).sandboxKey;
    expect((await call("GET", "/api/v1/enterprise/outbox", { key: other })).body.data.items).toHaveLength(0);
    expect((await call("GET", `/api/v1/enterprise/outbox/${item.id}`, { key: other })).status).toBe(404);
  });
});

describe("signing links in the outbox", () => {
  const admin = { name: "Ada Admin", email: "", ip: "203.0.113.60", userAgent: "Ada's browser" };
  const member = { name: "Mo Member", email: "", ip: "203.0.113.61", userAgent: "Mo's browser" };

  it("are hidden from API keys and members; an admin in the dashboard copies one, audited; everyone else 403/404", async () => {
    const org = await makeOrg();
    const key = org.sandboxKey;
    const db = await getDb();
    const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" }))
      .apiKey;
    const staffOf = async (who: typeof admin, role: "ADMIN" | "MEMBER") => {
      const email = `${role.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@signet.test`;
      const [row] = await db.insert(staffUsers).values({ email, name: who.name, role, orgId: org.orgId }).returning();
      return { ...who, id: row!.id, email };
    };
    const ada = await staffOf(admin, "ADMIN");
    const mo = await staffOf(member, "MEMBER");
    const { id } = await sentRequest(key, [{ email: "link.holder@example.com", name: "Lina Link", order: 1 }]);
    await runDueJobs();
    const item = findIn(
      (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items as { id: string; to: string }[],
      (m) => m.to.includes("link.holder@example.com"),
      "the invitation",
    );
    const recipient = firstOf(
      (await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { id: string }[],
      "the recipient",
    );
    const token = await tokenOf(recipient.id);

    // Nobody reads the link: an API key, or a member through the dashboard.
    for (const [k, headers] of [
      [key, {}],
      [system, await signStaffIdentity(mo)],
    ] as const) {
      const list = await call("GET", "/api/v1/enterprise/outbox", { key: k, headers });
      const msg = await call("GET", `/api/v1/enterprise/outbox/${item.id}`, { key: k, headers });
      expect(msg.status).toBe(200);
      expect(JSON.stringify(list.body) + JSON.stringify(msg.body)).not.toContain(token);
    }

    const copy = (k: string, headers: Record<string, string> = {}, mailId = item.id) =>
      call("POST", `/api/v1/enterprise/outbox/${encodeURIComponent(mailId)}/signing-link`, { key: k, headers });
    const auditCount = async () => (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.length;
    const before = await auditCount();
    // Refused: an API key (even sending staff headers), a member, a forged identity; nothing recorded.
    for (const [k, headers] of [
      [key, {}],
      [key, await signStaffIdentity(ada)],
      [system, {}],
      [system, await signStaffIdentity(mo)],
      [system, { ...(await signStaffIdentity(ada)), "x-signet-staff-signature": "forged" }],
    ] as const) {
      const r = await copy(k, headers);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errorCode: "ADMIN_REQUIRED", data: null });
    }
    expect(await auditCount()).toBe(before);

    // The admin: the link, and one audit event naming them.
    const ok = await copy(system, await signStaffIdentity(ada));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ url: `http://localhost:3000/sign/${token}`, recipientId: recipient.id });
    const events = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as { type: string; actor: string }[];
    expect(events.filter((e) => e.type === "recipient.signing_link.copied")).toEqual([
      expect.objectContaining({ actor: `staff:${ada.id}` }),
    ]);

    // Another organization's mail, an unknown or hostile id: 404; a mail without a signing link: 422.
    const otherOrg = await makeOrg();
    await sentRequest(otherOrg.sandboxKey, [{ email: "elsewhere@example.com", name: "Else", order: 1 }]);
    await runDueJobs();
    const foreign = findIn(
      (await call("GET", "/api/v1/enterprise/outbox", { key: otherOrg.sandboxKey })).body.data.items as { id: string }[],
      () => true,
      "the other organization's mail",
    );
    for (const mailId of [foreign.id, "no-such-mail", "../../x", "x".repeat(100)]) {
      const r = await copy(system, await signStaffIdentity(ada), mailId);
      expect({ mailId, status: r.status }).toEqual({ mailId, status: 404 });
    }
    expect((await copy(system, await signStaffIdentity(ada), "x".repeat(101))).status).toBe(400);
    await db.insert(mailLog).values({
      id: `test-completed-${Date.now()}`,
      orgId: org.orgId,
      environment: "SANDBOX",
      requestId: id,
      kind: "completed",
      to: "x@example.com",
      subject: "Done",
      via: "outbox",
    });
    const completed = findIn(
      (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items as { id: string; kind: string }[],
      (m) => m.kind === "completed",
      "the completed mail",
    );
    const none = await copy(system, await signStaffIdentity(ada), completed.id);
    expect(none.status).toBe(422);
    expect(none.body.errorCode).toBe("MESSAGE_HAS_NO_SIGNING_LINK");
  });
});
