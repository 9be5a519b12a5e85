/**
 * The anchor grammar of interface spec 2.7 and decisions.md "Anchors":
 *   {{sN|signature|width|height}}
 *   {{sN|text|maxLength|width|fontSize|label|placeholder|requiredFlag}}   (f = required, t = optional)
 *   {{sN|date|width|height|fontSize}}  or  {{sN|date}}                     (defaults 200, 60, 14)
 *   {{sN|image|width|height|label}}
 *   {{signet:<name>}}                                                      (legacy, /fields/anchored)
 * and the form field types (docs/api.md "Field types"; requiredFlag as for text):
 *   {{sN|checkbox|width|height|label|requiredFlag}}
 *   {{sN|radio|group|option|width|height}}  or  {{sN|radio|group|option}}  (14 × 14), each one button
 *   {{sN|radio|group|option|width|height|requiredFlag}}                   (a group is required unless t)
 *   {{sN|dropdown|width|option1;option2;…|label|requiredFlag}}            (height 18, font size 12)
 *   {{sN|number|width|fontSize|label|requiredFlag}}  or  …|requiredFlag|min|max|decimals}}  (each may be empty)
 *   {{sN|name}}  {{sN|email}}  or  {{sN|name|width|fontSize}}  {{sN|email|width|fontSize}}  (200, 12)
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
  | { type: "checkbox"; signerRef: string; width: number; height: number; label: string; required: boolean }
  | { type: "radio"; signerRef: string; group: string; option: string; width: number; height: number; required: boolean }
  | {
      type: "dropdown";
      signerRef: string;
      width: number;
      height: number;
      fontSize: number;
      options: string[];
      label: string;
      required: boolean;
    }
  | {
      type: "number";
      signerRef: string;
      width: number;
      /** ceil(fontSize x 1.5), as for text. */
      height: number;
      fontSize: number;
      label: string;
      required: boolean;
      min?: number;
      max?: number;
      decimals?: number;
    }
  | { type: "name" | "email"; signerRef: string; width: number; height: number; fontSize: number }
  | { type: "legacy"; name: string };

export type AnchorParse = { ok: true; anchor: ParsedAnchor } | { ok: false; reason: string };

/**
 * {{sN|date}}: the interface spec's defaults (2.7 and 8), a contract with integrators who size their documents by
 * it. Where such a box covers the next line, the dashboard's anchor preview says so and offers a box that fits
 * the line (lib/pdf/anchor-fit.ts), placed with explicit sizes; the default itself does not move.
 */
export const DATE_DEFAULTS = { width: 200, height: 60, fontSize: 14 } as const;
/** {{sN|radio|group|option}}: a 14 pt button. */
export const RADIO_DEFAULTS = { width: 14, height: 14 } as const;
/** A dropdown's box: one line at 12 pt. */
export const DROPDOWN_FONT_SIZE = 12;
/** {{sN|name}} and {{sN|email}}: 200 pt wide, 12 pt text, height ceil(12 x 1.5). */
export const IDENTITY_DEFAULTS = { width: 200, fontSize: 12 } as const;
const MAX_OPTIONS = 50;
const MAX_OPTION_LENGTH = 200;
const MAX_GROUP_LENGTH = 100;

/** Largest page side PDF allows (200 inches); a bigger box cannot be on any page. */
const MAX_DIMENSION = 14_400;
const MAX_FONT_SIZE = 400;
const MAX_TEXT_LENGTH = 100_000;

const SYNTAX = {
  signature: "{{sN|signature|width|height}}",
  text: "{{sN|text|maxLength|width|fontSize|label|placeholder|requiredFlag}}",
  date: "{{sN|date|width|height|fontSize}} or {{sN|date}}",
  image: "{{sN|image|width|height|label}}",
  checkbox: "{{sN|checkbox|width|height|label|requiredFlag}}",
  radio: "{{sN|radio|group|option|width|height}} or {{sN|radio|group|option}}",
  dropdown: "{{sN|dropdown|width|option1;option2;…|label|requiredFlag}}",
  number: "{{sN|number|width|fontSize|label|requiredFlag}} or {{sN|number|width|fontSize|label|requiredFlag|min|max|decimals}}",
  name: "{{sN|name}} or {{sN|name|width|fontSize}}",
  email: "{{sN|email}} or {{sN|email|width|fontSize}}",
} as const;

const TYPES = "signature, text, date, image, checkbox, radio, dropdown, number, name or email";

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

