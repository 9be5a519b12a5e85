// A PDF signed elsewhere (not by this service) is given no verdict of its own, but what was changed after
// each of its signatures is named: a shadow attack (a change, then a signature over it) shows its signatures
// intact, and says the file changed after the first one.
import { beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import { firstOf, take } from "../../../test/support/expect-helpers";
import { simplePdf } from "../../../test/support/simple-pdf";
import { makeSigner, signedWith, type CmsOptions, type TestSigner } from "../../../test/support/cms-signatures";
import { snapshotObjects, writeIncrementalUpdate } from "../seal/incremental";
import { verifyPdf } from "./index";

const CADES: CmsOptions = { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" } };

/** An incremental update that paints a red box over page 1 (what a tamperer adds after a signature). */
async function repaint(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  doc.getPage(0).drawRectangle({ x: 60, y: 600, width: 300, height: 80, color: rgb(1, 0, 0) });
  return (await writeIncrementalUpdate(pdf, doc, snap))!;
}

describe("a PDF signed elsewhere: changes after each signature", () => {
  let alice: TestSigner;
  let mallory: TestSigner;
  let signed: Uint8Array;

  beforeAll(async () => {
    alice = makeSigner("rsa", "Alice Elsewhere");
    mallory = makeSigner("rsa", "Mallory Elsewhere");
    signed = await signedWith(await simplePdf([{ text: "Pay 100 EUR" }]), alice, "ETSI.CAdES.detached", CADES);
  });

  it("signed once and untouched: its signature PASSED, nothing changed after it, no word of a change", async () => {
    const v = await verifyPdf(signed);
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(firstOf(v.signatures)).toMatchObject({ outcome: "PASSED", modificationsAfter: [] });
    expect(v.reasons.join(" ")).not.toMatch(/changed after/);
  });

  it("a page repainted after the signature: the signature still verifies, and the change is named after it", async () => {
    const v = await verifyPdf(await repaint(signed));
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    const s = firstOf(v.signatures);
    expect(s.outcome).toBe("PASSED");
    expect(s.modificationsAfter?.length).toBeGreaterThan(0);
    expect(v.reasons.join(" ")).toMatch(/The file was changed after signature 1 \(CN=Alice Elsewhere\) was made/);
  });

  it("a shadow attack (a change, then a second signature over it): both verify; the change after signature 1 is named", async () => {
    const shadowed = await signedWith(await repaint(signed), mallory, "ETSI.CAdES.detached", CADES);
    const v = await verifyPdf(shadowed);
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(v.signatures).toHaveLength(2);
    const [first, second] = take(v.signatures, 2);
    expect(first.outcome).toBe("PASSED");
    expect(second.outcome).toBe("PASSED");
    // The last signature covers the whole file: the file-level list (after the seal) is empty…
    expect(second.modificationsAfter).toEqual([]);
    expect(v.modifications).toEqual([]);
    // …and the change after the first signature is named all the same.
    expect(first.modificationsAfter?.join(" ")).toMatch(/page 1's content stream/);
    expect(v.reasons.join(" ")).toMatch(/changed after signature 1 \(CN=Alice Elsewhere\)/);
  });
});
