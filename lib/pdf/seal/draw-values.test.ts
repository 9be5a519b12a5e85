import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  htmlToPdf,
  pdfimagesList,
  pdftotext,
  pdftotextWords,
  renderPage,
  type PopplerWord,
} from "../../../test/support/pdf-fixtures";
import { firstOf, itemAt } from "../../../test/support/expect-helpers";
import { anchorNamed, withRotatedPage2 } from "../../../test/support/anchor-fixtures";
import { agreementPdf, anchorsOf, pageText, SIGNATURE_JPEG, SIGNATURE_PNG } from "../../../test/support/seal-fixtures";
import type { FoundAnchor } from "../anchors";
import { PdfError } from "../errors";
import { drawFieldValues, SANDBOX_LINE, type FieldToDraw, type PageBox } from "./draw-values";

const run = promisify(execFile);

async function pdffonts(pdf: Uint8Array): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdffonts-"));
  try {
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    const r = await run("pdffonts", [path.join(dir, "in.pdf")]);
    return r.stdout + r.stderr;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isBluish = ([r = 0, , b = 0]: number[]) => b - r > 60;
const isOrange = ([r = 0, , b = 0]: number[]) => r - b > 60;
const isWhite = ([r = 0, g = 0, b = 0]: number[]) => r > 245 && g > 245 && b > 245;

function wordAt(words: PopplerWord[], page: number, text: string): PopplerWord {
  const w = words.find((x) => x.page === page && x.text === text);
  if (!w)
    throw new Error(
      `"${text}" not found on page ${page}: ${words
        .filter((x) => x.page === page)
        .map((x) => x.text)
        .join(" ")}`,
    );
  return w;
}

/** A text value's first word starts at the box's left edge and is centred vertically in it. */
function expectAtBox(w: PopplerWord, box: PageBox): void {
  expect(Math.abs(w.xMin - box.x)).toBeLessThan(2);
  expect(Math.abs((w.yMin + w.yMax) / 2 - (box.y + box.height / 2))).toBeLessThan(2);
  expect(w.yMin).toBeGreaterThanOrEqual(box.y - 2);
  expect(w.yMax).toBeLessThanOrEqual(box.y + box.height + 2);
}

describe("drawFieldValues on a Chromium PDF whose page 2 is rotated by 90°", () => {
  let pdf: Uint8Array;
  let anchors: FoundAnchor[];
  let out: Uint8Array;
  let fields: FieldToDraw[];
  let words: PopplerWord[];

  beforeAll(async () => {
    ({ pdf, anchors } = await withRotatedPage2(agreementPdf));
    const sig1 = anchorNamed(anchors, "{{s1|signature|150|50}}");
    const date1 = anchorNamed(anchors, "{{s1|date}}");
    const name1 = anchorNamed(anchors, "{{s1|text|200|20}}");
    const sig2 = anchorNamed(anchors, "{{s2|signature|150|50}}");
    const date2 = anchorNamed(anchors, "{{s2|date}}");
    const ini2 = anchorNamed(anchors, "{{s2|initials}}");
    fields = [
      {
        page: 1,
        x: sig1.x,
        y: sig1.y,
        width: 150,
        height: 50,
        type: "SIGNATURE",
        value: { kind: "image", bytes: SIGNATURE_PNG },
      },
      { page: 1, x: date1.x, y: date1.y, width: 100, height: 20, type: "DATE", value: { kind: "text", text: "2026-11-22" } },
      {
        page: 1,
        x: name1.x,
        y: name1.y,
        width: 200,
        height: 20,
        type: "TEXT",
        value: { kind: "text", text: "Zoë Ångström-Иванова", fontSize: 11 },
      },
      // Page 2 is displayed in landscape; its anchors run down the page. Boxes are upright on the display.
      { page: 2, x: 300, y: sig2.y, width: 150, height: 50, type: "SIGNATURE", value: { kind: "image", bytes: SIGNATURE_JPEG } },
      { page: 2, x: 300, y: date2.y, width: 100, height: 20, type: "DATE", value: { kind: "text", text: "2026-11-23" } },
      {
        page: 2,
        x: 520,
        y: ini2.y,
        width: 120,
        height: 40,
        type: "INITIAL",
        value: { kind: "typed", text: "Jane Q. Doe-Smith" },
      },
    ];
    out = await drawFieldValues(pdf, fields, { cover: anchors, sandbox: true });
    words = await pdftotextWords(out);
  });

  it("removes every anchor from the text layer and keeps the other text of their lines", async () => {
    const before = await pdftotext(pdf);
    expect(before).toContain("{{s1|signature|150|50}}");
    const text = await pdftotext(out);
    expect(text).not.toContain("{{");
    expect(text).not.toContain("}}");
    for (const kept of [
      "Sign here:",
      "keep this text",
      "and this too",
      "Full name:",
      "end of line",
      "Countersign:",
      "after the anchor",
      "Initials:",
      "right",
      "tail",
    ]) {
      expect(text).toContain(kept);
    }
  });

  it("leaves the other glyphs exactly where they were, on upright and rotated pages", async () => {
    const original = await pdftotextWords(pdf);
    for (const [page, text] of [
      [1, "keep"],
      [1, "Sign"],
      [1, "too"],
      [2, "after"],
      [2, "tail"],
      [2, "Countersign:"],
    ] as const) {
      const a = wordAt(original, page, text);
      const b = wordAt(words, page, text);
      expect(Math.abs(a.xMin - b.xMin) + Math.abs(a.yMin - b.yMin) + Math.abs(a.xMax - b.xMax)).toBeLessThan(0.01);
    }
  });

  it("draws TEXT and DATE values at their boxes (pdftotext -bbox, within 2 pt), Unicode included", () => {
    expectAtBox(wordAt(words, 1, "2026-11-22"), itemAt(fields, 1));
    expectAtBox(wordAt(words, 1, "Zoë"), itemAt(fields, 2));
    expect(words.some((w) => w.page === 1 && w.text === "Ångström-Иванова")).toBe(true);
    expectAtBox(wordAt(words, 2, "2026-11-23"), itemAt(fields, 4));
  });

  it("draws typed initials in the shipped script font, inside their box, extractable", async () => {
    const jane = wordAt(words, 2, "Jane");
    const smith = wordAt(words, 2, "Doe-Smith");
    const box = itemAt(fields, 5);
    expect(jane.xMin).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(smith.xMax).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(jane.yMin).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(jane.yMax).toBeLessThanOrEqual(box.y + box.height + 0.5);
    const fonts = await pdffonts(out);
    expect(fonts).toMatch(/DancingScript\S*\s+CID Type 0C \(OT\)/);
    expect(fonts).not.toMatch(/Mismatch|Error/i);
  });

  it("puts each signature image on its page, scaled to fit with proportions kept and centred", async () => {
    const images = await pdfimagesList(out);
    expect(
      images
        .filter((i) => i.type === "image")
        .map((i) => i.page)
        .sort(),
    ).toEqual([1, 2]);
    // A 2:1 image in a 150 x 50 box is drawn 100 x 50, from x + 25 to x + 125.
    for (const f of [itemAt(fields, 0), itemAt(fields, 3)]) {
      const img = await renderPage(out, f.page);
      const mid = f.y + 25;
      expect(isBluish(img.rgb(f.x + 29, mid))).toBe(true);
      expect(isOrange(img.rgb(f.x + 121, mid))).toBe(true);
      expect(isWhite(img.rgb(f.x + 20, mid))).toBe(true);
      expect(isWhite(img.rgb(f.x + 130, mid))).toBe(true);
    }
  });

  it("prints the sandbox line on every page, upright and extractable", async () => {
    for (const p of [1, 2, 3]) expect(await pageText(out, p)).toContain(SANDBOX_LINE);
    const line = words.filter((w) => w.page === 2 && w.text === "Sandbox");
    expect(line).toHaveLength(1);
    // Upright on the landscape display: a horizontal word near the top edge.
    const word = firstOf(line);
    expect(word.yMin).toBeLessThan(20);
    expect(word.xMax - word.xMin).toBeGreaterThan(word.yMax - word.yMin);
  });

  it("without sandbox, no sandbox line", async () => {
    const plain = await drawFieldValues(pdf, fields.slice(0, 2), { cover: anchors });
    expect(await pdftotext(plain)).not.toContain("Sandbox");
  });
});

describe("drawFieldValues on rotated and cropped pages", () => {
  for (const deg of [180, 270] as const) {
    it(`places a value at its box on a page rotated by ${deg}° and removes its anchors`, async () => {
      const { pdf, anchors } = await withRotatedPage2(agreementPdf, deg);
      const date2 = anchorNamed(anchors, "{{s2|date}}");
      const box = { page: 2, x: Math.min(date2.x, 480), y: date2.y, width: 100, height: 20 };
      const out = await drawFieldValues(pdf, [{ ...box, type: "DATE", value: { kind: "text", text: "2030-01-31" } }], {
        cover: anchors,
      });
      expectAtBox(wordAt(await pdftotextWords(out), 2, "2030-01-31"), box);
      expect(await pdftotext(out)).not.toContain("{{");
    });
  }

  it("measures from the crop box when its origin is not (0, 0)", async () => {
    const doc = await PDFDocument.load(await agreementPdf());
    doc.getPage(2).setCropBox(40, 60, 480, 700);
    const pdf = await doc.save();
    const box = { page: 3, x: 50, y: 100, width: 160, height: 24 };
    const out = await drawFieldValues(pdf, [{ ...box, type: "TEXT", value: { kind: "text", text: "Cropped-value" } }]);
    expectAtBox(wordAt(await pdftotextWords(out), 3, "Cropped-value"), box);
  });

  it("shrinks a long TEXT value to fit its box instead of cutting it", async () => {
    const pdf = await agreementPdf();
    const box = { page: 3, x: 60, y: 200, width: 120, height: 30 };
    const text = "A rather long answer that cannot fit on one line at twelve points";
    const out = await drawFieldValues(pdf, [{ ...box, type: "TEXT", value: { kind: "text", text } }]);
    const inBox = (await pdftotextWords(out)).filter(
      (w) => w.page === 3 && w.yMin >= box.y - 1 && w.yMax <= box.y + box.height + 1,
    );
    expect(inBox.map((w) => w.text).join(" ")).toBe(text);
    for (const w of inBox) expect(w.xMax).toBeLessThanOrEqual(box.x + box.width + 0.5);
  });
});

describe("covering anchors that are not text this reader can remove", () => {
  it("paints a cover box white when it holds no text, and removes text drawn inside a shared form XObject only where covered", async () => {
    const src = await agreementPdf();
    const anchors = (await anchorsOf(src)).filter((a) => a.page === 1);
    // Two pages that draw page 1 of the agreement through one form XObject.
    const doc = await PDFDocument.create();
    const form = firstOf(await doc.embedPdf(src, [0]));
    for (let i = 0; i < 2; i++) doc.addPage([form.width, form.height]).drawPage(form);
    const pdf = await doc.save();
    const formAnchors = await anchorsOf(pdf);
    expect(formAnchors.filter((a) => a.page === 1)).toHaveLength(anchors.length);

    const blank = { page: 2, x: 300, y: 500, width: 40, height: 40 };
    const out = await drawFieldValues(pdf, [], { cover: [...formAnchors.filter((a) => a.page === 1), blank] });
    expect(await pageText(out, 1)).not.toContain("{{");
    expect(await pageText(out, 1)).toContain("keep this text");
    expect(await pageText(out, 2)).toContain("{{s1|signature|150|50}}");

    // A box over a coloured block (no text there): painted white.
    const html = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"><div style="position:absolute;left:100px;top:100px;width:200px;height:100px;background:#2040c0"></div></body></html>`;
    const block = await htmlToPdf(html);
    const covered = await drawFieldValues(block, [], { cover: [{ page: 1, x: 90, y: 90, width: 60, height: 40 }] });
    const img = await renderPage(covered, 1);
    expect(isWhite(img.rgb(110, 110))).toBe(true);
    expect(isBluish(img.rgb(200, 150))).toBe(true);
  });
});

describe("drawFieldValues refuses bad input with PdfError", () => {
  it("a box off the page is OUT_OF_PAGE, an image that is not PNG/JPEG is NOT_AN_IMAGE", async () => {
    const pdf = await agreementPdf();
    const kind = async (p: Promise<unknown>) =>
      p.then(
        () => "resolved",
        (e) => (e instanceof PdfError ? e.kind : String(e)),
      );
    expect(
      await kind(
        drawFieldValues(pdf, [
          { page: 4, x: 10, y: 10, width: 50, height: 20, type: "TEXT", value: { kind: "text", text: "x" } },
        ]),
      ),
    ).toBe("OUT_OF_PAGE");
    expect(
      await kind(
        drawFieldValues(pdf, [
          { page: 1, x: 500, y: 10, width: 200, height: 20, type: "TEXT", value: { kind: "text", text: "x" } },
        ]),
      ),
    ).toBe("OUT_OF_PAGE");
    expect(await kind(drawFieldValues(pdf, [], { cover: [{ page: 9, x: 1, y: 1, width: 1, height: 1 }] }))).toBe("OUT_OF_PAGE");
    expect(
      await kind(
        drawFieldValues(pdf, [
          {
            page: 1,
            x: 10,
            y: 10,
            width: 50,
            height: 20,
            type: "SIGNATURE",
            value: { kind: "image", bytes: new TextEncoder().encode("GIF89a not an image") },
          },
        ]),
      ),
    ).toBe("NOT_AN_IMAGE");
    expect(await kind(drawFieldValues(new TextEncoder().encode("hello"), []))).toBe("NOT_PDF");
  });

  it("accepts a cover box that sticks out of its page (text running off the edge), cutting it to the page", async () => {
    const pdf = await agreementPdf();
    const { width } = (await PDFDocument.load(pdf)).getPage(0).getSize();
    const out = await drawFieldValues(pdf, [], { cover: [{ page: 1, x: width - 20, y: -5, width: 60, height: 30 }] });
    expect(await pageText(out, 1)).toContain("Mutual agreement");
  });
});

describe("drawFieldValues: CHECKBOX, RADIO, DROPDOWN, NUMBER, NAME and EMAIL", () => {
  it("writes DROPDOWN, NUMBER, NAME and EMAIL as text in their boxes; a tick, an empty box, a dot and an empty circle as vector paths", async () => {
    const pdf = await (async () => {
      const doc = await PDFDocument.create();
      doc.addPage([612, 792]);
      return doc.save();
    })();
    const text = (y: number, type: FieldToDraw["type"], t: string): FieldToDraw => ({
      page: 1,
      x: 72,
      y,
      width: 200,
      height: 18,
      type,
      value: { kind: "text", text: t, fontSize: 12 },
    });
    const mark = (x: number, type: FieldToDraw["type"], value: FieldToDraw["value"]): FieldToDraw => ({
      page: 1,
      x,
      y: 300,
      width: 20,
      height: 20,
      type,
      value,
    });
    const fields: FieldToDraw[] = [
      text(100, "DROPDOWN", "Green"),
      text(130, "NUMBER", "1234.56"),
      text(160, "NAME", "Zoë Ångström"),
      text(190, "EMAIL", "zoe@example.org"),
      mark(100, "CHECKBOX", { kind: "check", checked: true }),
      mark(150, "CHECKBOX", { kind: "check", checked: false }),
      mark(200, "RADIO", { kind: "choice", selected: true, option: "Pro" }),
      mark(250, "RADIO", { kind: "choice", selected: false, option: "Basic" }),
    ];
    const out = await drawFieldValues(pdf, fields);
    const words = await pdftotextWords(out);
    for (const [i, t] of ["Green", "1234.56", "Zoë", "zoe@example.org"].entries())
      expectAtBox(wordAt(words, 1, t), itemAt(fields, i));
    // No glyph stands for a tick or a dot: they are paths, so no font is needed for them.
    expect((await pdftotext(out)).replace(/\s+/g, " ").trim()).toBe("Green 1234.56 Zoë Ångström zoe@example.org");

    const page = await renderPage(out, 1);
    const darkIn = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (page.rgb(x, y).reduce((a, c) => a + c, 0) < 500) n++;
      return n;
    };
    // Inside (the middle 40 %): ink for the tick and the dot, none for the empty box and circle.
    expect(darkIn(106, 306, 114, 314)).toBeGreaterThan(3);
    expect(darkIn(156, 306, 164, 314)).toBe(0);
    expect(darkIn(206, 306, 214, 314)).toBeGreaterThan(3);
    expect(darkIn(256, 306, 264, 314)).toBe(0);
    // Outlines: the empty box and circle are there.
    expect(darkIn(150, 300, 170, 320)).toBeGreaterThan(10);
    expect(darkIn(250, 300, 270, 320)).toBeGreaterThan(10);
  });
});
