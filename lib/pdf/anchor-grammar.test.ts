import { describe, expect, it } from "vitest";
import { parseAnchor, type AnchorParse } from "./anchor-grammar";

const reason = (r: AnchorParse) => (r.ok ? "" : r.reason);

describe("parseAnchor", () => {
  it("reads a signature anchor", () => {
    expect(parseAnchor("{{s1|signature|120|40}}")).toEqual({ ok: true, anchor: { type: "signature", signerRef: "s1", width: 120, height: 40 } });
    expect(parseAnchor("{{S12|Signature|120.5|40}}")).toEqual({ ok: true, anchor: { type: "signature", signerRef: "s12", width: 120.5, height: 40 } });
  });

  it("reads a text anchor: height is ceil(fontSize x 1.5), f is required, t optional, placeholder may be empty", () => {
    expect(parseAnchor("{{s2|text|50|200|11|Full name||f}}")).toEqual({
      ok: true,
      anchor: { type: "text", signerRef: "s2", maxLength: 50, width: 200, height: 17, fontSize: 11, label: "Full name", placeholder: "", required: true },
    });
    const optional = parseAnchor("{{s1|text|10|80|12|Title|e.g. CEO|t}}");
    expect(optional).toMatchObject({ ok: true, anchor: { required: false, placeholder: "e.g. CEO", height: 18 } });
  });

  it("reads both date forms with the decided defaults", () => {
    expect(parseAnchor("{{s1|date}}")).toEqual({ ok: true, anchor: { type: "date", signerRef: "s1", width: 200, height: 60, fontSize: 14 } });
    expect(parseAnchor("{{s3|date|150|40|12}}")).toEqual({ ok: true, anchor: { type: "date", signerRef: "s3", width: 150, height: 40, fontSize: 12 } });
  });

  it("reads an image anchor and the legacy form", () => {
    expect(parseAnchor("{{s1|image|100|50|Company logo}}")).toEqual({ ok: true, anchor: { type: "image", signerRef: "s1", width: 100, height: 50, label: "Company logo" } });
    expect(parseAnchor("{{signet:sig}}")).toEqual({ ok: true, anchor: { type: "legacy", name: "sig" } });
    expect(parseAnchor("{{signet:evidence-image_2}}")).toMatchObject({ ok: true, anchor: { name: "evidence-image_2" } });
  });

  it("tolerates white-space that text extraction puts inside numbers and around parts", () => {
    expect(parseAnchor("{{ s1 | signature | 1 20 | 40 }}")).toMatchObject({ ok: true, anchor: { width: 120, height: 40 } });
  });

  it.each([
    ["{{s1|signature|120}}", "4 parts"],
    ["{{s1|signature|120|40|9}}", "4 parts"],
    ["{{s1|signature|wide|40}}", 'width must be a number of points, got "wide"'],
    ["{{s1|signature|0|40}}", "greater than 0"],
    ["{{s1|signature|-5|40}}", "width must be a number"],
    ["{{s1|signature|99999|40}}", "at most 14400"],
    ["{{s0|signature|120|40}}", "s1, s2"],
    ["{{x1|signature|120|40}}", "s1, s2"],
    ["{{s1|stamp|120|40}}", 'unknown field type "stamp"'],
    ["{{s1||120|40}}", "field type is missing"],
    ["{{s1|text|50|200|12|Name||y}}", "requiredFlag must be f (required) or t (optional)"],
    ["{{s1|text|50|200|12|Name|f}}", "8 parts"],
    ["{{s1|text|0|200|12|Name||f}}", "maxLength"],
    ["{{s1|text|5.5|200|12|Name||f}}", "maxLength"],
    ["{{s1|text|50|200|12|||f}}", "label"],
    ["{{s1|date|200}}", "date anchor"],
    ["{{s1|date|200|60}}", "date anchor"],
    ["{{s1|image|100|50}}", "5 parts"],
    ["{{s1|image|100|50| }}", "label"],
    ["{{signet:}}", "no name"],
    ["{{signet:a b}}", "letters, digits"],
    ["{{name}}", "not an anchor"],
    ["{{s1|signature|120|40", "not closed"],
    ["s1|signature|120|40}}", "starts with {{"],
    ["{{s1|{{s2|date}}|40}}", "nested"],
  ])("rejects %s with a reason", (text, why) => {
    const r = parseAnchor(text);
    expect(r.ok).toBe(false);
    expect(reason(r)).toContain(why);
  });
});
