// A PDF signed by two people one after the other: the second signature (its field, a visible widget, its
// appearance and font, the form and the page listing it) is signing again, not a change to what the first
// signer signed. Its hostile twins (the same update also repaints the page, adds a note, or gives the
// widget an action) still are, and after this service's seal a later signature still alters the seal.
import { beforeAll, describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRef, PDFString, rgb } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { take } from "../../../test/support/expect-helpers";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import { buildCms, makeSigner, signedWith, type CmsOptions, type TestSigner } from "../../../test/support/cms-signatures";
import { sealDocument } from "../seal";
import { snapshotObjects, writeIncrementalUpdate } from "../seal/incremental";
import { addSignatureField, addSignatureValue } from "../seal/placeholder";
import { verifyPdf } from "./index";

const CADES: CmsOptions = { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" } };

class CmsSigner extends Signer {
  constructor(private readonly fn: (covered: Buffer) => Uint8Array) {
    super();
  }
  async sign(covered: Buffer): Promise<Buffer> {
    return Buffer.from(this.fn(covered));
  }
}

type Twist = (doc: PDFDocument, widget: PDFRef) => void;

/**
 * `pdf` signed again by `signer` as signing tools do it: a new signature field whose widget is drawn on
 * page 1 (a form XObject with a font of its own), listed in the page's /Annots and the form's /Fields;
 * `twist` also changes something else in the same update (what a hostile twin adds).
 */
async function signAgain(pdf: Uint8Array, signer: TestSigner, twist?: Twist): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  const ctx = doc.context;
  const value = addSignatureValue(doc, {
    type: "Sig",
    subFilter: "ETSI.CAdES.detached",
    contentsBytes: 16_384,
    entries: { M: PDFString.fromDate(new Date()), Name: PDFString.of("Second signer") },
  });
  const widget = addSignatureField(doc, { value, name: `Signature${Date.now().toString(36)}` });
  const font = ctx.register(ctx.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: "WinAnsiEncoding" }));
  // The appearance draws the signer's name with a font of its own.
  const appearance = ctx.register(
    ctx.stream("BT /F1 12 Tf 10 20 Td (Signed by Bob) Tj ET", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 200, 50],
      Resources: { Font: { F1: font } },
    }),
  );
  const w = ctx.lookup(widget, PDFDict);
  w.set(PDFName.of("Rect"), ctx.obj([50, 50, 250, 100]));
  w.set(PDFName.of("AP"), ctx.obj({ N: appearance }));
  twist?.(doc, widget);
  const prepared = (await writeIncrementalUpdate(pdf, doc, snap))!;
  return new Uint8Array(
    await new SignPdf().sign(Buffer.from(prepared), new CmsSigner((c) => buildCms(signer, new Uint8Array(c), CADES))),
  );
}

