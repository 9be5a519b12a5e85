import crypto from "node:crypto";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { itemAt } from "../../../test/support/expect-helpers";
import { pdfimagesList, pdftotext, pdfTextLines } from "../../../test/support/pdf-fixtures";
import { anchorNamed, withRotatedPage2 } from "../../../test/support/anchor-fixtures";
import { agreementPdf, pageText, pdfsig, qpdfCheck, SIGNATURE_PNG, testP12 } from "../../../test/support/seal-fixtures";
import type { FoundAnchor } from "../anchors";
import { sealDocument, SANDBOX_LINE, type FieldToDraw, type SealResult } from "./index";

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

describe("sealDocument: a two-signer agreement with a rotated page, in the sandbox", () => {
  let pdf: Uint8Array;
  let result: SealResult;
  let text: string;

  beforeAll(async () => {
    const rotated = await withRotatedPage2(agreementPdf);
    pdf = rotated.pdf;
    const anchors = rotated.anchors;
    const box = (a: FoundAnchor, width: number, height: number) => ({
      page: a.page,
      x: Math.min(a.x, 600),
      y: a.y,
      width,
      height,
    });
    const fields: FieldToDraw[] = [
      {
        ...box(anchorNamed(anchors, "{{s1|signature|150|50}}"), 150, 50),
        type: "SIGNATURE",
        value: { kind: "image", bytes: SIGNATURE_PNG },
      },
      { ...box(anchorNamed(anchors, "{{s1|date}}"), 100, 20), type: "DATE", value: { kind: "text", text: "2026-11-22" } },
      {
        ...box(anchorNamed(anchors, "{{s1|text|200|20}}"), 200, 20),
        type: "TEXT",
        value: { kind: "text", text: "Alice Example, Director" },
      },
      {
        ...box(anchorNamed(anchors, "{{s2|signature|150|50}}"), 150, 50),
        type: "SIGNATURE",
        value: { kind: "typed", text: "Bob Builder" },
      },
      {
        ...box(anchorNamed(anchors, "{{s2|initials}}"), 60, 30),
        type: "INITIAL",
        value: { kind: "image", bytes: SIGNATURE_PNG },
      },
      { ...box(anchorNamed(anchors, "{{s2|date}}"), 100, 20), type: "DATE", value: { kind: "text", text: "2026-11-23" } },
    ];
    result = await sealDocument(pdf, {
      fields,
      cover: anchors,
      sandbox: true,
      ...testP12(),
      certificate: {
        requestId: "sr_seal_test",
        title: "Mutual agreement",
        environment: "SANDBOX",
        originalSha256: "0".repeat(64),
        recipients: [
          {
            name: "Alice Example",
            email: "alice@example.com",
            role: "SIGNER",
            order: 1,
            signedAt: "2026-11-22T10:00:00.000Z",
            ip: "203.0.113.10",
            userAgent: "Mozilla/5.0 Alice",
            signature: { kind: "image", bytes: SIGNATURE_PNG },
          },
          {
            name: "Bob Builder",
            email: "bob@example.com",
            role: "SIGNER",
            order: 2,
            signedAt: "2026-11-23T10:00:00.000Z",
            ip: "203.0.113.20",
            userAgent: "Mozilla/5.0 Bob",
            signature: { kind: "typed", text: "Bob Builder" },
            initials: { kind: "image", bytes: SIGNATURE_PNG },
          },
        ],
      },
    });
    text = await pdftotext(result.sealed);
  });

  it("is signed over the whole file: pdfsig says valid and total, and a changed byte is a digest mismatch", async () => {
    const report = await pdfsig(result.sealed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    const bad = new Uint8Array(result.sealed);
    bad[10] = itemAt(bad, 10) ^ 0x01;
    expect(await pdfsig(bad)).toContain("Digest Mismatch");
    expect(await qpdfCheck(result.sealed)).toContain("No syntax or stream encoding errors");
  });

  it("returns hashes that match the bytes: the sealed file, and the sealed content as its prefix", () => {
    expect(result.sealedSha256).toBe(sha256(result.sealed));
    expect(result.originalSha256).toBe("0".repeat(64));
    expect(sha256(result.sealed.subarray(0, result.sealedContentLength))).toBe(result.sealedContentSha256);
    expect(result.sealedContentSha256).not.toBe(sha256(pdf));
  });

  it("holds the typed values and dates, and no anchor text", () => {
    for (const s of ["2026-11-22", "2026-11-23", "Alice Example, Director", "Bob Builder"]) expect(text).toContain(s);
    expect(text).not.toContain("{{");
    expect(text).not.toContain("}}");
    expect(text).toContain("keep this text");
  });

  it("appends the certificate with the request, the recipients and both hashes", async () => {
    const doc = await PDFDocument.load(result.sealed);
    expect(doc.getPageCount()).toBe(3 + result.certificatePages);
    expect(result.certificatePages).toBe(1);
    const cert = await pdfTextLines(result.sealed, 4);
    for (const s of [
      "Certificate of completion",
      "sr_seal_test",
      "alice@example.com · Signer · Order 1",
      "bob@example.com · Signer · Order 2",
      "IP address 203.0.113.20",
      "User agent Mozilla/5.0 Bob",
      "Signed at 2026-11-23 10:00:00 UTC",
    ]) {
      expect(cert).toContain(s);
    }
    expect(cert).toContain(`Original document SHA-256 ${"0".repeat(64)}`);
    expect(cert).toContain(`Document as sent for signing SHA-256 ${sha256(pdf)}`);
    expect(cert).toContain(`Sealed content SHA-256 ${result.sealedContentSha256}`);
    expect(cert).toContain(`${result.sealedContentLength} bytes`);
  });

  it("marks every page, the certificate included, with the sandbox line", async () => {
    for (let p = 1; p <= 3 + result.certificatePages; p++) expect(await pageText(result.sealed, p)).toContain(SANDBOX_LINE);
  });

  it("shows the signature images on the pages of their fields, and again on the certificate: one image object", async () => {
    const images = (await pdfimagesList(result.sealed)).filter((i) => i.type === "image");
    expect(images.map((i) => i.page).sort()).toEqual([1, 2, 4, 4]);
    expect(images.every((i) => i.width === 200 && i.height === 100)).toBe(true);
    expect(new Set(images.map((i) => i.object)).size).toBe(1);
  });

  it("draws Bob's typed signature on the certificate with the script font the document embedded, not a second copy", async () => {
    expect((await pageText(result.sealed, 4)).match(/Bob Builder/g)?.length).toBe(2); // his name, and his signature
    const raw = Buffer.from(result.sealed).toString("latin1");
    expect(raw.match(/\/FontFile3/g)).toHaveLength(1); // Dancing Script, embedded whole, once
  });
});

describe("sealDocument in production", () => {
  it("has no sandbox line, and defaults the original hash to the input's", async () => {
    const pdf = await agreementPdf();
    const result = await sealDocument(pdf, {
      fields: [
        { page: 3, x: 72, y: 200, width: 120, height: 20, type: "TEXT", value: { kind: "text", text: "Production value" } },
      ],
      ...testP12(),
      certificate: { requestId: "sr_prod", title: "T", environment: "PRODUCTION", recipients: [] },
    });
    const all = await pdftotext(result.sealed);
    expect(all).not.toContain("Sandbox");
    expect(all).toContain("Production value");
    expect(result.originalSha256).toBe(sha256(pdf));
    expect(all).toMatch(new RegExp(`Original document SHA-256\\s+${sha256(pdf)}`));
    expect(all).not.toContain("Document as sent for signing");
    expect(await pdfsig(result.sealed)).toContain("Signature is Valid.");
  });
});
