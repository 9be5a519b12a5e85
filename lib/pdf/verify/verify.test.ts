import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { PDFDocument, PDFName, PDFString, rgb } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { beforeAll, describe, expect, it } from "vitest";
import { firstOf, itemAt, take } from "../../../test/support/expect-helpers";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import { PdfError } from "../errors";
import { createSelfSignedP12, sealDocument, signPdf } from "../seal";
import { loadIdentity } from "../seal/cades-signer";
import { snapshotObjects, writeIncrementalUpdate } from "../seal/incremental";
import { addSignatureField, addSignatureValue } from "../seal/placeholder";
import { OID, parseSignedData } from "./cms";
import { makeTsa, sha256, timestampToken, type Tsa } from "../../../test/support/test-tsa";
import { decideVerdict, verifyPdf, type PdfVerification } from "./index";

// ---- PDFs ----

/** The /Contents gap of the last signature: [start of '<', end after '>']. */
function lastGap(pdf: Uint8Array): [number, number] {
  const text = Buffer.from(pdf).toString("latin1");
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const m = all.at(-1)!;
  return [Number(m[2]), Number(m[3])];
}

/** B-T: the seal's CMS with a signature time-stamp token added as an unsigned attribute, in place. */
async function addSignatureTimestamp(pdf: Uint8Array, tsa: Tsa, genTime: Date): Promise<Uint8Array> {
  const [a, b] = lastGap(pdf);
  const hex = Buffer.from(pdf.subarray(a + 1, b - 1)).toString("latin1");
  const sd = parseSignedData(new Uint8Array(Buffer.from(hex, "hex")));
  const si = firstOf(sd.signerInfos);
  const token = await timestampToken(tsa, new Uint8Array(si.signature.valueBlock.valueHexView), genTime);
  si.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [asn1js.fromBER(token).result] })],
  });
  const der = Buffer.from(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: sd.toSchema(true) }).toSchema().toBER(false),
  );
  const filled = der.toString("hex").padEnd(b - a - 2, "0");
  if (filled.length !== b - a - 2) throw new Error("the time-stamped CMS does not fit the placeholder");
  const out = new Uint8Array(pdf);
  out.set(Buffer.from(filled, "latin1"), a + 1);
  return out;
}

/** B-LT: a /DSS with the given certificates, added by incremental update. */
async function addDss(pdf: Uint8Array, certs: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  const ctx = doc.context;
  const refs = certs.map((c) => ctx.register(ctx.flateStream(c)));
  doc.catalog.set(PDFName.of("DSS"), ctx.register(ctx.obj({ Type: "DSS", Certs: refs })));
  return (await writeIncrementalUpdate(pdf, doc, snap))!;
}

class TimestampSigner extends Signer {
  constructor(private readonly tsa: Tsa) {
    super();
  }
  async sign(covered: Buffer): Promise<Buffer> {
    return Buffer.from(await timestampToken(this.tsa, covered, new Date()));
  }
}

/** B-LTA: a document time-stamp (SubFilter ETSI.RFC3161) over the whole file, by incremental update. */
async function addDocumentTimestamp(pdf: Uint8Array, tsa: Tsa): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  // Written as other tools write one: a /Type /Sig dictionary with the timestamp's SubFilter, and a widget with an appearance.
  const value = addSignatureValue(doc, {
    type: "Sig",
    subFilter: "ETSI.RFC3161",
    contentsBytes: 4096,
    entries: { Reason: PDFString.of(""), M: PDFString.fromDate(new Date()), Name: PDFString.of("") },
  });
  addSignatureField(doc, { value, name: "Signature1", appearance: true });
  const prepared = (await writeIncrementalUpdate(pdf, doc, snap))!;
  return new Uint8Array(await new SignPdf().sign(Buffer.from(prepared), new TimestampSigner(tsa)));
}

async function appendChange(pdf: Uint8Array, change: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  await change(doc);
  return (await writeIncrementalUpdate(pdf, doc, snap))!;
}

const certificate = {
  requestId: "sr_verify_test",
  title: "Verify test",
  environment: "PRODUCTION",
  recipients: [
    {
      name: "Vera Verifier",
      email: "vera@example.com",
      role: "SIGNER",
      order: 1,
      signedAt: "2026-11-22T10:00:00.000Z",
    },
  ],
};

