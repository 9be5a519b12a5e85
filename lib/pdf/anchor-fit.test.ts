import { beforeAll, describe, expect, it } from "vitest";
import { htmlToPdf, pdftotextWords, type PopplerWord } from "../../test/support/pdf-fixtures";
import { simplePdfText } from "../../test/support/simple-pdf";
import { layoutAnchorFields, type AnchorLayout } from "./anchor-fit";
import { findAllAnchors, type FoundAnchor } from "./anchors";
import { extractTextLayer, type TextLayer } from "./text-layer";

// A contract's signature block as Chromium prints it: 12-pt lines 16.8 pt apart, the short date anchor (the
// spec's 200 × 60 at 14 pt) on a line with text after it and a line below it.
const HTML = `<!doctype html><html><head><style>
  @page { size: 612pt 792pt; margin: 72pt; }
  body { margin: 0; font: 12pt "Liberation Sans", Helvetica, sans-serif; }
  p { margin: 0; line-height: 1.4; }
</style></head><body>
<p>Client signature: {{s1|signature|150|30}}</p>
<p>Date: {{s1|date}} (day of signing)</p>
<p>Thank you for your business.</p>
<p>Name: {{s1|name|120|12}} Title: {{s1|text|20|100|12|Title||f}}</p>
<p>Agree: {{s1|checkbox|14|14|Agree|f}}</p>
<p>Last line: {{s1|date}}</p>
</body></html>`;

describe("where anchored fields lie and the box that fits their line", () => {
  let layer: TextLayer;
  let found: FoundAnchor[];
  let words: PopplerWord[];
  let layout: (AnchorLayout | null)[];
  const at = (text: string, n = 0) => {
    const i = found.map((a, j) => [a.text, j] as const).filter(([t]) => t === text)[n]![1];
    return { a: found[i]!, l: layout[i]! };
  };
  const word = (text: string) => words.find((w) => w.text === text)!;

  beforeAll(async () => {
    const pdf = await htmlToPdf(HTML);
    layer = await extractTextLayer(pdf);
    found = findAllAnchors(layer);
    words = await pdftotextWords(pdf);
    layout = layoutAnchorFields(layer, found, []);
  }, 120_000);

  it("names the text the spec's date box covers: the rest of its line and the line below, not its own token", () => {
    const { a, l } = at("{{s1|date}}");
    expect(l.field).toEqual({ x: a.x, y: a.y, width: 200, height: 60, fontSize: 14 });
    // 60 pt is three and a half of these lines.
    expect(l.covers.text.map((t) => t.text)).toEqual([
      "(day of signing)",
      "Thank you for your business.",
      "Name: Title:",
      "Agree:",
    ]);
    // The boxes are poppler's words' (within 1 pt).
    const thank = l.covers.text[1]!;
    expect(Math.abs(thank.x - word("Thank").xMin)).toBeLessThan(1);
    expect(Math.abs(thank.y - word("Thank").yMin)).toBeLessThan(1);
    expect(l.covers.anchors).toEqual([
      "{{s1|signature|150|30}}",
      "{{s1|name|120|12}}",
      "{{s1|text|20|100|12|Title||f}}",
      "{{s1|checkbox|14|14|Agree|f}}",
    ]);
  });

  it("fits a date to its line: the line's height from the anchor's top, up to the next word, at the line's font size", () => {
    const { a, l } = at("{{s1|date}}");
    const date = word("Date:");
    expect(Math.abs(a.y + l.fit!.height - date.yMax)).toBeLessThan(1);
    expect(l.fit!.height).toBeLessThan(16.8);
    expect(Math.abs(a.x + l.fit!.width - (word("(day").xMin - 2))).toBeLessThan(1);
    expect(l.fit!.fontSize).toBe(12);
    // The fitted box covers nothing.
    const fitted = layoutAnchorFields(layer, found, [
      {
        id: "f-date",
        page: a.page,
        x: a.x,
        y: a.y,
        width: l.fit!.width,
        height: l.fit!.height,
        fontSize: l.fit!.fontSize,
        anchor: { text: a.text, page: a.page, x: a.x, y: a.y },
      },
    ]);
    const again = fitted[found.indexOf(a)]!;
    expect(again.field).toMatchObject({ placedFieldId: "f-date", width: l.fit!.width, height: l.fit!.height });
    expect(again.covers).toEqual({ text: [], anchors: [], fields: [] });
  });

  it("fits up to the page's margin when nothing follows on the line, and to the next anchor's token", () => {
    const last = at("{{s1|date}}", 1);
    // The left margin (72) mirrored: 612 - 72.
    expect(Math.abs(last.a.x + last.l.fit!.width - 540)).toBeLessThan(1);
    const name = at("{{s1|name|120|12}}");
    expect(Math.abs(name.a.x + name.l.fit!.width - (word("Title:").xMin - 2))).toBeLessThan(1);
    expect(name.l.covers.text.map((t) => t.text)).toEqual(["Title:"]);
  });

  it("fits a checkbox as a square of the line's height, a signature without a font size", () => {
    const box = at("{{s1|checkbox|14|14|Agree|f}}").l.fit!;
    expect(box.width).toBe(box.height);
    expect(box.fontSize).toBeUndefined();
    const sig = at("{{s1|signature|150|30}}");
    expect(sig.l.field).toEqual({ x: sig.a.x, y: sig.a.y, width: 150, height: 30 });
    expect(sig.l.covers.text.map((t) => t.text)).toEqual(["(day of signing)"]);
    expect(sig.l.fit).toMatchObject({ height: expect.any(Number), width: expect.any(Number) });
    expect(sig.l.fit!.fontSize).toBeUndefined();
  });

  it("names a stored field it overlaps, and stops the fitted box before a field beside it", () => {
    const { a } = at("{{s1|date}}", 1);
    const placed = { id: "f-loose", page: a.page, x: a.x + 100, y: a.y, width: 50, height: 12 };
    const l = layoutAnchorFields(layer, found, [placed])[found.indexOf(a)]!;
    expect(l.covers.fields).toEqual(["f-loose"]);
    expect(Math.abs(a.x + l.fit!.width - (placed.x - 2))).toBeLessThan(0.01);
  });

  it("keeps the line's font size where its glyph boxes are lower than the size (Helvetica: 14 pt in 12.95 pt)", async () => {
    const l2 = await extractTextLayer(await simplePdfText("Date: {{s1|date}} of signing"));
    const f2 = findAllAnchors(l2);
    const fit = layoutAnchorFields(l2, f2, [])[0]!.fit!;
    expect(fit.height).toBeLessThan(14);
    expect(fit.fontSize).toBe(14);
  });

  it("gives no layout to anchors that make no field", async () => {
    const pdf = await htmlToPdf(
      `<p style="font:12pt sans-serif">Logo: {{s1|image|100|50|Logo}} Old: {{signet:initials}} Bad: {{s1|date|1}}</p>`,
    );
    const l2 = await extractTextLayer(pdf);
    const f2 = findAllAnchors(l2);
    expect(f2).toHaveLength(3);
    expect(layoutAnchorFields(l2, f2, [])).toEqual([null, null, null]);
  });
});
