import crypto from "node:crypto";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfimagesList, pdftotext, pdfTextLines } from "../../../test/support/pdf-fixtures";
import { agreementPdf, pageText, qpdfCheck, SIGNATURE_PNG } from "../../../test/support/seal-fixtures";
import { appendCertificatePage, CERTIFICATE_PAGE_SIZE, type CertificateData, type CertificateRecipient } from "./certificate";
import { SANDBOX_LINE } from "./draw-values";

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const zoe: CertificateRecipient = {
  name: "Zoë Ångström",
  email: "zoe@example.com",
  role: "SIGNER",
  order: 1,
  sentAt: "2026-11-22T09:00:00.000Z",
  viewedAt: "2026-11-22T10:05:30.000Z",
  signedAt: "2026-11-22T10:15:00.000Z",
  ip: "203.0.113.7",
  userAgent: UA,
  identification: "e-mail link; access code (given 2026-11-22 10:01:02 UTC)",
  signature: { kind: "image", bytes: SIGNATURE_PNG },
  initials: { kind: "image", bytes: SIGNATURE_PNG },
};

const ivan: CertificateRecipient = {
  name: "Иван Петров",
  email: "ivan@example.org",
  role: "SIGNER",
  order: 2,
  sentAt: "2026-11-22T10:15:01.000Z",
  viewedAt: "2026-11-22T10:59:00.000Z",
  signedAt: "2026-11-22T11:00:00.000Z",
  ip: "2001:db8::1",
  userAgent: "curl/8.5.0",
  signature: { kind: "typed", text: "Ivan Petrov" },
};

const carol: CertificateRecipient = { name: "Carol Copy", email: "carol@example.net", role: "CC", order: 1 };

function certificate(recipients: CertificateRecipient[] = [zoe, ivan, carol]): CertificateData {
  return {
    requestId: "sr_01JD7Q2V8X",
    title: "Mutual non-disclosure agreement",
    environment: "PRODUCTION",
    originalSha256: "a".repeat(64),
    recipients,
  };
}

/** A signer made up for the page-count tests: drawn marks and the longest identification there is. */
const signer = (n: number): CertificateRecipient => ({
  ...zoe,
  name: `Signer Number ${n}`,
  email: `signer.${n}@example.com`,
  order: n,
  identification: "e-mail link; access code (given 2026-11-26 08:30:05 +09:00 (2026-11-25 23:30:05 UTC))",
});

/** Everything the certificate can print besides the recipients: a sent version, a timestamped seal. */
const everything = (recipients: CertificateRecipient[]): CertificateData => ({
  ...certificate(recipients),
  timeZone: "Asia/Tokyo",
  documentSha256: "c".repeat(64),
  seal: {
    certificateSubject: "CN=Signet document sealing (self-signed), O=Signet",
    certificateSha256: "b".repeat(64),
    level: "B-LTA",
    timestampAuthority: "Example TSA, Example Trust Services Ltd",
    timestampAuthorityCheckedAt: "2026-11-22T12:00:00.000Z",
  },
});