/** f means required, t optional: the spec's reading of requiredFlag, kept for every type. */
function requiredFlag(raw: string): boolean {
  const flag = raw.trim().toLowerCase();
  if (flag !== "f" && flag !== "t") fail(`requiredFlag must be f (required) or t (optional), got "${raw.trim()}"`);
  return flag === "f";
}

function label(raw: string, type: string): string {
  const l = raw.trim();
  if (!l) fail(`the label of a ${type} anchor is empty; it names the field for the signer`);
  return l;
}

/** An optional number segment (min, max): empty means none. */
function optionalNumber(raw: string, what: string): number | undefined {
  const s = raw.replace(/\s+/g, "");
  if (s === "") return undefined;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) fail(`${what} must be a number, got "${raw.trim()}"`);
  const n = Number(s);
  if (Math.abs(n) > 1e15) fail(`${what} must be at most 1e15 in size, got ${s}`);
  return n;
}

function parseOptions(raw: string): string[] {
  const options = raw.split(";").map((o) => o.trim());
  if (options.length === 1 && options[0] === "") fail("a dropdown needs at least one option: option1;option2;…");
  if (options.some((o) => o === "")) fail(`an option of a dropdown is empty (two ; in a row, or one at an end): "${raw.trim()}"`);
  if (options.length > MAX_OPTIONS) fail(`a dropdown has at most ${MAX_OPTIONS} options, this one has ${options.length}`);
  const long = options.find((o) => o.length > MAX_OPTION_LENGTH);
  if (long) fail(`an option is at most ${MAX_OPTION_LENGTH} characters: "${long.slice(0, 20)}…"`);
  const dup = options.find((o, i) => options.indexOf(o) !== i);
  if (dup) fail(`the options of a dropdown must be distinct; "${dup}" is given twice`);
  return options;
}

/** Part i of an anchor; one past the end reads as empty (every parser checks the number of parts before reading them). */
function part(seg: readonly string[], i: number): string {
  return seg[i] ?? "";
}

/** checkbox, dropdown and number anchors share `{{sN|type|width|…|label|requiredFlag}}`: the width second, label and flag last. */
function labelledBox(type: "checkbox" | "dropdown" | "number", seg: string[]) {
  return {
    width: positive(part(seg, 2), "width", MAX_DIMENSION),
    label: label(part(seg, 4), type),
    required: requiredFlag(part(seg, 5)),
  };
}

function parseNewType(type: string, signerRef: string, seg: string[]): ParsedAnchor | null {
  switch (type) {
    case "checkbox":
      count(seg, 6, "checkbox");
      return { type, signerRef, ...labelledBox(type, seg), height: positive(part(seg, 3), "height", MAX_DIMENSION) };
    case "radio": {
      if (seg.length !== 4 && seg.length !== 6 && seg.length !== 7)
        fail(`a radio anchor is ${SYNTAX.radio}, optionally with |requiredFlag; this one has ${seg.length} parts`);
      const group = part(seg, 2).trim();
      if (!group) fail("the group of a radio anchor is empty; buttons of one group share it");
      if (group.length > MAX_GROUP_LENGTH) fail(`a radio group name is at most ${MAX_GROUP_LENGTH} characters`);
      const option = part(seg, 3).trim();
      if (!option) fail("the option of a radio anchor is empty; it is the value this button stands for");
      if (option.length > MAX_OPTION_LENGTH) fail(`an option is at most ${MAX_OPTION_LENGTH} characters`);
      const size =
        seg.length === 4
          ? RADIO_DEFAULTS
          : { width: positive(part(seg, 4), "width", MAX_DIMENSION), height: positive(part(seg, 5), "height", MAX_DIMENSION) };
      return { type, signerRef, group, option, ...size, required: seg.length === 7 ? requiredFlag(part(seg, 6)) : true };
    }
    case "dropdown":
      count(seg, 6, "dropdown");
      return {
        type,
        signerRef,
        ...labelledBox(type, seg),
        height: Math.ceil(DROPDOWN_FONT_SIZE * 1.5),
        fontSize: DROPDOWN_FONT_SIZE,
        options: parseOptions(part(seg, 3)),
      };
    case "number": {
      if (seg.length !== 6 && seg.length !== 9) fail(`a number anchor is ${SYNTAX.number}; this one has ${seg.length} parts`);
      const fontSize = positive(part(seg, 3), "fontSize", MAX_FONT_SIZE);
      const out: Extract<ParsedAnchor, { type: "number" }> = {
        type,
        signerRef,
        ...labelledBox(type, seg),
        height: Math.ceil(fontSize * 1.5),
        fontSize,
      };
      if (seg.length === 9) {
        const min = optionalNumber(part(seg, 6), "min");
        const max = optionalNumber(part(seg, 7), "max");
        if (min !== undefined && max !== undefined && min > max) fail(`min (${min}) must not be greater than max (${max})`);
        const d = part(seg, 8).replace(/\s+/g, "");
        if (d !== "" && !/^[0-6]$/.test(d)) fail(`decimals must be a whole number from 0 to 6, got "${part(seg, 8).trim()}"`);
        if (min !== undefined) out.min = min;
        if (max !== undefined) out.max = max;
        if (d !== "") out.decimals = Number(d);
      }
      return out;
    }
    case "name":
    case "email": {
      if (seg.length === 2)
        return {
          type,
          signerRef,
          width: IDENTITY_DEFAULTS.width,
          height: Math.ceil(IDENTITY_DEFAULTS.fontSize * 1.5),
          fontSize: IDENTITY_DEFAULTS.fontSize,
        };
      if (seg.length !== 4) fail(`a ${type} anchor is ${SYNTAX[type]}; this one has ${seg.length} parts`);
      const fontSize = positive(part(seg, 3), "fontSize", MAX_FONT_SIZE);
      return {
        type,
        signerRef,
        width: positive(part(seg, 2), "width", MAX_DIMENSION),
        height: Math.ceil(fontSize * 1.5),
        fontSize,
      };
    }
    default:
      return null;
  }
}

