import { describe, expect, it } from "vitest";
import { parseAnchor, type AnchorParse } from "./anchor-grammar";

const reason = (r: AnchorParse) => (r.ok ? "" : r.reason);

/** An anchor that must not parse, and a word its reason must contain. */
function rejectsWithReason(text: string, why: string) {
  const r = parseAnchor(text);
  expect(r.ok).toBe(false);
  expect(reason(r)).toContain(why);
}

describe("parseAnchor", () => {
  it("reads a signature anchor", () => {
    expect(parseAnchor("{{s1|signature|120|40}}")).toEqual({
      ok: true,
      anchor: { type: "signature", signerRef: "s1", width: 120, height: 40 },
    });
    expect(parseAnchor("{{S12|Signature|120.5|40}}")).toEqual({
      ok: true,
      anchor: { type: "signature", signerRef: "s12", width: 120.5, height: 40 },
    });
  });

  it("reads a text anchor: height is ceil(fontSize x 1.5), f is required, t optional, placeholder may be empty", () => {
    expect(parseAnchor("{{s2|text|50|200|11|Full name||f}}")).toEqual({
      ok: true,
      anchor: {
        type: "text",
        signerRef: "s2",
        maxLength: 50,
        width: 200,
        height: 17,
        fontSize: 11,
        label: "Full name",
        placeholder: "",
        required: true,
      },
    });
    const optional = parseAnchor("{{s1|text|10|80|12|Title|e.g. CEO|t}}");
    expect(optional).toMatchObject({ ok: true, anchor: { required: false, placeholder: "e.g. CEO", height: 18 } });
  });

  it("reads both date forms; the short one has the interface spec's defaults, 200 × 60 at 14 pt", () => {
    expect(parseAnchor("{{s1|date}}")).toEqual({
      ok: true,
      anchor: { type: "date", signerRef: "s1", width: 200, height: 60, fontSize: 14 },
    });
    expect(parseAnchor("{{ s2 | date }}")).toMatchObject({ ok: true, anchor: { width: 200, height: 60, fontSize: 14 } });
    expect(parseAnchor("{{s3|date|150|40|12}}")).toEqual({
      ok: true,
      anchor: { type: "date", signerRef: "s3", width: 150, height: 40, fontSize: 12 },
    });
  });

  it("reads an image anchor and the legacy form", () => {
    expect(parseAnchor("{{s1|image|100|50|Company logo}}")).toEqual({
      ok: true,
      anchor: { type: "image", signerRef: "s1", width: 100, height: 50, label: "Company logo" },
    });
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
  ])("rejects %s with a reason", rejectsWithReason);
});

describe("parseAnchor: CHECKBOX, RADIO, DROPDOWN, NUMBER, NAME and EMAIL", () => {
  it("reads checkbox, radio (both forms), dropdown, number (both forms), name and email", () => {
    expect(parseAnchor("{{s1|checkbox|14|14|I agree to the terms|f}}")).toEqual({
      ok: true,
      anchor: { type: "checkbox", signerRef: "s1", width: 14, height: 14, label: "I agree to the terms", required: true },
    });
    expect(parseAnchor("{{s1|radio|plan|Pro|12|12}}")).toEqual({
      ok: true,
      anchor: { type: "radio", signerRef: "s1", group: "plan", option: "Pro", width: 12, height: 12, required: true },
    });
    expect(parseAnchor("{{s2|radio| plan | Basic }}")).toEqual({
      ok: true,
      anchor: { type: "radio", signerRef: "s2", group: "plan", option: "Basic", width: 14, height: 14, required: true },
    });
    expect(parseAnchor("{{s1|radio|plan|Basic|12|12|t}}")).toMatchObject({ ok: true, anchor: { required: false } });
    expect(parseAnchor("{{s1|dropdown|150|Red; Green ;Blue|Colour|t}}")).toEqual({
      ok: true,
      anchor: {
        type: "dropdown",
        signerRef: "s1",
        width: 150,
        height: 18,
        fontSize: 12,
        options: ["Red", "Green", "Blue"],
        label: "Colour",
        required: false,
      },
    });
    expect(parseAnchor("{{s1|number|80|12|Amount|f}}")).toEqual({
      ok: true,
      anchor: { type: "number", signerRef: "s1", width: 80, height: 18, fontSize: 12, label: "Amount", required: true },
    });
    expect(parseAnchor("{{s1|number|80|10|Amount|f|0|1000|2}}")).toMatchObject({
      ok: true,
      anchor: { height: 15, min: 0, max: 1000, decimals: 2 },
    });
    expect(parseAnchor("{{s1|number|80|10|Amount|t|-5||}}")).toEqual({
      ok: true,
      anchor: { type: "number", signerRef: "s1", width: 80, height: 15, fontSize: 10, label: "Amount", required: false, min: -5 },
    });
    expect(parseAnchor("{{s1|name}}")).toEqual({
      ok: true,
      anchor: { type: "name", signerRef: "s1", width: 200, height: 18, fontSize: 12 },
    });
    expect(parseAnchor("{{s3|email|220|10}}")).toEqual({
      ok: true,
      anchor: { type: "email", signerRef: "s3", width: 220, height: 15, fontSize: 10 },
    });
  });

  it.each([
    ["{{s1|checkbox|14|14|Agree}}", "6 parts"],
    ["{{s1|checkbox|14|14||f}}", "label"],
    ["{{s1|checkbox|14|14|Agree|x}}", "requiredFlag"],
    ["{{s1|radio|plan}}", "radio anchor"],
    ["{{s1|radio||Pro}}", "group"],
    ["{{s1|radio|plan| }}", "option"],
    ["{{s1|radio|plan|Pro|12}}", "radio anchor"],
    ["{{s1|dropdown|150||Colour|f}}", "at least one option"],
    ["{{s1|dropdown|150|Red;;Blue|Colour|f}}", "empty"],
    ["{{s1|dropdown|150|Red;Red|Colour|f}}", "distinct"],
    ["{{s1|dropdown|150|Red;Blue|Colour}}", "6 parts"],
    ["{{s1|number|80|12|Amount}}", "number anchor"],
    ["{{s1|number|80|12|Amount|f|10|5|}}", "min (10) must not be greater than max (5)"],
    ["{{s1|number|80|12|Amount|f|||7}}", "decimals"],
    ["{{s1|number|80|12|Amount|f|x||}}", "min must be a number"],
    ["{{s1|name|200}}", "name anchor"],
    ["{{s1|email|wide|12}}", "width must be a number"],
  ])("rejects %s with a reason", rejectsWithReason);
});