describe("appendCertificatePage", () => {
  let pdf: Uint8Array;
  let out: Uint8Array;
  let text: string;

  beforeAll(async () => {
    pdf = await agreementPdf();
    out = await appendCertificatePage(pdf, certificate());
    text = await pdfTextLines(out, 4);
  });

  it("appends one A4 page after the document's pages", async () => {
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(4);
    const { width, height } = doc.getPage(3).getSize();
    expect([width, height]).toEqual([CERTIFICATE_PAGE_SIZE.width, CERTIFICATE_PAGE_SIZE.height]);
    expect(await qpdfCheck(out)).toContain("No syntax or stream encoding errors");
  });

  it("gives each recipient a block: name, e-mail, role in words, how identified, each time, address and browser", () => {
    for (const s of [
      "Mutual non-disclosure agreement",
      "Request ID: sr_01JD7Q2V8X · Environment: Production\nTime zone: UTC\n",
      "Recipients (3)",
      "Zoë Ångström",
      "zoe@example.com · Signer · Order 1",
      "Identified by e-mail link; access code (given 2026-11-22 10:01:02 UTC)",
      "Sent at 2026-11-22 09:00:00 UTC",
      "Viewed at 2026-11-22 10:05:30 UTC",
      "Signed at 2026-11-22 10:15:00 UTC",
      "IP address 203.0.113.7",
      "User agent Chrome 131 on Linux",
      "Иван Петров",
      "ivan@example.org · Signer · Order 2",
      "Signed at 2026-11-22 11:00:00 UTC",
      "IP address 2001:db8::1",
      // A client that is no browser is printed as it said it.
      "User agent curl/8.5.0",
      "Carol Copy <carol@example.net>",
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toMatch(/Received a copy at: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(the sealed PDF, by e-mail\)/);
    // Signers in signing order, then who received a copy.
    expect(text.indexOf("Zoë")).toBeLessThan(text.indexOf("Иван"));
    expect(text.indexOf("Иван")).toBeLessThan(text.indexOf("Carol"));
    // Only a signer it is known of has "Identified by".
    expect(text.match(/Identified by/g)).toHaveLength(1);
  });

  it("numbers the steps as the dashboard does: a removed recipient's order leaves no gap", async () => {
    // Ivan's order is 3 because the recipient of order 2 was removed: he signs second, and is shown so.
    const gapped = await pdfTextLines(await appendCertificatePage(pdf, certificate([zoe, { ...ivan, order: 3 }, carol])), 4);
    expect(gapped).toContain("ivan@example.org · Signer · Order 2");
    expect(gapped).not.toContain("Order 3");
  });

  it("prints no codes: no role or status in capitals, no raw user agent of a known browser", () => {
    expect(text).not.toMatch(/\bSIGNER\b|\bCC\b|\bSIGNED\b|Status|PRODUCTION|recipient[:.]/);
    expect(text).not.toContain("Mozilla/5.0");
  });

  it("shows each signer's signature and initials: the drawn images, and a typed signature in script", async () => {
    const images = (await pdfimagesList(out)).filter((i) => i.page === 4 && i.type === "image");
    expect(images).toHaveLength(2); // Zoë's signature and initials: one image, drawn twice
    expect(new Set(images.map((i) => i.object)).size).toBe(1);
    expect(text).toContain("Ivan Petrov"); // the typed signature (the script font maps back to text)
    expect(text.match(/Signature/g)).toHaveLength(2);
    expect(text.match(/Initials/g)).toHaveLength(1);
  });

  it("prints both hashes: the original's, and the sealed content's, which is the exact prefix of the result", () => {
    expect(text).toContain(`Original document SHA-256 ${"a".repeat(64)}`);
    expect(text).toContain(`Sealed content SHA-256 ${sha256(pdf)}`);
    expect(text).toContain(`Sealed content length ${pdf.length} bytes`);
    expect(text.replace(/\s+/g, " ")).toContain(
      `the first ${pdf.length} bytes of this file. Check it with: head -c ${pdf.length} file.pdf | sha256sum`,
    );
    expect(Buffer.compare(Buffer.from(out.subarray(0, pdf.length)), Buffer.from(pdf))).toBe(0);
  });

  it("prints the seal: the sealing certificate's subject and fingerprint, the level and the timestamp authority", async () => {
    const seal = {
      certificateSubject: "CN=Signet sealing, O=Example Ltd",
      certificateSha256: "b".repeat(64),
      level: "B-LT" as const,
      timestampAuthority: "Example TSA",
      timestampAuthorityCheckedAt: "2026-11-22T12:00:00.000Z",
    };
    const t = (await pdftotext(await appendCertificatePage(pdf, { ...certificate(), seal }))).replace(/\s+/g, " ");
    const rows = await pdfTextLines(await appendCertificatePage(pdf, { ...certificate(), seal }), 4);
    expect(rows).toContain("Sealing certificate CN=Signet sealing, O=Example Ltd");
    expect(rows).toContain(`Sealing certificate SHA-256 fingerprint ${"b".repeat(64)}`);
    expect(t).toContain(
      "B-LT (signature with a timestamp, and the certificates and revocation data to validate it inside the file)",
    );
    expect(rows).toContain("Timestamp authority Example TSA");
    expect(t).toContain(
      "Timestamp: from Example TSA at sealing; the exact time is inside the signature. The authority's clock read 2026-11-22 12:00:00 UTC when sealing began.",
    );
    expect(text).not.toContain("PAdES level"); // no seal given, no seal section
  });

  it("prints every time in the request's zone with its offset, to the second, and in UTC", async () => {
    const t = await pdfTextLines(
      await appendCertificatePage(pdf, {
        ...certificate([{ ...zoe, signedAt: "2026-11-22T23:30:05.123Z" }]),
        timeZone: "Asia/Tokyo",
        sealedAt: "2026-11-22T15:00:01.999Z",
      }),
      4,
    );
    expect(t).toContain("Time zone: Asia/Tokyo (each time in this zone, then in UTC)");
    expect(t).toContain("Sealed by Signet on 2026-11-23 00:00:01 +09:00 (2026-11-22 15:00:01 UTC)");
    expect(t).toContain("Sent at 2026-11-22 18:00:00 +09:00 (2026-11-22 09:00:00 UTC)");
    expect(t).toContain("Signed at 2026-11-23 08:30:05 +09:00 (2026-11-22 23:30:05 UTC)");
    // No milliseconds anywhere, no ISO 8601 "T…Z".
    expect(t).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d|\dT\d{2}:/);
  });

  it("says what each role did: an approver approved, a viewer viewed (one time, not two)", async () => {
    const t = await pdfTextLines(
      await appendCertificatePage(
        pdf,
        certificate([
          { ...zoe, name: "Ada Approver", role: "APPROVER", signature: undefined, initials: undefined },
          { ...ivan, name: "Vic Viewer", role: "VIEWER", signedAt: ivan.viewedAt, signature: undefined },
        ]),
      ),
      4,
    );
    expect(t).toContain("zoe@example.com · Approver · Order 1");
    expect(t).toContain("Approved at 2026-11-22 10:15:00 UTC");
    expect(t).toContain("ivan@example.org · Viewer · Order 2");
    expect(t.match(/Viewed at/g)).toHaveLength(2); // Ada's, and Vic's act
    expect(t).not.toMatch(/Signed at|Signature|Initials/);
  });

  it("cuts a browser it cannot name to one line", async () => {
    const long = `CustomAgent/1.0 ${"(with a very long tail of details) ".repeat(8)}`;
    const t = await pdfTextLines(await appendCertificatePage(pdf, certificate([{ ...ivan, userAgent: long }])), 4);
    expect(t).toMatch(/User agent CustomAgent\/1\.0 \(with a very long tail[^\n]*…\n/);
  });

  it("fits four signers with their marks on one page, with everything else the certificate prints", async () => {
    const four = await appendCertificatePage(pdf, everything([1, 2, 3, 4].map(signer).concat(carol)), { sandbox: true });
    expect((await PDFDocument.load(four)).getPageCount()).toBe(4);
    const t = await pdfTextLines(four, 4);
    for (let n = 1; n <= 4; n++) expect(t).toContain(`signer.${n}@example.com`);
    expect(t).toContain("Carol Copy");
    expect(t).toContain(`Document as sent for signing SHA-256 ${"c".repeat(64)}`);
    expect(t).toContain("The authority's clock read");
    expect(t).toContain("page 1 of 1");
    expect((await pdfimagesList(four)).filter((i) => i.page === 4 && i.type === "image")).toHaveLength(8);
  });

  it("runs onto more pages when there are more recipients, never splitting one, numbering the pages", async () => {
    const many = await appendCertificatePage(pdf, everything([1, 2, 3, 4, 5, 6, 7, 8, 9].map(signer)), { sandbox: true });
    const pages = (await PDFDocument.load(many)).getPageCount() - 3;
    expect(pages).toBeGreaterThan(1);
    for (let p = 4; p <= 3 + pages; p++) {
      const t = await pdfTextLines(many, p);
      expect(t).toContain(SANDBOX_LINE);
      expect(t).toContain(`page ${p - 3} of ${pages}`);
      // Each signer on this page has their whole block here: from the name to the browser.
      for (const [, n] of t.matchAll(/Signer Number (\d)/g)) {
        const block = t.slice(t.indexOf(`Signer Number ${n}`));
        expect(block).toMatch(
          new RegExp(`signer\\.${n}@example\\.com[\\s\\S]*?Signed at[\\s\\S]*?User agent Chrome 131 on Linux`),
        );
      }
    }
    const all = await pdftotext(many);
    for (let n = 1; n <= 9; n++) expect(all.match(new RegExp(`Signer Number ${n}\\b`, "g"))).toHaveLength(1);
    expect(await pageText(many, 3 + pages)).toContain("Seal");
  });
});
