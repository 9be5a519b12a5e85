/**
 * The anchor grammar of interface spec 2.7 and decisions.md "Anchors":
 *   {{sN|signature|width|height}}
 *   {{sN|text|maxLength|width|fontSize|label|placeholder|requiredFlag}}   (f = required, t = optional)
 *   {{sN|date|width|height|fontSize}}  or  {{sN|date}}                     (defaults 200, 60, 14)
 *   {{sN|image|width|height|label}}
 *   {{signet:<name>}}                                                      (legacy, /fields/anchored)
 * A malformed anchor yields a reason a person can act on; it is never dropped silently.
 */

export type ParsedAnchor =
  | { type: "signature"; signerRef: string; width: number; height: number }
  | {
      type: "text";
      signerRef: string;
      maxLength: number;
      width: number;
      /** ceil(fontSize x 1.5), as decided. */
      height: number;
      fontSize: number;
      label: string;
      placeholder: string;
      required: boolean;
    }
  | { type: "date"; signerRef: string; width: number; height: number; fontSize: number }
  | { type: "image"; signerRef: string; width: number; height: number; label: string }
  | { type: "legacy"; name: string };

export type AnchorParse = { ok: true; anchor: ParsedAnchor } | { ok: false; reason: string };

export const DATE_DEFAULTS = { width: 200, height: 60, fontSize: 14 } as const;

/** Largest page side PDF allows (200 inches); a bigger box cannot be on any page. */
const MAX_DIMENSION = 14_400;
const MAX_FONT_SIZE = 400;
const MAX_TEXT_LENGTH = 100_000;

const SYNTAX = {
  signature: "{{sN|signature|width|height}}",
  text: "{{sN|text|maxLength|width|fontSize|label|placeholder|requiredFlag}}",
  date: "{{sN|date|width|height|fontSize}} or {{sN|date}}",
  image: "{{sN|image|width|height|label}}",
} as const;

class Malformed extends Error {}

function fail(reason: string): never {
  throw new Malformed(reason);
}

/** A positive number of points; white-space inside a number (from text extraction) is ignored. */
function positive(raw: string, what: string, max: number): number {
  const s = raw.replace(/\s+/g, "");
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) fail(`${what} must be a number of points, got "${raw.trim()}"`);
  const n = Number(s);
  if (!(n > 0)) fail(`${what} must be greater than 0, got ${s}`);
  if (n > max) fail(`${what} must be at most ${max}, got ${s}`);
  return n;
}

function count(segments: string[], expected: number, type: keyof typeof SYNTAX): void {
  if (segments.length !== expected) {
    fail(`a ${type} anchor has ${expected} parts separated by |, this one has ${segments.length}: ${SYNTAX[type]}`);
  }
}

function parseUnified(inner: string): ParsedAnchor {
  const seg = inner.split("|");
  const signerRef = seg[0].replace(/\s+/g, "").toLowerCase();
  if (!/^s[1-9]\d*$/.test(signerRef)) fail(`the signer reference must be s1, s2, ..., got "${seg[0].trim()}"`);
  const type = (seg[1] ?? "").replace(/\s+/g, "").toLowerCase();
  switch (type) {
    case "signature":
      count(seg, 4, "signature");
      return { type, signerRef, width: positive(seg[2], "width", MAX_DIMENSION), height: positive(seg[3], "height", MAX_DIMENSION) };
    case "text": {
      count(seg, 8, "text");
      const maxLengthRaw = seg[2].replace(/\s+/g, "");
      if (!/^\d+$/.test(maxLengthRaw) || Number(maxLengthRaw) < 1 || Number(maxLengthRaw) > MAX_TEXT_LENGTH) {
        fail(`maxLength must be a whole number from 1 to ${MAX_TEXT_LENGTH}, got "${seg[2].trim()}"`);
      }
      const width = positive(seg[3], "width", MAX_DIMENSION);
      const fontSize = positive(seg[4], "fontSize", MAX_FONT_SIZE);
      const label = seg[5].trim();
      if (!label) fail("the label of a text anchor is empty; it names the field for the signer");
      const flag = seg[7].trim().toLowerCase();
      // As the spec says, odd as it reads: f means required, t means optional.
      if (flag !== "f" && flag !== "t") fail(`requiredFlag must be f (required) or t (optional), got "${seg[7].trim()}"`);
      return {
        type,
        signerRef,
        maxLength: Number(maxLengthRaw),
        width,
        height: Math.ceil(fontSize * 1.5),
        fontSize,
        label,
        placeholder: seg[6].trim(),
        required: flag === "f",
      };
    }
    case "date":
      if (seg.length === 2) return { type, signerRef, ...DATE_DEFAULTS };
      if (seg.length !== 5) fail(`a date anchor is ${SYNTAX.date}; this one has ${seg.length} parts`);
      return {
        type,
        signerRef,
        width: positive(seg[2], "width", MAX_DIMENSION),
        height: positive(seg[3], "height", MAX_DIMENSION),
        fontSize: positive(seg[4], "fontSize", MAX_FONT_SIZE),
      };
    case "image": {
      count(seg, 5, "image");
      const label = seg[4].trim();
      if (!label) fail("the label of an image anchor is empty; it describes the image");
      return { type, signerRef, width: positive(seg[2], "width", MAX_DIMENSION), height: positive(seg[3], "height", MAX_DIMENSION), label };
    }
    case "":
      return fail("the field type is missing: signature, text, date or image");
    default:
      return fail(`unknown field type "${seg[1].trim()}": expected signature, text, date or image`);
  }
}

/** Parses one anchor token, braces included: "{{s1|signature|120|40}}". */
export function parseAnchor(text: string): AnchorParse {
  const t = text.trim();
  if (!t.startsWith("{{")) return { ok: false, reason: "an anchor starts with {{" };
  if (!t.endsWith("}}") || t.length < 4) return { ok: false, reason: "the anchor is not closed with }} on the same line" };
  const inner = t.slice(2, -2);
  if (inner.includes("{{") || inner.includes("}}")) return { ok: false, reason: "anchors cannot be nested" };
  const legacy = /^\s*signet\s*:(.*)$/is.exec(inner);
  try {
    if (legacy) {
      const name = legacy[1].trim();
      if (!name) fail("the legacy anchor has no name: {{signet:<name>}}");
      if (!/^[\p{L}\p{N}_.\-]+$/u.test(name)) fail(`a legacy anchor name uses letters, digits, _ . and -, got "${name}"`);
      return { ok: true, anchor: { type: "legacy", name } };
    }
    if (!inner.includes("|")) {
      return { ok: false, reason: "not an anchor: expected {{sN|type|...}} or {{signet:<name>}}" };
    }
    return { ok: true, anchor: parseUnified(inner) };
  } catch (e) {
    if (e instanceof Malformed) return { ok: false, reason: e.message };
    throw e;
  }
}