function parseUnified(inner: string): ParsedAnchor {
  const seg = inner.split("|");
  const signerRef = part(seg, 0).replace(/\s+/g, "").toLowerCase();
  if (!/^s[1-9]\d*$/.test(signerRef)) fail(`the signer reference must be s1, s2, ..., got "${part(seg, 0).trim()}"`);
  const type = part(seg, 1).replace(/\s+/g, "").toLowerCase();
  switch (type) {
    case "signature":
      count(seg, 4, "signature");
      return {
        type,
        signerRef,
        width: positive(part(seg, 2), "width", MAX_DIMENSION),
        height: positive(part(seg, 3), "height", MAX_DIMENSION),
      };
    case "text": {
      count(seg, 8, "text");
      const maxLengthRaw = part(seg, 2).replace(/\s+/g, "");
      if (!/^\d+$/.test(maxLengthRaw) || Number(maxLengthRaw) < 1 || Number(maxLengthRaw) > MAX_TEXT_LENGTH) {
        fail(`maxLength must be a whole number from 1 to ${MAX_TEXT_LENGTH}, got "${part(seg, 2).trim()}"`);
      }
      const width = positive(part(seg, 3), "width", MAX_DIMENSION);
      const fontSize = positive(part(seg, 4), "fontSize", MAX_FONT_SIZE);
      const label = part(seg, 5).trim();
      if (!label) fail("the label of a text anchor is empty; it names the field for the signer");
      const flag = part(seg, 7).trim().toLowerCase();
      // As the spec says, odd as it reads: f means required, t means optional.
      if (flag !== "f" && flag !== "t") fail(`requiredFlag must be f (required) or t (optional), got "${part(seg, 7).trim()}"`);
      return {
        type,
        signerRef,
        maxLength: Number(maxLengthRaw),
        width,
        height: Math.ceil(fontSize * 1.5),
        fontSize,
        label,
        placeholder: part(seg, 6).trim(),
        required: flag === "f",
      };
    }
    case "date":
      if (seg.length === 2) return { type, signerRef, ...DATE_DEFAULTS };
      if (seg.length !== 5) fail(`a date anchor is ${SYNTAX.date}; this one has ${seg.length} parts`);
      return {
        type,
        signerRef,
        width: positive(part(seg, 2), "width", MAX_DIMENSION),
        height: positive(part(seg, 3), "height", MAX_DIMENSION),
        fontSize: positive(part(seg, 4), "fontSize", MAX_FONT_SIZE),
      };
    case "image": {
      count(seg, 5, "image");
      const label = part(seg, 4).trim();
      if (!label) fail("the label of an image anchor is empty; it describes the image");
      return {
        type,
        signerRef,
        width: positive(part(seg, 2), "width", MAX_DIMENSION),
        height: positive(part(seg, 3), "height", MAX_DIMENSION),
        label,
      };
    }
    case "":
      return fail(`the field type is missing: ${TYPES}`);
    default:
      return parseNewType(type, signerRef, seg) ?? fail(`unknown field type "${part(seg, 1).trim()}": expected ${TYPES}`);
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
      const name = (legacy[1] ?? "").trim();
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
