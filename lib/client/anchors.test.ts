import { describe, expect, it } from "vitest";
import { normalizePreview, type AnchorPreview } from "./anchors";

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
});
