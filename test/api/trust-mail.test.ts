import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { deliverMail, outboxDir } from "@/lib/server/mail/deliver-mail";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { sentRequest } from "../support/signing";
import { useSmtp } from "../support/smtp";
import { firstOf, group } from "../support/expect-helpers";

// A recipient's name can neither redirect nor add to the mail that carries their link.
const SR = "/api/v1/enterprise/signature-requests";
const HOSTILE_NAMES = ['"Q" <x@evil.example>', "M <m@evil.example>, Real"];
// What the API accepts, and what must still reach one address only: quotes, a comma, an at sign.
const ODD_NAME = 'Doe, "Jo" @ evil.example; x@evil.example';

/** The To header of a raw message, unfolded. */
const toHeader = (raw: string) => group(/^To: (.*(?:\r?\n[ \t].*)*)/m.exec(raw), 1, "a To header").replace(/\r?\n(?=[ \t])/g, "");

describe("recipient names are judged at the API", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("refuses the two hostile names (400, the field named, nothing created), on add, update and template use", async () => {
    const d = await createDraft(key);
    const good = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "real@example.com", name: "Real Person" } })
    ).body.data;
    for (const name of HOSTILE_NAMES) {
      const add = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "real2@example.com", name } });
      expect(add.status).toBe(400);
      expect(add.body).toMatchObject({ code: 400, data: null });
      expect(add.body.errors).toEqual([{ field: "name", message: expect.stringMatching(/<, > or control characters/) }]);

      const upd = await call("PATCH", `${SR}/${d.id}/recipients/${good.id}`, { key, json: { name } });
      expect(upd.status).toBe(400);
      expect(upd.body.errors).toEqual([{ field: "name", message: expect.any(String) }]);

      // Validation comes before the template is looked up: whichever template, nothing is made.
      const use = await call("POST", `${SR}/templates/00000000-0000-4000-8000-000000000000/use`, {
        key,
        json: {
          title: "From a template",
          recipients: [
            { email: "t@example.com", name: "Fine" },
            { email: "u@example.com", name },
          ],
        },
      });
      expect(use.status).toBe(400);
      expect(use.body.errors).toEqual([{ field: "recipients.1.name", message: expect.any(String) }]);
    }
    const after = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(after.recipients).toHaveLength(1);
    expect(after.recipients[0]).toMatchObject({ id: good.id, name: "Real Person", email: "real@example.com" });
    expect((await call("GET", SR, { key })).body.data.items).toHaveLength(1);
  });

  it("refuses control characters (C0, DEL, C1, line breaks) and lengths outside 1–200 after trimming", async () => {
    const d = await createDraft(key);
    const bad = [
      "Ann\nBcc: x@evil.example",
      "Ann\r\nBcc: x@evil.example",
      "Ann\u0000",
      "A\u0007",
      "A\u007f",
      "A\u0085B",
      "A\u009bB",
      "A\u2028B",
      "",
      "   ",
      "x".repeat(201),
    ];
    for (const name of bad) {
      const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "c@example.com", name } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(["name"]);
    }
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.recipients).toHaveLength(0);
    const ok = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "c@example.com", name: `  ${"y".repeat(200)}  ` },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.name).toBe("y".repeat(200));
    expect(
      (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "d@example.com", name: ODD_NAME } })).status,
    ).toBe(201);
    // Surrounding white space (a trailing line break included) is trimmed, not refused.
    expect(
      (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "e@example.com", name: "Ann\r\n" } })).body.data.name,
    ).toBe("Ann");
  });
});

describe("mail is addressed with { name, address }: a real SMTP server sees only the real address", () => {
  const smtpOf = useSmtp();

  it("deliverMail, given names made of quotes, commas, at signs and angle brackets: one RCPT TO, the real one", async () => {
    const names = [...HOSTILE_NAMES, ODD_NAME, 'a@b.example, "c" <c@evil.example>, \\"'];
    for (const [i, name] of names.entries()) {
      const id = `trust-mail-${i}-${Date.now()}`;
      const sent = await deliverMail(id, {
        kind: "invitation",
        to: { name, address: "real@example.com" },
        subject: `Hostile ${i}`,
        text: "t",
        html: "<p>t</p>",
      });
      expect(sent.via).toBe("smtp");
      expect(sent.envelopeTo).toEqual(["real@example.com"]);
      const got = smtpOf().mails.filter((m) => m.subject === `Hostile ${i}`);
      expect(got).toHaveLength(1);
      const mail = firstOf(got, "mails");
      expect(mail.to).toEqual(["real@example.com"]);
      // The To header, parsed as a mail client would: one address, the real one, the name intact.
      expect(addressparser(toHeader(mail.raw), { flatten: true })).toEqual([{ address: "real@example.com", name }]);
    }
  });

  it("an invitation to a recipient with such a name goes to their address only, and the audit trail records that envelope", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await sentRequest(key, [{ email: "odd-name@example.com", name: ODD_NAME, order: 1 }]);
    await runDueJobs();
    const mine = smtpOf().mails.filter((m) => m.raw.includes("odd-name@example.com"));
    expect(mine).toHaveLength(1);
    const mail = firstOf(mine, "mails");
    expect(mail.to).toEqual(["odd-name@example.com"]);
    expect(addressparser(toHeader(mail.raw), { flatten: true })).toEqual([{ address: "odd-name@example.com", name: ODD_NAME }]);
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.find((e) => e.type === "recipient.invited")?.data).toMatchObject({
      email: "odd-name@example.com",
      envelopeTo: ["odd-name@example.com"],
      via: "smtp",
    });
    const log = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items;
    expect(addressparser(firstOf(log, "outbox").to, { flatten: true })).toEqual([
      { address: "odd-name@example.com", name: ODD_NAME },
    ]);
  });
});

describe("the outbox writer (no SMTP_URL)", () => {
  it("writes a To header quoted so that it parses back to the one real address, and reports that envelope", async () => {
    const name = 'Doe, "Jo" <x@evil.example>';
    const id = `trust-outbox-${Date.now()}`;
    const sent = await deliverMail(id, {
      kind: "invitation",
      to: { name, address: "real@example.com" },
      subject: "Outbox",
      text: "t",
      html: "<p>t</p>",
    });
    expect(sent).toMatchObject({ via: "outbox", envelopeTo: ["real@example.com"] });
    const raw = fs.readFileSync(path.join(outboxDir(), `${id}.eml`), "utf8");
    expect(toHeader(raw)).toBe('"Doe, \\"Jo\\" <x@evil.example>" <real@example.com>');
    expect(addressparser(toHeader(raw), { flatten: true })).toEqual([{ address: "real@example.com", name }]);
  });

  it("an invitation in the outbox: the audit trail records the envelope written", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await sentRequest(key, [{ email: "outbox-odd@example.com", name: ODD_NAME, order: 1 }]);
    await runDueJobs();
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.find((e) => e.type === "recipient.invited")?.data).toMatchObject({
      envelopeTo: ["outbox-odd@example.com"],
      via: "outbox",
    });
  });
});