describe("a later signature after a signature made elsewhere", () => {
  let alice: TestSigner;
  let bob: TestSigner;
  let signed: Uint8Array;

  beforeAll(async () => {
    alice = makeSigner("rsa", "Alice Elsewhere");
    bob = makeSigner("rsa", "Bob Elsewhere");
    signed = await signedWith(await simplePdf([{ text: "Pay 100 EUR" }]), alice, "ETSI.CAdES.detached", CADES);
  });

  it("two signatures one after the other: nothing was modified after the first, which names signature 2 as signed later", async () => {
    const v = await verifyPdf(await signAgain(signed, bob));
    const [first, second] = take(v.signatures, 2);
    expect(first).toMatchObject({ outcome: "PASSED", modificationsAfter: [], laterSignatures: [2] });
    expect(second).toMatchObject({ outcome: "PASSED", modificationsAfter: [], laterSignatures: [] });
    expect(v.reasons.join(" ")).not.toMatch(/changed after/);
  });

  it("three signatures: the first names both later ones, the second the third", async () => {
    const carol = makeSigner("rsa", "Carol Elsewhere");
    const v = await verifyPdf(await signAgain(await signAgain(signed, bob), carol));
    const [first, second, third] = take(v.signatures, 3);
    expect(first).toMatchObject({ modificationsAfter: [], laterSignatures: [2, 3] });
    expect(second).toMatchObject({ modificationsAfter: [], laterSignatures: [3] });
    expect(third).toMatchObject({ modificationsAfter: [] });
  });

  it("the later signature's appearance redrawn after it signed: not its own, so a modification after both signatures", async () => {
    const twice = await signAgain(signed, bob);
    const doc = await PDFDocument.load(twice, { updateMetadata: false });
    const snap = snapshotObjects(doc, twice);
    const ctx = doc.context;
    const widget = doc
      .getPage(0)
      .node.lookup(PDFName.of("Annots"), PDFArray)
      .asArray()
      .map((r) => ctx.lookup(r, PDFDict))
      .at(-1)!; // Bob's widget: the last one listed
    expect(widget.get(PDFName.of("Rect"))?.toString()).toBe("[ 50 50 250 100 ]");
    const red = ctx.register(ctx.stream("1 0 0 rg 0 0 200 50 re f", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 200, 50] }));
    widget.set(PDFName.of("AP"), ctx.obj({ N: red }));
    const v = await verifyPdf((await writeIncrementalUpdate(twice, doc, snap))!);
    const [first, second] = take(v.signatures, 2);
    expect(first.laterSignatures).toEqual([]);
    expect(first.modificationsAfter?.join(" | ")).toMatch(/is written after that signature's signed bytes/);
    expect(second.modificationsAfter?.join(" | ")).toMatch(
      /An annotation or form field \(object \d+\) changed after this signature/,
    );
  });

  it("a second signature whose update also repaints the page: still a modification after signature 1", async () => {
    const v = await verifyPdf(
      await signAgain(signed, bob, (doc) =>
        doc.getPage(0).drawRectangle({ x: 60, y: 600, width: 300, height: 80, color: rgb(1, 0, 0) }),
      ),
    );
    const [first] = take(v.signatures, 2);
    const after = first.modificationsAfter?.join(" | ");
    expect(after).toMatch(/Page 1 \(object \d+\): its \/Contents changed/);
    // The signature itself is signing again; only the repainting is named.
    expect(after).not.toMatch(/Another signature/);
    expect(v.reasons.join(" ")).toMatch(/changed after signature 1/);
  });

  it("a second signature whose update also adds a FreeText annotation: still a modification after signature 1", async () => {
    const v = await verifyPdf(
      await signAgain(signed, bob, (doc) => {
        const ctx = doc.context;
        const note = ctx.register(
          ctx.obj({
            Type: "Annot",
            Subtype: "FreeText",
            Rect: [60, 600, 360, 680],
            Contents: PDFString.of("Pay 1000 EUR"),
            DA: PDFString.of("/Helv 12 Tf 0 g"),
          }),
        );
        doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).push(note);
      }),
    );
    const [first] = take(v.signatures, 2);
    const after = first.modificationsAfter?.join(" | ");
    expect(after).toMatch(/Annotations were added to a page after this signature .*: object \d+ is neither/);
    expect(after).not.toMatch(/Another signature/);
    // Signature 2 was still added as a signature: a fact, beside the modification.
    expect(first.laterSignatures).toEqual([2]);
  });

  it("a second signature whose widget carries an action (/AA): still a modification after signature 1", async () => {
    const v = await verifyPdf(
      await signAgain(signed, bob, (doc, widget) => {
        const ctx = doc.context;
        const js = ctx.obj({ S: "JavaScript", JS: PDFString.of("app.alert('hi')") });
        ctx.lookup(widget, PDFDict).set(PDFName.of("AA"), ctx.obj({ E: js }));
      }),
    );
    const [first] = take(v.signatures, 2);
    const after = first.modificationsAfter?.join(" | ");
    expect(after).toMatch(/An action or script was added after this signature \(\/AA in object \d+\)/);
    expect(after).toMatch(/nor a later signature.s \(it has a \/AA entry\)/);
  });
});

describe("a later signature after this service's seal", () => {
  it("the seal is still ALTERED: another signature was added after it", async () => {
    const id = testP12();
    const { sealed } = await sealDocument(await simplePdf([{ text: "I accept" }]), {
      fields: [],
      certificate: {
        requestId: "sr_later_sig",
        title: "Later signature test",
        environment: "PRODUCTION",
        recipients: [{ name: "Ann", email: "ann@example.com", role: "SIGNER", order: 1 }],
      },
      ...id,
    });
    const v = await verifyPdf(await signAgain(sealed, makeSigner("rsa", "Mallory Elsewhere")), {
      sealingP12: { p12: id.p12, password: id.password },
    });
    expect(v.verdict).toBe("ALTERED");
    expect(v.modifications.join(" | ")).toMatch(/Another signature was added after the seal/);
    const seal = v.signatures.find((s) => s.index === v.seal)!;
    expect(seal.laterSignatures).toEqual([]);
  });
});
