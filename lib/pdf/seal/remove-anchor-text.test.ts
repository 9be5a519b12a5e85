import { beforeAll, describe, expect, it } from "vitest";
import { pdftotext, renderPage, type RenderedPage } from "../../../test/support/pdf-fixtures";
import { anchorNamed, anchorOverTextPdf, withRotatedPage2 } from "../../../test/support/anchor-fixtures";
import { agreementPdf, anchorsOf, SIGNATURE_PNG } from "../../../test/support/seal-fixtures";
import type { FoundAnchor } from "../anchors";
import { drawFieldValues, removeAnchorText, type FieldToDraw } from "./draw-values";

// The signers' copy: the seal's removal of the anchor text alone. Drawing the values into
// that copy must give what the seal gave when it removed the text itself, so that the signer is shown
// exactly the sealed document without its values.

/** Pixels that differ between two renderings of a page, sampled every 2 points. */
function differingPixels(a: RenderedPage, b: RenderedPage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let y = 0; y < a.height; y += 2) for (let x = 0; x < a.width; x += 2) if (a.rgb(x, y).join() !== b.rgb(x, y).join()) n++;
  return n;
}

describe("removeAnchorText", () => {
  let pdf: Uint8Array;
  let anchors: FoundAnchor[];
  beforeAll(async () => {
    ({ pdf, anchors } = await withRotatedPage2(agreementPdf));
  });

  it("removes every token's glyphs and keeps the rest of their lines", async () => {
    const copy = await removeAnchorText(pdf, anchors);
    expect(copy.refusedCovers).toEqual([]);
    expect(copy.removedGlyphs.every((n) => n > 0)).toBe(true);
    const text = await pdftotext(copy.pdf);
    expect(text).not.toContain("{{");
    for (const kept of ["Sign here:", "keep this text", "and this too", "after the anchor", "Third page without fields."])
      expect(text).toContain(kept);
    // Deterministic: two instances making the copy of one version make the same bytes.
    expect(Buffer.from((await removeAnchorText(pdf, anchors)).pdf).equals(Buffer.from(copy.pdf))).toBe(true);
  });

  it("values drawn into the copy give what the seal's own removal gave: same text, same pixels", async () => {
    const sig = anchorNamed(anchors, "{{s1|signature|150|50}}");
    const date = anchorNamed(anchors, "{{s1|date}}");
    const fields: FieldToDraw[] = [
      { page: 1, x: sig.x, y: sig.y, width: 150, height: 50, type: "SIGNATURE", value: { kind: "image", bytes: SIGNATURE_PNG } },
      { page: 1, x: date.x, y: date.y, width: 100, height: 20, type: "DATE", value: { kind: "text", text: "2030-01-31" } },
    ];
    const atOnce = await drawFieldValues(pdf, fields, { cover: anchors, sandbox: true });
    const fromCopy = await drawFieldValues((await removeAnchorText(pdf, anchors)).pdf, fields, { sandbox: true });
    expect(await pdftotext(fromCopy)).toBe(await pdftotext(atOnce));
    for (const page of [1, 2, 3])
      expect(differingPixels(await renderPage(fromCopy, page), await renderPage(atOnce, page))).toBe(0);
  });

  it("leaves a token drawn over other text as the seal leaves it (refused), and removes the fair one", async () => {
    const hostile = await anchorOverTextPdf();
    const cover = await anchorsOf(hostile);
    const copy = await removeAnchorText(hostile, cover);
    expect(copy.refusedCovers.map((i) => cover[i]?.text)).toEqual(["{{s1|date}}"]);
    const text = await pdftotext(copy.pdf);
    for (const kept of ["I do NOT accept", "Signature:", "here", "{{s1|date}}"]) expect(text).toContain(kept);
    expect(text).not.toContain("{{s1|signature}}");
    const sealedWay = await pdftotext(await drawFieldValues(hostile, [], { cover }));
    expect(text).toBe(sealedWay);
  });
});
