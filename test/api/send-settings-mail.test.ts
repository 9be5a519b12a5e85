import { describe, expect, it } from "vitest";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { getDb } from "@/lib/server/db";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { signStaffIdentity } from "@/lib/server/staff/forwarded-identity";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { draftWithSigners } from "../support/drafts";
import { outboxMailsOf } from "../support/outbox-mail";
import { firstOf } from "../support/expect-helpers";

// The invitation carries a request's send settings: its subject, the sender's message (escaped
// in the HTML) after the greeting, by when, From "<staff name> via Signet" at MAIL_FROM's address, and Reply-To.

const SR = "/api/v1/enterprise/signature-requests";

describe("the invitation carries the settings", () => {
  const ann = { id: "00000000-0000-4000-8000-0000000a24a1", name: 'Ann "The Boss", Staff', email: "ann.staff@signet.test" };

  async function sentAs(key: string, headers: Record<string, string>, settings: Record<string, unknown>, email: string) {
    const { id } = await draftWithSigners(key, [{ email, name: "Sam Signer" }]);
    const patched = await call("PATCH", `${SR}/${id}`, { key, json: settings });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const sent = await call("POST", `${SR}/${id}/send`, { key, headers });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await runDueJobs();
    return { id, mail: firstOf(await outboxMailsOf(id, "invitation"), "the invitation") };
  }

  it("sent from the dashboard: subject, the message escaped after the greeting, the deadline, From '<staff> via Signet', Reply-To", async () => {
    const org = await makeOrg();
    const db = await getDb();
    const system = (await insertApiKey(db, { orgId: org.orgId, name: "dashboard", environment: "SANDBOX", kind: "SYSTEM" }))
      .apiKey;
    const headers = await signStaffIdentity({ ...ann, ip: "203.0.113.8", userAgent: "Ann's browser" });
    const { id, mail } = await sentAs(
      system,
      headers,
      {
        subject: "Your ACME contract",
        message: 'Hi Sam,\n<script>alert("x")</script> & welcome.',
        expiryDays: 10,
        timezone: "Asia/Tokyo",
        dateFormat: "DD.MM.YYYY",
      },
      "invited.by.staff@example.com",
    );
    expect(mail.headers.subject).toBe("[Sandbox] Your ACME contract");
    const from = addressparser(mail.headers.from!, { flatten: true });
    expect(from).toHaveLength(1);
    expect(from[0]).toMatchObject({ name: 'Ann "The Boss", Staff via Signet', address: "no-reply@signet.local" });
    expect(addressparser(mail.headers["reply-to"]!, { flatten: true })).toEqual([
      expect.objectContaining({ address: "ann.staff@signet.test" }),
    ]);
    // Text: the greeting, then the sender's words as theirs, then what is asked and by when.
    expect(mail.text).toMatch(
      /^Hello Sam Signer,\n\nMessage from Ann "The Boss", Staff:\nHi Sam,\n<script>alert\("x"\)<\/script> & welcome\.\n\nYou are asked to sign "Contract"\. Please sign by \d\d\.\d\d\.\d{4} \d\d:\d\d \(Asia\/Tokyo\)\./,
    );
    // HTML: escaped, never markup.
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; welcome.");
    expect(mail.html).toContain("Hi Sam,<br>");
    expect(mail.html).toContain("Message from Ann &#34;The Boss&#34;, Staff:");
    // The signing page shows the same words, under the sender's name, as text.
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const view = await call("GET", `/api/sign/${token}`);
    expect(view.body.data.message).toEqual({
      from: 'Ann "The Boss", Staff',
      text: 'Hi Sam,\n<script>alert("x")</script> & welcome.',
    });

    // A reminder: "Reminder: <subject>", the same words, From and Reply-To.
    expect((await call("POST", `${SR}/${id}/remind`, { key: system })).status).toBe(200);
    await runDueJobs();
    const reminder = firstOf(await outboxMailsOf(id, "reminder"), "the reminder");
    expect(reminder.headers.subject).toBe("[Sandbox] Reminder: Your ACME contract");
    expect(reminder.text).toContain('Message from Ann "The Boss", Staff:\nHi Sam,');
    expect(addressparser(reminder.headers.from!, { flatten: true })[0]?.name).toBe('Ann "The Boss", Staff via Signet');
    expect(addressparser(reminder.headers["reply-to"]!, { flatten: true })[0]?.address).toBe("ann.staff@signet.test");
  });

  it("speaks the recipient's language: the sender's message introduced and the deadline in German", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { mail } = await sentAs(
      key,
      {},
      { locale: "de", message: "Bitte bis Freitag.", expiryDays: 5, timezone: "Europe/Berlin", dateFormat: "D MMMM YYYY" },
      "invited.de@example.com",
    );
    expect(mail.headers.subject).toBe("[Sandbox] Bitte unterschreiben: Contract");
    expect(mail.text).toContain("Nachricht des Absenders:\nBitte bis Freitag.");
    expect(mail.text).toMatch(/Bitte unterschreiben Sie bis \d{1,2}\. \S+ \d{4} \d\d:\d\d \(Europe\/Berlin\)\./);
  });

  it("replyTo wins over the staff member; sent with an API key: From is MAIL_FROM, no Reply-To unless set", async () => {
    const org = await makeOrg();
    const key = org.sandboxKey;
    const plain = await sentAs(key, {}, { message: "From the API" }, "invited.by.key@example.com");
    expect(addressparser(plain.mail.headers.from!, { flatten: true })).toEqual([
      { name: "Signet", address: "no-reply@signet.local" },
    ]);
    expect(plain.mail.headers["reply-to"]).toBeUndefined();
    expect(plain.mail.headers.subject).toBe("[Sandbox] Please sign: Contract");
    expect(plain.mail.text).toContain("Message from the sender:\nFrom the API");
    const tokenIn = (text: string) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    expect((await call("GET", `/api/sign/${tokenIn(plain.mail.text)}`)).body.data.message).toEqual({
      from: null,
      text: "From the API",
    });

    const replied = await sentAs(key, {}, { replyTo: "desk@acme.example" }, "invited.reply@example.com");
    expect(addressparser(replied.mail.headers["reply-to"]!, { flatten: true })).toEqual([
      expect.objectContaining({ address: "desk@acme.example" }),
    ]);
    expect(replied.mail.text).not.toContain("Message from");
    expect((await call("GET", `/api/sign/${tokenIn(replied.mail.text)}`)).body.data.message).toBeNull();
  });
});