describe("verifyPdf", () => {
  let sealed: Uint8Array;
  /** The sealing certificate, and the test authority's certificate in the trust list. */
  let ours: { sealingP12: { p12: Uint8Array; password: string }; trustedCertificates: Uint8Array[] };
  let tsa: Tsa;

  beforeAll(async () => {
    const id = testP12();
    tsa = await makeTsa();
    ours = {
      sealingP12: { p12: id.p12, password: id.password },
      trustedCertificates: [new Uint8Array(tsa.cert.toSchema().toBER(false))],
    };
    const result = await sealDocument(await simplePdf([{ text: "Verify me" }, { text: "Page two" }]), {
      fields: [],
      certificate,
      ...id,
    });
    sealed = result.sealed;
  });

  it("a sealed PDF: valid, whole file covered, digest and signature checked, our certificate, B-B", async () => {
    const v = await verifyPdf(sealed, ours);
    expect(v.verdict).toBe("VALID");
    expect(v.signed).toBe(true);
    expect(v.signatures).toHaveLength(1);
    const s = firstOf(v.signatures);
    expect(s).toMatchObject({
      kind: "signature",
      subFilter: "ETSI.CAdES.detached",
      byteRangeValid: true,
      coversWholeFile: true,
      bytesAfter: 0,
      digestMatches: true,
      signatureVerifies: true,
      isSealingCertificate: true,
      signingCertificateAttribute: "v2",
      level: "B-B",
      timestamp: null,
    });
    expect(s.signer?.subject).toBe("CN=Signet test sealing, O=Signet");
    expect(s.signer?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(s.revisionSha256).toBe(v.sha256);
    expect(v.modifications).toEqual([]);
    expect(s.problems).toEqual([]);
  });

  it("one byte changed in the signed bytes: altered (digest mismatch)", async () => {
    const bad = new Uint8Array(sealed);
    bad[200] = itemAt(bad, 200) ^ 0x01;
    const v = await verifyPdf(bad, ours);
    expect(v.verdict).toBe("ALTERED");
    expect(firstOf(v.signatures).digestMatches).toBe(false);
    expect(firstOf(v.signatures).signatureVerifies).toBe(true); // the CMS itself is intact
    expect(v.reasons.join(" ")).toMatch(/digest differs/);
  });

  it("bytes appended after the seal: altered, whether junk or an incremental update that changes a page", async () => {
    const junk = new Uint8Array([...sealed, ...Buffer.from("\n% appended\n")]);
    let v = await verifyPdf(junk, ours);
    expect(v.verdict).toBe("ALTERED");
    expect(firstOf(v.signatures)).toMatchObject({ coversWholeFile: false, bytesAfter: 12, digestMatches: true });
    expect(v.reasons.join(" ")).toMatch(/not an incremental update/);

    const drawn = await appendChange(sealed, (doc) => {
      doc.getPage(0).drawRectangle({ x: 60, y: 60, width: 200, height: 40, color: rgb(1, 1, 1) });
    });
    v = await verifyPdf(drawn, ours);
    expect(v.verdict).toBe("ALTERED");
    expect(firstOf(v.signatures).digestMatches).toBe(true);
    expect(v.modifications.join(" ")).toMatch(/Page 1 \(object \d+\): its \/Contents changed/);

    const annotated = await appendChange(sealed, (doc) => {
      const ctx = doc.context;
      const note = ctx.register(
        ctx.obj({ Type: "Annot", Subtype: "FreeText", Rect: [50, 50, 300, 90], Contents: "PAID", DA: "/Helv 12 Tf 0 g" }),
      );
      doc.getPage(0).node.addAnnot(note);
    });
    v = await verifyPdf(annotated, ours);
    expect(v.verdict).toBe("ALTERED");
    expect(v.modifications.join(" ")).toMatch(/Annotations were added/);
  });

  it("an update that only points an object back at its older version is seen", async () => {
    // The xref of the update names the catalog at its offset in the signed bytes: no object changes.
    const text = Buffer.from(sealed).toString("latin1");
    const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
    const rootNum = Number(/\/Root (\d+) 0 R/.exec(text.slice(prev))![1]);
    const rootAt = text.indexOf(`\n${rootNum} 0 obj`) + 1;
    const size = Number(/\/Size (\d+)/.exec(text.slice(prev))![1]);
    const xrefAt = sealed.length;
    const update = `xref\n${rootNum} 1\n${String(rootAt).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${size} /Root ${rootNum} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const v = await verifyPdf(new Uint8Array([...sealed, ...Buffer.from(update, "latin1")]), ours);
    expect(v.verdict).toBe("ALTERED");
    expect(v.modifications.join(" ")).toMatch(/points object \d+ back at an older version/);
  });

  it("hostile signatures: a garbage CMS, a byte range that leaves out something else", async () => {
    const [a, b] = lastGap(sealed);
    const garbage = new Uint8Array(sealed);
    garbage.set(Buffer.from("30820fff" + "ab".repeat((b - a - 2 - 8) / 2), "latin1"), a + 1);
    let v = await verifyPdf(garbage, ours);
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(firstOf(v.signatures)).toMatchObject({
      byteRangeValid: true,
      digestMatches: false,
      signatureVerifies: false,
      signer: null,
    });
    expect(firstOf(v.signatures).problems.join(" ")).toMatch(/CMS could not be read/);

    // The same byte range text, moved by one byte: its gap no longer is this /Contents.
    const text = Buffer.from(sealed).toString("latin1");
    const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
    const moved = m[0].replace(` ${m[1]} `, ` ${Number(m[1]) - 1} `).replace(` ${m[2]} `, ` ${Number(m[2]) - 1} `);
    expect(moved.length).toBe(m[0].length);
    const shifted = new Uint8Array(sealed);
    shifted.set(Buffer.from(moved, "latin1"), m.index);
    v = await verifyPdf(shifted, ours);
    expect(v.verdict).toBe("ALTERED");
    expect(firstOf(v.signatures).byteRangeValid).toBe(false);
    expect(v.reasons.join(" ")).toMatch(/ByteRange/);
  });

  it("an unsigned PDF: not sealed by this service", async () => {
    const v = await verifyPdf(await simplePdf(), ours);
    expect(v).toMatchObject({ signed: false, signatures: [], verdict: "NOT_SEALED_BY_SERVICE", seal: null });
  });

  it("a PDF signed by another certificate: its signature verifies, but it is not this service's", async () => {
    const other = createSelfSignedP12("Someone Else");
    const signed = await signPdf(await simplePdf(), { ...other, reason: "Mine" });
    const v = await verifyPdf(signed, ours);
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(firstOf(v.signatures)).toMatchObject({
      digestMatches: true,
      signatureVerifies: true,
      isSealingCertificate: false,
      coversWholeFile: true,
    });
    expect(firstOf(v.signatures).signer?.subject).toContain("CN=Someone Else");
    expect(v.reasons[0]).toContain("CN=Someone Else");
    // On the server's record (the certificate since replaced), the same file counts as sealed here.
    expect(decideVerdict(v, { onRecord: true }).verdict).toBe("VALID");
  });

  it("bytes that are not a PDF are refused", async () => {
    await expect(verifyPdf(new Uint8Array(Buffer.from("hello, not a pdf")), ours)).rejects.toSatisfy(
      (e: unknown) => e instanceof PdfError && e.kind === "NOT_PDF",
    );
  });

  describe("PAdES levels (time-stamps made here with pkijs)", () => {
    let bt: Uint8Array;
    let blt: Uint8Array;
    let blta: Uint8Array;
    const genTime = new Date("2026-11-22T10:00:05.000Z");

    beforeAll(async () => {
      bt = await addSignatureTimestamp(sealed, tsa, genTime);
      const id = testP12();
      const signerDer = loadIdentity(id.p12, id.password).chain[0];
      blt = await addDss(bt, [signerDer, new Uint8Array(tsa.cert.toSchema().toBER(false))]);
      blta = await addDocumentTimestamp(blt, tsa);
    });

    it("B-T: the signature time-stamp's time and authority, and the seal still valid", async () => {
      const v = await verifyPdf(bt, ours);
      expect(v.verdict).toBe("VALID");
      const s = firstOf(v.signatures);
      expect(s).toMatchObject({ digestMatches: true, signatureVerifies: true, level: "B-T" });
      expect(s.timestamp).toEqual({
        genTime: genTime.toISOString(),
        tsa: "CN=Verify Test TSA, O=Test Authority",
        verified: true,
        trusted: true,
      });
    });

    it("the same time-stamps from an authority not in the trust list: verified, untrusted, no level raised", async () => {
      const untrusting = { sealingP12: ours.sealingP12 };
      let v = await verifyPdf(bt, untrusting);
      expect(v.verdict).toBe("VALID");
      expect(firstOf(v.signatures)).toMatchObject({ level: "B-B", timestamp: { verified: true, trusted: false } });
      expect(v.reasons.join(" ")).toMatch(
        /The seal has a time-stamp \(CN=Verify Test TSA, O=Test Authority\), but its authority is not one this service trusts; its time is not vouched for/,
      );
      // B-LTA's document time-stamp neither: the /DSS stays, the level is B-B.
      v = await verifyPdf(blta, untrusting);
      expect(v).toMatchObject({ verdict: "VALID", modifications: [] });
      expect(firstOf(v.signatures).level).toBe("B-B");
      expect(itemAt(v.signatures, 1)).toMatchObject({
        signatureVerifies: true,
        signerTrusted: false,
        timestamp: { trusted: false },
      });
    });

    it("a time-stamp over something else does not count", async () => {
      const [a] = lastGap(bt);
      const broken = new Uint8Array(bt);
      // The last hex digits of the CMS are the token's signature: flip one.
      const hex = Buffer.from(bt.subarray(a + 1, lastGap(bt)[1] - 1))
        .toString("latin1")
        .replace(/0+$/, "");
      const at = a + hex.length - 4;
      broken[at] = broken[at] === 0x30 ? 0x31 : 0x30;
      const v = await verifyPdf(broken, ours);
      expect(firstOf(v.signatures).timestamp?.verified).toBe(false);
      expect(firstOf(v.signatures).level).toBe("B-B");
      expect(v.verdict).toBe("VALID"); // the unsigned attribute is outside what the seal signs
    });

    it("B-LT: a /DSS added after the seal is allowed, and counted", async () => {
      const v: PdfVerification = await verifyPdf(blt, ours);
      expect(v.modifications).toEqual([]);
      expect(v.verdict).toBe("VALID");
      expect(v.dss).toEqual({ certificates: 2, ocsps: 0, crls: 0, includesSigner: true });
      expect(firstOf(v.signatures)).toMatchObject({ level: "B-LT", coversWholeFile: false, digestMatches: true });
      expect(firstOf(v.signatures).bytesAfter).toBeGreaterThan(0);
    });

    it("B-LTA: a document time-stamp over the DSS", async () => {
      const v = await verifyPdf(blta, ours);
      expect(v.modifications).toEqual([]);
      expect(v.verdict).toBe("VALID");
      expect(v.signatures).toHaveLength(2);
      expect(v.seal).toBe(1);
      expect(firstOf(v.signatures).level).toBe("B-LTA");
      expect(itemAt(v.signatures, 1)).toMatchObject({
        kind: "document-timestamp",
        subFilter: "ETSI.RFC3161",
        coversWholeFile: true,
        digestMatches: true,
        signatureVerifies: true,
      });
      expect(itemAt(v.signatures, 1).timestamp?.tsa).toBe("CN=Verify Test TSA, O=Test Authority");
    });

    it("B-LTA with a byte changed under the document time-stamp: altered", async () => {
      const bad = new Uint8Array(blta);
      // A digit of the time-stamp dictionary's /M: inside what the document time-stamp covers.
      const at = Buffer.from(blta).indexOf("/M (D:", blt.length, "latin1") + 8;
      bad[at] = bad[at] === 0x31 ? 0x32 : 0x31;
      const v = await verifyPdf(bad, ours);
      expect(v.verdict).toBe("ALTERED");
      expect(itemAt(v.signatures, 1).digestMatches).toBe(false);
    });
  });

  it("reads the seal job's own B-T, B-LT and B-LTA output (lib/pdf/seal: timestamp.ts, validation-data.ts)", async () => {
    const { addValidationData, fillDocumentTimestamp, prepareDocumentTimestamp, timestampSignature } = await import("../seal");
    const { signatureTimestampToken } = await import("../seal/timestamp");
    const genTime = new Date("2026-11-23T08:00:00.000Z");
    const { imprint } = signatureTimestampToken(sealed);
    // The token imprints the signature value's digest: give the TSA the value itself (it hashes).
    const sd = parseSignedData(
      new Uint8Array(
        Buffer.from(Buffer.from(sealed.subarray(lastGap(sealed)[0] + 1, lastGap(sealed)[1] - 1)).toString("latin1"), "hex"),
      ),
    );
    const value = new Uint8Array(firstOf(sd.signerInfos).signature.valueBlock.valueHexView);
    expect(Buffer.from(sha256(value)).equals(Buffer.from(imprint))).toBe(true);
    const bt = timestampSignature(sealed, await timestampToken(tsa, value, genTime));
    const id = testP12();
    const blt = await addValidationData(bt, {
      certificates: [loadIdentity(id.p12, id.password).chain[0], new Uint8Array(tsa.cert.toSchema().toBER(false))],
      ocsps: [],
      crls: [],
    });
    const prepared = await prepareDocumentTimestamp(blt, 8192);
    // The document time-stamp's token imprints the digest of its byte ranges: stamp those bytes.
    const [, a, b, c] = take(
      (
        /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(Buffer.from(prepared.pdf).toString("latin1").slice(blt.length)) ??
        []
      )
        .slice(1)
        .map(Number),
      4,
      "the document time-stamp's /ByteRange",
    );
    const covered = Buffer.concat([prepared.pdf.subarray(0, a), prepared.pdf.subarray(b, b + c)]);
    const blta = fillDocumentTimestamp(prepared.pdf, await timestampToken(tsa, covered, new Date()));
    for (const [pdf, level] of [
      [bt, "B-T"],
      [blt, "B-LT"],
      [blta, "B-LTA"],
    ] as const) {
      const v = await verifyPdf(pdf, ours);
      expect({ level, verdict: v.verdict, got: firstOf(v.signatures).level, modifications: v.modifications }).toEqual({
        level,
        verdict: "VALID",
        got: level,
        modifications: [],
      });
      expect(firstOf(v.signatures).timestamp).toMatchObject({ genTime: genTime.toISOString(), verified: true });
    }
  });
});
