import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFString } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { describe, expect, it } from "vitest";
import { defined } from "../../../test/support/expect-helpers";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { addSignatureField, addSignatureValue } from "./placeholder";

/** Signs with a fixed 100-byte "CMS", and keeps what it was given to sign. */
class FixedSigner extends Signer {
  covered?: Buffer;
  async sign(pdf: Buffer): Promise<Buffer> {
    this.covered = pdf;
    return Buffer.alloc(100, 0xab);
  }
}

/** A page whose /Annots is an indirect array holding a link, and a form whose /Fields is an indirect array holding a text field. */
async function formPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const ctx = doc.context;
  const link = ctx.register(ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [10, 10, 50, 20] }));
  const text = ctx.register(
    ctx.obj({ FT: "Tx", T: PDFString.of("name"), Type: "Annot", Subtype: "Widget", Rect: [60, 60, 160, 80] }),
  );
  page.node.set(PDFName.of("Annots"), ctx.register(ctx.obj([link, text])));
  doc.catalog.set(PDFName.of("AcroForm"), ctx.register(ctx.obj({ Fields: ctx.register(ctx.obj([text])) })));
  return doc.save({ useObjectStreams: false });
}

describe("signature placeholders", () => {
  it("add a field to the form and page 1 as they are, with room that @signpdf fills exactly", async () => {
    const base = await formPdf();
    const doc = await PDFDocument.load(base, { updateMetadata: false });
    const snap = snapshotObjects(doc, base);
    const value = addSignatureValue(doc, {
      type: "Sig",
      subFilter: "ETSI.CAdES.detached",
      contentsBytes: 1000,
      entries: { Reason: PDFString.of("Test") },
    });
    const widget = addSignatureField(doc, { value, name: "Signature1", appearance: true });

    const page = doc.getPage(0).node;
    expect(page.get(PDFName.of("Annots"))).toBeInstanceOf(PDFRef);
    expect(page.lookup(PDFName.of("Annots"), PDFArray).size()).toBe(3);
    const form = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict);
    expect(form.get(PDFName.of("Fields"))).toBeInstanceOf(PDFRef);
    expect(form.lookup(PDFName.of("Fields"), PDFArray).asArray().map(String)).toHaveLength(2);
    expect(form.lookup(PDFName.of("Fields"), PDFArray).get(1)).toBe(widget);
    expect(form.lookup(PDFName.of("SigFlags"), PDFNumber).asNumber()).toBe(3);
    const w = doc.context.lookup(widget, PDFDict);
    expect(w.get(PDFName.of("V"))).toBe(value);
    expect(w.lookup(PDFName.of("Rect"), PDFArray).asArray().map(String)).toEqual(["0", "0", "0", "0"]);
    expect(w.get(PDFName.of("P"))).toBe(doc.getPage(0).ref);
    expect(w.lookup(PDFName.of("AP"), PDFDict).get(PDFName.of("N"))).toBeInstanceOf(PDFRef);

    const prepared = defined(await writeIncrementalUpdate(base, doc, snap), "the update");
    const text = Buffer.from(prepared).toString("latin1");
    expect(text).toContain(
      `/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.CAdES.detached\n/ByteRange [ 0 /********** /********** /********** ]\n/Contents <${"0".repeat(2000)}>\n/Reason (Test)`,
    );

    const signer = new FixedSigner();
    const signed = await new SignPdf().sign(Buffer.from(prepared), signer);
    const range = defined(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(signed.toString("latin1")), "the byte range");
    const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
    expect([a, c + d]).toEqual([0, signed.length]);
    expect([signed[b], signed[c - 1]]).toEqual([0x3c, 0x3e]);
    expect(c - b).toBe(2000 + 2);
    expect(signed.subarray(b + 1, b + 201).toString("latin1")).toBe("ab".repeat(100));
    expect(Buffer.concat([signed.subarray(0, b), signed.subarray(c)]).equals(defined(signer.covered, "what was signed"))).toBe(
      true,
    );
  });

  it("make the form and the page's /Annots when the document has neither", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    const value = addSignatureValue(doc, { type: "DocTimeStamp", subFilter: "ETSI.RFC3161", contentsBytes: 10 });
    const widget = addSignatureField(doc, { value, name: "Timestamp" });
    expect(doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).asArray()).toEqual([widget]);
    const form = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict);
    expect(form.lookup(PDFName.of("Fields"), PDFArray).asArray()).toEqual([widget]);
    expect(form.lookup(PDFName.of("SigFlags"), PDFNumber).asNumber()).toBe(3);
    expect(doc.context.lookup(widget, PDFDict).has(PDFName.of("AP"))).toBe(false);
  });
});
