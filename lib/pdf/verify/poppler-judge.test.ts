// The second judge sees what a printer sees and what a reader of annotations finds: updates appended to
// a sealed PDF that leave the screen unchanged (a box flagged Print|NoView, a zero-sized widget that runs
// JavaScript) are named, and Signet's own B-LTA update is not. Each case is first checked against
// poppler's and qpdf's own output, so the test asserts what those readers see, not what our parse says.
import { beforeAll, describe, expect, it } from "vitest";
import { stream, append, type Base } from "../../../test/support/pdf-updates";
import {
  annotsWith,
  paidBoxWidget,
  pdfinfoJavaScript,
  popplerViews,
  qpdfPage1Annotations,
  scriptedWidget,
  sealedForPrintTests,
  sealWidgetPrintsPaid,
  WHITE_PAID,
  widgetAfterSeal,
  signetLta,
} from "../../../test/support/print-view";
import { popplerDisagreements } from "./poppler-judge";

describe("the second judge: print view, annotations and JavaScript", () => {
  let base: Base;
  let sealedViews: { screen: Buffer; print: Buffer; printedText: string };

  beforeAll(async () => {
    base = await sealedForPrintTests();
    sealedViews = await popplerViews(base.bytes);
  });

  const judge = (pdf: Uint8Array) => popplerDisagreements(pdf, base.bytes.length);

  it("a box flagged Print|NoView added after the seal, with a /Rect pdf-lib reads as five numbers, is printed: named", async () => {
    const pdf = paidBoxWidget(base, 36, "[80 560 480.-0 680]");
    // What the readers say: qpdf finds the widget on page 1 (and cannot make a number of `480.-0`);
    // poppler draws the screen unchanged and prints the box.
    const { annots, warnings } = await qpdfPage1Annotations(pdf);
    expect(annots.find((a) => a["/T"] === "u:Timestamp2")).toMatchObject({ "/F": 36, "/Subtype": "/Widget" });
    expect(warnings).toMatch(/unknown token/);
    const views = await popplerViews(pdf);
    expect(views.screen.equals(sealedViews.screen)).toBe(true);
    expect(views.print.equals(sealedViews.print)).toBe(false);

    const problems = await judge(pdf);
    expect(problems).toContain("Page 1 is printed differently from the file than from the revision the seal signed (poppler)");
    expect(problems).toContain(
      "Page 1: an annotation was added after the seal: Widget (Sig field) at [80 560 480 680], flags Print|NoView (pdf.js)",
    );
    expect(problems.join(" | ")).not.toMatch(/drawn differently/);
  });

  it("the same box flagged Print is on screen and on paper, and is named as an added annotation", async () => {
    const pdf = paidBoxWidget(base, 4, "[80 560 480 680]");
    const views = await popplerViews(pdf);
    expect(views.screen.equals(sealedViews.screen)).toBe(false);
    expect(views.print.equals(sealedViews.print)).toBe(false);

    const problems = await judge(pdf);
    expect(problems).toContain("Page 1 is drawn differently in the file than in the revision the seal signed (poppler)");
    expect(problems).toContain(
      "Page 1: an annotation was added after the seal: Widget (Sig field) at [80 560 480 680], flags Print (pdf.js)",
    );
  });

  it("white text that only prints leaves every pixel alone, but not the printed text: named", async () => {
    const pdf = widgetAfterSeal(base, 36, "[80 560 480 680]", WHITE_PAID);
    const views = await popplerViews(pdf);
    expect(views.screen.equals(sealedViews.screen) && views.print.equals(sealedViews.print)).toBe(true);
    expect(sealedViews.printedText).not.toMatch(/PAID/);
    expect(views.printedText).toMatch(/PAID IN FULL/);

    expect(await judge(pdf)).toEqual([
      "Page 1's printed text differs between the file and the revision the seal signed (poppler)",
      "Page 1: an annotation was added after the seal: Widget (Sig field) at [80 560 480 680], flags Print|NoView (pdf.js)",
    ]);
  });

  it("the seal's own widget rewritten to print the box only on paper: named as a changed annotation", async () => {
    const pdf = sealWidgetPrintsPaid(base);
    const { annots } = await qpdfPage1Annotations(pdf);
    expect(annots).toHaveLength(1);
    expect(annots[0]).toMatchObject({ "/T": "u:Signature1", "/F": 36, "/Rect": [80, 560, 480, 680] });
    const views = await popplerViews(pdf);
    expect(views.screen.equals(sealedViews.screen)).toBe(true);
    expect(views.print.equals(sealedViews.print)).toBe(false);

    expect(await judge(pdf)).toEqual([
      "Page 1 is printed differently from the file than from the revision the seal signed (poppler)",
      "Page 1: an annotation changed after the seal, from Widget (Sig field) at [0 0 0 0], flags Print to Widget (Sig field) at [80 560 480 680], flags Print|NoView (pdf.js)",
    ]);
  });

  it("a zero-sized signature widget with JavaScript on page open: pdfinfo turns to yes, pdf.js lists its action; both named", async () => {
    const pdf = scriptedWidget(base);
    expect(await pdfinfoJavaScript(base.bytes)).toBe("no");
    expect(await pdfinfoJavaScript(pdf)).toBe("yes");
    const { annots } = await qpdfPage1Annotations(pdf);
    expect(annots.find((a) => a["/T"] === "u:Timestamp2")).toMatchObject({
      "/Rect": [0, 0, 0, 0],
      "/AA": { "/PO": expect.anything() },
    });
    // Nothing to see: the pixels alone would pass it.
    const views = await popplerViews(pdf);
    expect(views.screen.equals(sealedViews.screen) && views.print.equals(sealedViews.print)).toBe(true);

    const problems = await judge(pdf);
    expect(problems).toContain(`The file holds JavaScript; the revision the seal signed held none (pdfinfo: "yes")`);
    expect(problems).toContain(
      "Page 1: an annotation was added after the seal: Widget (Sig field) at [0 0 0 0], flags Print, with JavaScript on PageOpen (pdf.js)",
    );
  });

  it("a zero-sized signature widget is a time-stamp's only when its appearance draws nothing", async () => {
    const n = base.size;
    const widget = (ap: string) =>
      append(base, [
        { num: n, body: stream("/Type /XObject /Subtype /Form /BBox [0 0 0 0] /Resources << >>", ap) },
        {
          num: n + 1,
          body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Timestamp2) /F 132 /Rect [0 0 0 0] /AP << /N ${n} 0 R >> /P ${base.page1} 0 R >>`,
        },
        { num: base.page1, body: annotsWith(base, n + 1) },
      ]);
    // An empty appearance, as PDF/A asks of every widget: the shape a PAdES tool writes.
    expect(await judge(widget(""))).toEqual([]);
    // An appearance that paints: not the shape, whatever its size computes to.
    expect(await judge(widget("0 0 0 rg 0 0 400 120 re f"))).toEqual([
      "Page 1: an annotation was added after the seal: Widget (Sig field) at [0 0 0 0], flags Print|Locked (pdf.js)",
    ]);
  });

  it("Signet's own B-LTA update (validation data and a document time-stamp) is not a disagreement", async () => {
    const lta = await signetLta(base.bytes);
    // The time-stamp's widget is on page 1 for every reader, zero-sized and printed.
    const { annots } = await qpdfPage1Annotations(lta);
    expect(annots.filter((a) => a["/FT"] === "/Sig")).toHaveLength(2);
    // Given as a Node Buffer, as the API hands it over.
    expect(await judge(Buffer.from(lta))).toEqual([]);
  });
});
