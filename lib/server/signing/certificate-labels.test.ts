import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { appendCertificatePage, ENGLISH_CERTIFICATE_LABELS, SANDBOX_LINE, sealDocument } from "@/lib/pdf/seal";
import { pdfTextLines } from "../../../test/support/pdf-fixtures";
import { agreementPdf, SIGNATURE_PNG, testP12 } from "../../../test/support/seal-fixtures";
import { certificateLabels, certificateLocale, identificationOf } from "./certificate-labels";

// The certificate of completion in the request's language; the engine is given
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
      new Set([
        "{time}",
        "{who}",
        "{ip}",
        "{zone}",
        "{count}",
        "{length}",
        "{command}",
        "{authority}",
        "{browser}",
        "{os}",
        "{id}",
        "{page}",
        "{total}",
        "{field}",
        "{recipient}",
        "{name}",
        "{size}",
        "{link}",
        "{reason}",
        "{group}",
        "{required}",
      ]),
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
    // The language the first signer's page was shown in (their choice, or their browser's) before their own.
    expect(certificateLocale({ locale: null }, [{ role: "SIGNER", order: 1, locale: "de", pageLocale: "fr" }])).toBe("fr");
    expect(certificateLocale({ locale: "it" }, [{ role: "SIGNER", order: 1, locale: null, pageLocale: "fr" }])).toBe("it");
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
    const greta = {
      name: "Greta",
      email: "g@example.com",
      role: "SIGNER",
      order: 1,
      sentAt: "2026-11-22T09:00:00.000Z",
      viewedAt: "2026-11-22T10:00:00.000Z",
      signedAt: at.toISOString(),
      ip: "203.0.113.7",
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      identification,
      signature: { kind: "typed" as const, text: "Greta" },
      initials: { kind: "typed" as const, text: "G" },
    };
    const german = {
      requestId: "sr_de",
      title: "Dienstvertrag",
      environment: "SANDBOX",
      originalSha256: "a".repeat(64),
      timeZone: "Europe/Berlin",
      locale: "de",
      labels: certificateLabels("de"),
      sealedAt: at.toISOString(),
    };
    const sealed = await appendCertificatePage(
      pdf,
      { ...german, recipients: [greta, { name: "Carl", email: "c@example.com", role: "CC", order: 2 }] },
      { sandbox: true },
    );
    const text = await pdfTextLines(sealed, 4);
    const flat = text.replace(/\s+/g, " ");
    for (const words of [
      "Abschlusszertifikat",
      "Versiegelt von Signet am 22.11.2026, 11:15:00 +01:00",
      "Anfrage-ID: sr_de · Umgebung: Sandbox\nZeitzone: Europe/Berlin (jede Uhrzeit in dieser Zone, danach in UTC)",
      `Länge des versiegelten Inhalts ${pdf.length} Bytes`,
      "Empfänger (2)",
      "g@example.com · Unterzeichner · Reihenfolge 1",
      "Identifiziert durch E-Mail-Link; Zugangscode (eingegeben",
      "Gesendet am 22.11.2026, 10:00:00 +01:00 (2026-11-22 09:00:00 UTC)",
      "Angesehen am 22.11.2026, 11:00:00 +01:00",
      "Unterschrieben am 22.11.2026, 11:15:00 +01:00",
      "User-Agent Chrome 131 unter Windows",
      "Unterschrift",
      "Initialen",
      "Signet-Abschlusszertifikat · Anfrage sr_de · Seite 1 von 1",
      "Sandbox – keine rechtsgültige Signatur",
    ])
      expect(text, words).toContain(words);
    for (const words of [`die ersten ${pdf.length} Bytes dieser Datei`, "Kopie erhalten am: 22.11.2026"])
      expect(flat, words).toContain(words);
    expect(flat).not.toMatch(/Certificate of completion|Signed at|Signer|Sent at|not a valid legal signature|\{\w+\}/);
  });

  it("a sealed sandbox document says its sandbox line in the certificate's language on every page", async () => {
    const { sealed } = await sealDocument(await agreementPdf(), {
      fields: [],
      sandbox: true,
      certificate: {
        requestId: "sr_fr",
        title: "Contrat",
        environment: "SANDBOX",
        timeZone: "Europe/Paris",
        locale: "fr",
        labels: certificateLabels("fr"),
        recipients: [],
      },
      ...testP12(),
    });
    const pages = (await PDFDocument.load(sealed)).getPageCount();
    for (let page = 1; page <= pages; page++) {
      const text = (await pdfTextLines(sealed, page)).replace(/\s+/g, " ");
      expect(text, `page ${page}`).toContain("Bac à sable – signature sans valeur juridique");
      expect(text, `page ${page}`).not.toContain(SANDBOX_LINE);
    }
  });

  // One page for up to four recipients, whatever the language: four signers each with a drawn
  // signature and initials, identified by an access code (the longest identification a signer can have),
  // a zone with a long name, a full IPv6 address, a copy recipient, a document sent as a new version, a
  // seal with a timestamp authority.
  it.each(locales)("in %s, the fullest certificate of four signers is one page", async (locale) => {
    const timeZone = "America/Argentina/ComodRivadavia";
    const verified = [
      { type: "recipient.access_code.verified", actor: "recipient:r", createdAt: new Date("2026-11-22T10:01:02Z") },
    ];
    const identification = identificationOf({ id: "r", role: "SIGNER", authMethod: "ACCESS_CODE", delivery: "EMAIL" }, verified, {
      timeZone,
      locale,
    });
    const signer = (n: number) => ({
      name: `Signer Number ${n}`,
      email: `signer.number.${n}@example.com`,
      role: "SIGNER",
      order: n,
      sentAt: "2026-11-22T09:00:00.000Z",
      viewedAt: "2026-11-22T10:00:00.000Z",
      signedAt: "2026-11-22T10:15:00.000Z",
      ip: "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      identification,
      signature: { kind: "image" as const, bytes: SIGNATURE_PNG },
      initials: { kind: "image" as const, bytes: SIGNATURE_PNG },
    });
    const sealed = await appendCertificatePage(
      await agreementPdf(),
      {
        requestId: "0f0e5a3c-58e2-4b1c-9f1a-1b2c3d4e5f60",
        title: "Mutual non-disclosure agreement",
        environment: "SANDBOX",
        originalSha256: "a".repeat(64),
        documentSha256: "c".repeat(64),
        timeZone,
        locale,
        labels: certificateLabels(locale),
        recipients: [...[1, 2, 3, 4].map(signer), { name: "Carol Copy", email: "carol@example.net", role: "CC", order: 1 }],
        seal: {
          certificateSubject: "CN=Signet document sealing (self-signed), O=Signet",
          certificateSha256: "b".repeat(64),
          level: "B-LT",
          timestampAuthority: "Example TSA, Example Trust Services Ltd",
          timestampAuthorityCheckedAt: "2026-11-22T12:00:00.000Z",
        },
      },
      { sandbox: true },
    );
    expect((await PDFDocument.load(sealed)).getPageCount()).toBe(4);
    const text = await pdfTextLines(sealed, 4);
    for (let n = 1; n <= 4; n++) expect(text).toContain(`signer.number.${n}@example.com`);
    expect(text).toContain("Example TSA, Example Trust Services Ltd");
  });
});
