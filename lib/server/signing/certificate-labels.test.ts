import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { appendCertificatePage, ENGLISH_CERTIFICATE_LABELS } from "@/lib/pdf/seal";
import { pdftotext } from "../../../test/support/pdf-fixtures";
import { agreementPdf } from "../../../test/support/seal-fixtures";
import { certificateLabels, certificateLocale, identificationOf } from "./certificate-labels";

// Issue 23, part 1: the certificate of completion in the request's language; the engine is given
// the words and fills in only what it measures.

describe("the certificate's words", () => {
  it("in English are the engine's own (the catalog and the engine's default agree)", () => {
    expect(certificateLabels("en")).toEqual(ENGLISH_CERTIFICATE_LABELS);
  });

  it.each(locales)("in %s leave only the engine's marks, and a form for each plural category", (locale) => {
    const labels = certificateLabels(locale);
    const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : Object.values(v as object).flatMap(strings));
    const marks = strings(labels).flatMap((text) => text.match(/\{[^}]*\}/g) ?? []);
    expect(new Set(marks)).toEqual(
      new Set(["{time}", "{zone}", "{count}", "{length}", "{command}", "{authority}", "{id}", "{page}", "{total}"]),
    );
    const rules = new Intl.PluralRules(locale);
    for (const n of [0, 1, 2, 3, 5, 12, 22, 25, 101, 1234567]) {
      const form = labels.bytes[rules.select(n)] ?? labels.bytes.other;
      expect(form, `${locale} ${n}`).toContain("{count}");
    }
  });

  it("Polish bytes take each case", () => {
    expect(certificateLabels("pl").bytes).toMatchObject({ one: "{count} bajt", few: "{count} bajty", many: "{count} bajtów" });
  });

  it("the language: the request's, else the first signer's, else English", () => {
    const signers = [
      { role: "CC", order: 1, locale: "fr" },
      { role: "SIGNER", order: 2, locale: "pl" },
      { role: "SIGNER", order: 1, locale: "de" },
    ];
    expect(certificateLocale({ locale: "it" }, signers)).toBe("it");
    expect(certificateLocale({ locale: null }, signers)).toBe("de");
    expect(certificateLocale({ locale: null }, [{ role: "APPROVER", order: 1, locale: "nl" }])).toBe("nl");
    expect(certificateLocale({ locale: null }, [{ role: "SIGNER", order: 1, locale: null }])).toBe("en");
  });

  it("a German certificate page reads German, with the engine's numbers in it", async () => {
    const at = new Date("2026-11-22T10:15:00.000Z");
    const r = { id: "r1", role: "SIGNER", authMethod: "ACCESS_CODE", delivery: "EMAIL" };
    const identification = identificationOf(
      r,
      [{ type: "recipient.access_code.verified", actor: "recipient:r1", createdAt: at }],
      {
        timeZone: "Europe/Berlin",
        locale: "de",
      },
    );
    expect(identification).toBe("E-Mail-Link; Zugangscode (eingegeben 22.11.2026, 11:15:00 +01:00 (2026-11-22 10:15:00 UTC))");
    const pdf = await agreementPdf();
    const sealed = await appendCertificatePage(pdf, {
      requestId: "sr_de",
      title: "Dienstvertrag",
      environment: "PRODUCTION",
      originalSha256: "a".repeat(64),
      timeZone: "Europe/Berlin",
      locale: "de",
      labels: certificateLabels("de"),
      recipients: [
        {
          name: "Greta",
          email: "g@example.com",
          role: "SIGNER",
          order: 1,
          status: "SIGNED",
          signedAt: at.toISOString(),
          identification,
        },
        { name: "Carl", email: "c@example.com", role: "CC", order: 2, status: "SENT" },
      ],
      events: [{ at: at.toISOString(), type: "recipient.signed", actor: "recipient:r1" }],
      sealedAt: at.toISOString(),
    });
    const text = (await pdftotext(sealed)).replace(/\s+/g, " ");
    for (const words of [
      "Abschlusszertifikat",
      "Versiegelt von Signet am 22.11.2026, 11:15:00 +01:00",
      "Zeitzone: Europe/Berlin (jede Uhrzeit in dieser Zone, danach in UTC)",
      `Länge des versiegelten Inhalts: ${pdf.length} Bytes`,
      `die ersten ${pdf.length} Bytes dieser Datei`,
      "Empfänger (2)",
      "Rolle: Unterzeichner · Reihenfolge: 1 · Status: unterschrieben",
      "Identifiziert durch: E-Mail-Link; Zugangscode (eingegeben",
      "Unterschrieben am: 22.11.2026",
      "Kopie erhalten am: 22.11.2026",
      "Ereignisse (1)",
      "Akteur: recipient:r1",
      "Signet-Abschlusszertifikat · Anfrage sr_de · Seite 1 von 1",
    ])
      expect(text, words).toContain(words);
    expect(text).not.toMatch(/Certificate of completion|Signed at|\{\w+\}/);
  });
});
