import { describe, expect, it } from "vitest";
import { degrees, PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { decodeLayer, encodeLayerPart, joinLayerParts } from "./text-layer-codec";
import { extractTextLayer, type TextLayerPage } from "./text-layer";

const item = (str: string, charX: number[], extra: Record<string, unknown> = {}) => ({
  str,
  x: 10,
  y: 20,
  width: 30,
  height: 12,
  fontSize: 11,
  charX,
  ...extra,
});
const plain = (pages: readonly TextLayerPage[]) =>
  pages.map((p) => ({ ...p, items: p.items.map((it) => ({ ...it, charX: Array.from(it.charX) })) }));

describe("the stored text layer's bytes", () => {
  it("give back the layer a real PDF's pages make, read in parts or whole", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 4; i++) {
      const page = doc.addPage([612, 792]);
      page.drawText(`Page ${i + 1}: sign {{s1|signature}} here`, { x: 40, y: 700, size: 12, font });
      if (i === 2) page.setRotation(degrees(90));
    }
    const layer = await extractTextLayer(await doc.save());
    const whole = decodeLayer(joinLayerParts(layer.version, [encodeLayerPart(layer.pages)]));
    const parts = decodeLayer(
      joinLayerParts(layer.version, [
        encodeLayerPart(layer.pages.slice(0, 1)),
        encodeLayerPart([]),
        encodeLayerPart(layer.pages.slice(1)),
      ]),
    );
    expect(plain(whole.pages)).toEqual(plain(layer.pages));
    expect(parts).toEqual(whole);
    expect(whole.version).toBe(layer.version);
  });

  it("keep every offset to the hundredth, characters of two units and odd values included", () => {
    const pages = [
      { page: 1, width: 100, height: 100, rotation: 0, items: [item("a😀b", [0, 5.25, 5.25, -3.1]), item("é", [0.01])] },
      { page: 2, width: 100, height: 100, rotation: 90, items: [item("xy", [1e12, Number.NaN], { dir: 90 })] },
    ];
    const back = decodeLayer(joinLayerParts(4, [encodeLayerPart(pages)]));
    expect(back.pages.map((p) => p.items.map((it) => Array.from(it.charX)))).toEqual([
      [[0, 5.25, 5.25, -3.1], [0.01]],
      [[(2 ** 31 - 1) / 100, 0]],
    ]);
    expect(back.pages[1]!.items[0]!.dir).toBe(90);
  });

  it("are refused when they are not a layer of this format, or are cut", () => {
    const bytes = joinLayerParts(4, [
      encodeLayerPart([{ page: 1, width: 1, height: 1, rotation: 0, items: [item("abc", [0, 1, 2])] }]),
    ]);
    expect(() => decodeLayer(new TextEncoder().encode(`{"version":3,"pages":[]}`))).toThrow(/not a stored text layer/);
    expect(() => decodeLayer(bytes.subarray(0, bytes.length - 4))).toThrow(/fewer offsets/);
    expect(() => decodeLayer(bytes.subarray(0, bytes.length - 2))).toThrow(/cut short/);
    expect(() => decodeLayer(new Uint8Array([...bytes, 0, 0, 0, 0]))).toThrow(/more offsets/);
    expect(() => decodeLayer(bytes.subarray(0, 12))).toThrow(/cut short/);
  });
});
