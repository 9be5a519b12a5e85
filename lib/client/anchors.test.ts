import { describe, expect, it } from "vitest";
import { fittedSizes, fitToLine, normalizePreview, type AnchorPreview } from "./anchors";

const documentId = "d0000000-0000-4000-8000-000000000001";
const searched = { documentVersion: 1, documents: [{ documentId, name: "contract.pdf", documentVersion: 1 }] };

describe("reading the anchor preview", () => {
  it("reads every anchor of the document, parsed or malformed, in reading order", () => {
    const data: AnchorPreview = {
      ...searched,
      anchors: [
        {
          anchorKey: "{{s2|signature|160|40}}",
          documentId,
          page: 2,
          x: 72,
          y: 120,
          width: 150,
          height: 12,
          valid: true,
          anchor: { type: "signature", signerRef: "s2", width: 160, height: 40 },
        },
        {
          anchorKey: "{{s3|signature|wide|50}}",
          documentId,
          page: 1,
          x: 80,
          y: 200,
          width: 140,
          height: 12,
          valid: false,
          reason: 'width must be a number of points, got "wide"',
        },
        {
          anchorKey: "{{s1|date}}",
          documentId,
          page: 1,
          x: 100,
          y: 160,
          width: 60,
          height: 12,
          valid: true,
          anchor: { type: "date", signerRef: "s1", width: 200, height: 60, fontSize: 14 },
        },
      ],
      signerRefs: ["s1", "s2"],
      malformed: 1,
    };
    const out = normalizePreview(data);
    expect(out.map((a) => [a.page, a.text, a.ok, a.signerRef, a.type, a.fieldWidth, a.fieldHeight])).toEqual([
      [1, "{{s1|date}}", true, "s1", "date", 200, 60],
      [1, "{{s3|signature|wide|50}}", false, undefined, undefined, undefined, undefined],
      [2, "{{s2|signature|160|40}}", true, "s2", "signature", 160, 40],
    ]);
    expect(out[1]?.reason).toContain("wide");
  });

  it("reads the per-key form (occurrences)", () => {
    const data: AnchorPreview = {
      ...searched,
      anchors: [
        {
          anchorKey: "{{signet:sig}}",
          found: true,
          occurrences: [
            { documentId, page: 1, x: 10, y: 20, width: 30, height: 10 },
            { documentId, page: 3, x: 10, y: 20, width: 30, height: 10 },
          ],
        },
        { anchorKey: "{{signet:nope}}", found: false, occurrences: [] },
      ],
      missing: ["{{signet:nope}}"],
    };
    expect(normalizePreview(data).map((a) => [a.text, a.page])).toEqual([
      ["{{signet:sig}}", 1],
      ["{{signet:sig}}", 3],
    ]);
  });

  it("gives nothing for a document without anchors", () => {
    expect(normalizePreview({ ...searched, anchors: [], signerRefs: [], malformed: 0 })).toEqual([]);
  });

  it("flags a field over text or another anchor's field; Fit to the line gives it the fitted box and sizes for placing", () => {
    const layout = (
      x: number,
      y: number,
      width: number,
      height: number,
      text: string[],
      fit: { width: number; height: number; fontSize?: number },
    ) => ({
      field: { x, y, width, height },
      covers: { text: text.map((t) => ({ text: t, x, y: y + 20, width: 100, height: 13 })), anchors: [], fields: [] },
      fit,
    });
    const data: AnchorPreview = {
      ...searched,
      anchors: [
        {
          anchorKey: "{{s1|signature|150|30}}",
          documentId,
          page: 1,
          x: 160,
          y: 100,
          width: 140,
          height: 13,
          valid: true,
          anchor: { type: "signature", signerRef: "s1", width: 150, height: 30 },
          layout: layout(160, 100, 150, 30, [], { width: 300, height: 13 }),
        },
        {
          anchorKey: "{{s1|date}}",
          documentId,
          page: 1,
          x: 100,
          y: 117,
          width: 60,
          height: 13,
          valid: true,
          anchor: { type: "date", signerRef: "s1", width: 200, height: 60, fontSize: 14 },
          layout: layout(100, 117, 200, 60, ["Thank you."], { width: 107.5, height: 13.4, fontSize: 12 }),
        },
      ],
      signerRefs: ["s1"],
      malformed: 0,
    };
    const out = normalizePreview(data);
    // The date covers a line of text and the signature's field (30 high from y 100 reaches y 130): both are flagged.
    expect(out.map((a) => [a.text, a.covering])).toEqual([
      ["{{s1|signature|150|30}}", { text: [], anchors: ["{{s1|date}}"], fields: 0 }],
      ["{{s1|date}}", { text: ["Thank you."], anchors: ["{{s1|signature|150|30}}"], fields: 0 }],
    ]);
    expect(fittedSizes(out, "s1")).toEqual([]);
    const fitted = fitToLine(out, out[1]!.key);
    expect(fitted[1]).toMatchObject({ fitted: true, fieldWidth: 107.5, fieldHeight: 13.4, fontSize: 12 });
    // Fitted, the date covers no text; the signature's 30-pt box still reaches into the date's line.
    expect(fitted.map((a) => a.covering)).toEqual([
      { text: [], anchors: ["{{s1|date}}"], fields: 0 },
      { text: [], anchors: ["{{s1|signature|150|30}}"], fields: 0 },
    ]);
    const both = fitToLine(fitted, fitted[0]!.key);
    expect(both.map((a) => a.covering)).toEqual([undefined, undefined]);
    expect(fittedSizes(both, "s1")).toEqual([
      { anchorKey: "{{s1|signature|150|30}}", occurrenceIndex: 0, width: 300, height: 13 },
      { anchorKey: "{{s1|date}}", occurrenceIndex: 0, width: 107.5, height: 13.4, fontSize: 12 },
    ]);
    expect(fittedSizes(both, "s2")).toEqual([]);
  });
});
