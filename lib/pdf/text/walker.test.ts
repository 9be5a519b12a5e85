import { PDFDocument, type PDFRawStream } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { take } from "../../../test/support/expect-helpers";
import { pdfOf, xobjectDag } from "../../../test/support/hostile-pdfs";
import { pdftotextWords } from "../../../test/support/pdf-fixtures";
import { newBudget } from "../limits";
import { pageGeometry } from "../page-box";
import { FontCache } from "./fonts";
import type { Operand } from "./lexer";
import { decodeStream } from "./objects";
import { ContentWalker, type Glyph, type Properties, type WalkerEvents } from "./walker";

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** A one-page PDF: `content` with Helvetica as /F1, `resources` added to the page's, and `objects` from 6 0 R on. */
function onePage(content: string, resources = "", objects: (string | { dict: string; stream: Uint8Array })[] = []): Uint8Array {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> ${resources} >> /Contents 4 0 R >>`,
    { dict: "", stream: new Uint8Array(Buffer.from(content, "latin1")) },
    FONT,
    ...objects,
  ]);
}

function form(content: string, resources = "/Font << /F1 5 0 R >>"): { dict: string; stream: Uint8Array } {
  return {
    dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >>`,
    stream: new Uint8Array(Buffer.from(content, "latin1")),
  };
}

/** Walks page 1 of `pdf` with `events`. */
async function walk(pdf: Uint8Array, events: WalkerEvents): Promise<void> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(0);
  const budget = newBudget();
  const walker = new ContentWalker(doc.context, new FontCache(doc.context, budget), events, {
    base: pageGeometry(page).toDisplay,
    budget,
  });
  walker.run(decodeStream(doc.context, page.node.Contents() as PDFRawStream, budget), page.node.Resources());
}

interface Seen {
  text: string;
  x: number;
  y: number;
  dx: number;
  size: number;
}

async function glyphsOf(pdf: Uint8Array): Promise<Seen[]> {
  const seen: Seen[] = [];
  await walk(pdf, { glyph: (g: Glyph) => seen.push({ text: g.unicode, x: g.x, y: g.y, dx: g.dx, size: g.size }) });
  return seen;
}

describe("ContentWalker", () => {
  it("reports every operator with the bytes it spans, operands included", async () => {
    const content = "BT /F1 12 Tf 72 700 Td\n[(A) -250 (B)] TJ % a comment\n 0 -14 Td (C) ' ET";
    const ops: [string, string][] = [];
    await walk(onePage(content), {
      operator: (op: string, _args: readonly Operand[], at) =>
        ops.push([op, Buffer.from(at.content.subarray(at.from, at.to)).toString("latin1").trim()]),
    });
    expect(ops).toEqual([
      ["BT", "BT"],
      ["Tf", "/F1 12 Tf"],
      ["Td", "72 700 Td"],
      ["TJ", "[(A) -250 (B)] TJ"],
      ["Td", "% a comment\n 0 -14 Td"],
      ["'", "(C) '"],
      ["ET", "ET"],
    ]);
  });

  it("places glyphs through q/Q, cm, Tm, TJ adjustments, Tz and Ts", async () => {
    const content =
      "q 2 0 0 2 0 0 cm BT /F1 6 Tf 36 300 Td (A) Tj ET Q BT /F1 12 Tf 1 0 0 1 72 600 Tm [(A) -1000 (A)] TJ 50 Tz 5 Ts (A) Tj ET";
    const g = await glyphsOf(onePage(content));
    const a = 0.667 * 12; // Helvetica's A is 667/1000 em
    expect(g.map((s) => s.text).join("")).toBe("AAAA");
    const [g0, g1, g2, g3] = take(g, 4);
    // Doubled by cm: drawn at (72, 600) user space, 192 pt from the top, at size 12.
    expect(g0).toMatchObject({ x: 72, y: 192, size: 12 });
    expect(g0.dx).toBeCloseTo(a, 3);
    expect(g1).toMatchObject({ x: 72, y: 192 });
    expect(g2.x).toBeCloseTo(72 + a + 12, 3);
    expect(g3.x).toBeCloseTo(72 + 2 * a + 12, 3);
    expect(g3.y).toBeCloseTo(192 - 5, 3);
    expect(g3.dx).toBeCloseTo(a / 2, 3);
  });

  it("reports glyphs drawn at size 0 or 0 Tz (poppler extracts them); showing without a font does nothing, not even the move of '", async () => {
    const content =
      "BT 14 TL 72 700 Td (lost) ' /F1 12 Tf (X) Tj ET BT /F1 0 Tf 72 600 Td (Y) Tj ET BT /F1 12 Tf 0 Tz 72 500 Td (Z) Tj ET";
    const g = await glyphsOf(onePage(content));
    expect(g.map((s) => s.text)).toEqual(["X", "Y", "Z"]);
    expect(g[0]).toMatchObject({ x: 72, y: 92 });
    expect(g[1]).toMatchObject({ x: 72, y: 192, size: 0 });
    expect(g[2]).toMatchObject({ x: 72, y: 292, dx: 0 });
  });

  it("passes marked-content property lists, inline or named in /Properties (looked up from a form's caller too)", async () => {
    const content = "/P <</MCID 3>> BDC /Span /AT1 BDC EMC EMC EMC /Artifact BMC /X1 Do EMC";
    const pdf = onePage(content, "/Properties << /AT1 6 0 R >> /XObject << /X1 7 0 R >>", [
      "<< /ActualText (Signature) /Nested << /A [1 2] >> >>",
      form("/Span /AT1 BDC EMC /OC /Missing BDC EMC"),
    ]);
    const events: string[] = [];
    const show = (props: Properties | undefined) =>
      props
        ? JSON.stringify([...props], (_, v) =>
            v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : v instanceof Map ? [...v] : v,
          )
        : "-";
    await walk(pdf, {
      beginMarkedContent: (tag, props) => events.push(`begin ${tag} ${show(props)}`),
      endMarkedContent: (tag) => events.push(`end ${tag}`),
    });
    const named = '[["ActualText","Signature"],["Nested",[["A",[1,2]]]]]';
    expect(events).toEqual([
      'begin P [["MCID",3]]',
      `begin Span ${named}`,
      "end Span",
      "end P",
      "begin Artifact -",
      `begin Span ${named}`,
      "end Span",
      "begin OC -",
      "end OC",
      "end Artifact",
    ]);
  });

  it("stops at 100 nested forms (poppler's limit), and refuses a DAG of forms beyond the form-run budget", async () => {
    const forms = Array.from({ length: 104 }, (_, i) =>
      form(
        `BT /F1 6 Tf ${20 + 100 * Math.floor(i / 26)} ${780 - 7 * (i % 26)} Td (${String.fromCharCode(65 + (i % 26))}) Tj ET /X Do`,
        `/Font << /F1 5 0 R >> /XObject << /X ${7 + i} 0 R >>`,
      ),
    );
    const pdf = onePage("/X Do", "/XObject << /X 6 0 R >>", forms);
    const g = await glyphsOf(pdf);
    expect(g).toHaveLength(100);
    expect(await pdftotextWords(pdf)).toHaveLength(100);
    expect(g.map((s) => s.text).join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(4).slice(0, 100));
    await expect(glyphsOf(xobjectDag())).rejects.toThrow(/draws forms more than 100,000 times/);
  });
});
