import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { recipients, signatureRequests } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenOf } from "../support/signing";
import { useSmtp } from "../support/smtp";
import { findIn, firstOf } from "../support/expect-helpers";

// The language a signer's page was shown in (their choice, else the browser's when neither the recipient
// nor the request has one) is reported by the page with each save and act, and their later mails speak it.

const pageLocaleOf = async (id: string) => {
  const db = await getDb();
  const [r] = await db.select({ pageLocale: recipients.pageLocale }).from(recipients).where(eq(recipients.id, id));
  return r?.pageLocale;
};

describe("the signer's page language", () => {
  const smtpOf = useSmtp();

  it("a French-browser signer with no recipient or request language gets the completed mail in French", async () => {
    const key = (await makeOrg()).sandboxKey;
    const {
      id,
      recipientIds: [a],
    } = await sentRequest(key, [{ email: "francoise@example.com", name: "Françoise", order: 1 }]);
    const db = await getDb();
    await db.update(signatureRequests).set({ title: "Vertrag – Müller" }).where(eq(signatureRequests.id, id));
    await runDueJobs();
    const token = await tokenOf(a!);
    const view = (await call("GET", `/api/sign/${token}`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } })).body.data;
    expect(view.recipient.locale).toBeNull();
    expect(view.request.locale).toBeNull();
    const [sig, text] = ["SIGNATURE", "TEXT"].map(
      (t) => findIn(view.fields, (f: { type: string }) => f.type === t, `a ${t} field`).id,
    );

    // Only one of the eight languages is taken; nothing is saved otherwise.
    const bad = await call("PUT", `/api/sign/${token}/draft`, {
      json: { values: [{ fieldId: text, text: "PDG" }], locale: "sv" },
    });
    expect(bad.status).toBe(400);
    expect(await pageLocaleOf(a!)).toBeNull();

    // The page saves as the signer types, saying the language it shows: French, from the browser.
    const saved = await call("PUT", `/api/sign/${token}/draft`, {
      json: { values: [{ fieldId: text, text: "PDG" }], locale: "fr" },
    });
    expect(saved.status).toBe(200);
    expect(await pageLocaleOf(a!)).toBe("fr");

    const signed = await call("POST", `/api/sign/${token}/sign`, {
      json: {
        consent: true,
        locale: "fr",
        values: [
          { fieldId: sig, typed: "Françoise" },
          { fieldId: text, text: "PDG" },
        ],
      },
    });
    expect(signed.body.data).toMatchObject({ status: "SIGNED", completed: true, next: "SEALING" });
    await runDueJobs();
    await runDueJobs();
    const mails = smtpOf().mails.filter((m) => m.to.includes("francoise@example.com"));
    const completed = firstOf(
      mails.filter((m) => m.subject.includes("Finalis")),
      "the completed mail",
    );
    expect(completed.text).toMatch(/a été signé par tout le monde/);
    // The attachment's name is French and keeps the en dash and the umlaut.
    expect(completed.raw.replace(/\r\n/g, "\n")).toContain(
      `filename="Vertrag - Muller (signe).pdf";\n filename*=UTF-8''Vertrag%20%E2%80%93%20M%C3%BCller%20%28sign%C3%A9%29.pdf`,
    );
  });
});
