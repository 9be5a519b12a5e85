import crypto from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { pdftotext } from "../../../test/support/pdf-fixtures";
import { agreementPdf, pageText, qpdfCheck } from "../../../test/support/seal-fixtures";
import { appendCertificatePage, CERTIFICATE_PAGE_SIZE, type CertificateData } from "./certificate";
import { SANDBOX_LINE } from "./draw-values";

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** How a certificate in UTC prints an ISO 8601 time: to the second, "2026-11-22 10:15:00 UTC". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function certificate(events = 3): CertificateData {
  return {
    requestId: "sr_01JD7Q2V8X",
    title: "Mutual non-disclosure agreement",
    environment: "PRODUCTION",
    originalSha256: "a".repeat(64),
    recipients: [
      {
        name: "Zoë Ångström",
        email: "zoe@example.com",
        role: "SIGNER",
        order: 1,
        status: "SIGNED",
        signedAt: "2026-11-22T10:15:00.000Z",
        ip: "203.0.113.7",
        userAgent: UA,
        identification: "access code",
      },
      {
        name: "Иван Петров",
        email: "ivan@example.org",
        role: "SIGNER",
        order: 2,
        status: "SIGNED",
        signedAt: "2026-11-22T11:00:00.000Z",
        ip: "2001:db8::1",
        userAgent: "curl/8.5.0",
      },
      { name: "Carol Copy", email: "carol@example.net", role: "CC", order: 3, status: "PENDING" },
    ],
    events: Array.from({ length: events }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 22, 9, 0, i)).toISOString(),
      type: i === 0 ? "request.sent" : `recipient.viewed.${i}`,
      actor: i === 0 ? "key:key_123" : "recipient:rc_1",
      ip: `198.51.100.${i % 250}`,
      userAgent: i % 2 ? UA : undefined,
    })),
  };
}

describe("appendCertificatePage", () => {
  let pdf: Uint8Array;
  let out: Uint8Array;
  let text: string;

  beforeAll(async () => {
    pdf = await agreementPdf();
    out = await appendCertificatePage(pdf, certificate());
    text = await pdftotext(out);
  });

  it("appends an A4 page after the document's pages", async () => {
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(4);
    const { width, height } = doc.getPage(3).getSize();
    expect([width, height]).toEqual([CERTIFICATE_PAGE_SIZE.width, CERTIFICATE_PAGE_SIZE.height]);
    expect(await qpdfCheck(out)).toContain("No syntax or stream encoding errors");
  });

  it("lists the request, each recipient and each event with time, IP and user agent, extractable", () => {
    for (const s of [
      "sr_01JD7Q2V8X",
      "Mutual non-disclosure agreement",
      "PRODUCTION",
      "Zoë Ångström",
      "zoe@example.com",
      "Иван Петров",
      "ivan@example.org",
      "Carol Copy",
      "Role: CC · Order: 3 · Status: PENDING",
    ]) {
      expect(text).toContain(s);
    }
    for (const s of [
      "Signed at: 2026-11-22 10:15:00 UTC",
      "203.0.113.7",
      "2001:db8::1",
      "curl/8.5.0",
      "2026-11-22 09:00:00 UTC",
      "request.sent",
      "key:key_123",
      "198.51.100.0",
      "198.51.100.2",
    ]) {
      expect(text).toContain(s);
    }
    // The user agent is wrapped, but every piece of it is there in order.
    expect(text.replace(/\s+/g, " ")).toContain(UA);
  });

  it("prints both hashes: the original's, and the sealed content's, which is the exact prefix of the result", () => {
    expect(text).toMatch(new RegExp(`Original document SHA-256:\\s+${"a".repeat(64)}`));
    expect(text).toMatch(new RegExp(`Sealed content SHA-256:\\s+${sha256(pdf)}`));
    expect(text).toContain(`Sealed content length: ${pdf.length} bytes`);
    expect(Buffer.compare(Buffer.from(out.subarray(0, pdf.length)), Buffer.from(pdf))).toBe(0);
  });

  it("prints how a signer was identified, only for a signer it is known of", () => {
    expect(text).toMatch(
      /Zoë Ångström <zoe@example\.com>\s+Role: SIGNER · Order: 1 · Status: SIGNED\s+Identified by: access code/,
    );
    expect(text.match(/Identified by/g)).toHaveLength(1);
  });

  it("prints the seal: the sealing certificate's subject and fingerprint, the level and the timestamp authority", async () => {
    const seal = {
      certificateSubject: "CN=Signet sealing, O=Example Ltd",
      certificateSha256: "b".repeat(64),
      level: "B-LT" as const,
      timestampAuthority: "Example TSA",
      timestampAuthorityCheckedAt: "2026-11-22T12:00:00.000Z",
    };
    const t = (await pdftotext(await appendCertificatePage(pdf, { ...certificate(1), seal }))).replace(/\s+/g, " ");
    expect(t).toContain("Seal Sealing certificate: CN=Signet sealing, O=Example Ltd");
    expect(t).toContain(`Sealing certificate SHA-256 fingerprint: ${"b".repeat(64)}`);
    expect(t).toContain(
      "PAdES level: B-LT (signature with a timestamp, and the certificates and revocation data to validate it inside the file)",
    );
    expect(t).toContain("Timestamp authority: Example TSA");
    expect(t).toContain(
      "Timestamp: from Example TSA at sealing; the exact time is inside the signature. The authority's clock read 2026-11-22 12:00:00 UTC when sealing began.",
    );
    expect(text).not.toContain("PAdES level"); // no seal given, no seal section
  });

  it("prints every time in the request's zone with its offset, to the second, and in UTC (issue 23)", async () => {
    const t = (
      await pdftotext(
        await appendCertificatePage(pdf, {
          ...certificate(2),
          timeZone: "Asia/Tokyo",
          sealedAt: "2026-11-22T15:00:01.999Z",
          recipients: [{ ...certificate().recipients[0]!, signedAt: "2026-11-22T23:30:05.123Z" }],
        }),
      )
    ).replace(/\s+/g, " ");
    expect(t).toContain("Time zone: Asia/Tokyo (each time in this zone, then in UTC)");
    expect(t).toContain("Sealed by Signet on 2026-11-23 00:00:01 +09:00 (2026-11-22 15:00:01 UTC)");
    expect(t).toContain("Signed at: 2026-11-23 08:30:05 +09:00 (2026-11-22 23:30:05 UTC)");
    expect(t).toContain("2026-11-22 18:00:00 +09:00 (2026-11-22 09:00:00 UTC) request.sent");
    expect(t).toContain("2026-11-22 18:00:01 +09:00 (2026-11-22 09:00:01 UTC) recipient.viewed.1");
    // No milliseconds anywhere, no ISO 8601 "T…Z".
    expect(t).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d|\dT\d{2}:/);
  });

  it("runs onto more pages when there are many events, numbering them", async () => {
    const long = await appendCertificatePage(pdf, certificate(120), { sandbox: true });
    const doc = await PDFDocument.load(long);
    const pages = doc.getPageCount() - 3;
    expect(pages).toBeGreaterThan(1);
    const all = await pdftotext(long);
    expect(all).toContain(`page ${pages} of ${pages}`);
    for (let i = 0; i < 120; i++) expect(all).toContain(utc(new Date(Date.UTC(2026, 10, 22, 9, 0, i)).toISOString()));
    for (let p = 4; p <= 3 + pages; p++) expect(await pageText(long, p)).toContain(SANDBOX_LINE);
  });
});
