/**
 * A NUMBER field's value as a person writes it in a language, and its one stored form. The signing page
 * reads what the signer types in the page's language and sends the stored form; the server reads what it
 * is sent with the same rules (lib/server/fields/judge-field-values.ts). No imports: the page and the
 * server run this same file.
 *
 * The rules, for a language whose decimal mark is D and whose thousands separator is G (en: "." and ",";
 * de, es, it, nl, pt: "," and "."; fr and pl: "," and a space):
 * - D is the decimal mark, at most once, with digits after it ("12," is refused).
 * - Spaces (any width) and G separate thousands, before the decimal mark only, in groups of exactly three
 *   after a first group of one to three digits ("1 234,5", "1.234.567,89"; "1.23,5" is refused).
 * - G alone once and not followed by exactly three digits ("12,5" in English, "12.5" in German) is
 *   ambiguous: it may be another language's decimal mark. It is refused, never guessed.
 * - In French and Polish, whose G is a space, a point is read as a decimal point ("7.5"), except before
 *   exactly three digits ("1.234", ambiguous: an older way of grouping thousands).
 * - An optional leading "-" (or "−"); ASCII digits only (other scripts' digits, letters, exponents,
 *   control characters are refused); at most MAX_NUMBER_TEXT characters, judged before anything else.
 * The stored form is CANONICAL_NUMBER: "-"?, digits without leading zeros, "." and the decimals as given
 * ("0012,50" → "12.50"; a zero has no sign).
 */

/** The stored form of a NUMBER value, and what the page sends: an optional "-", digits, an optional "." and decimals. */
export const CANONICAL_NUMBER = /^-?\d+(\.\d+)?$/;

/** The longest text read as a number (the largest value allowed, -1e15 with six decimals, grouped, is 29). */
export const MAX_NUMBER_TEXT = 40;

export type NumberFailure = "empty" | "tooLong" | "invalid" | "ambiguous";
export type NumberReading = { ok: true; value: string } | { ok: false; reason: NumberFailure };

const fail = (reason: NumberFailure): NumberReading => ({ ok: false, reason });

/** Spaces a language may group thousands with (Intl writes U+202F in French, U+00A0 in Polish). */
const SPACE = /[\u00a0\u2009\u202f]/g;
const isSpace = (c: string) => c === " " || c === "\u00a0" || c === "\u2009" || c === "\u202f";

/**
 * How `locale` writes numbers: its decimal mark, its thousands separator as written (`group`) and as read
 * (`groupRead`: a space of any width is " "), and whether it groups a four-digit whole part (not es, pl).
 */
export function numberSeparators(locale: string) {
  const nf = new Intl.NumberFormat(locale);
  const parts = nf.formatToParts(12345.5);
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  const groupsFour = nf.formatToParts(1234).some((p) => p.type === "group");
  return { decimal, group, groupRead: isSpace(group) ? " " : group, groupsFour };
}

/** The stored form of a sign, whole digits and decimals: leading zeros dropped, no sign on a zero. */
function canonicalOf(negative: boolean, whole: string, decimals: string | undefined): string {
  const digits = whole.replace(/^0+(?=\d)/, "") || "0";
  const zero = /^0*$/.test(digits + (decimals ?? ""));
  return `${negative && !zero ? "-" : ""}${digits}${decimals !== undefined ? `.${decimals}` : ""}`;
}

/** A leading group of thousands ("1", "12", "123"; not "0" or "0123") and then groups of exactly three digits. */
const isGrouped = (groups: string[]) => /^[1-9]\d{0,2}$/.test(groups[0] ?? "") && groups.slice(1).every((g) => /^\d{3}$/.test(g));

/** What a person typed, read as a number written in `locale` (the rules above). */
export function parseNumber(text: string, locale: string): NumberReading {
  if (text.length > MAX_NUMBER_TEXT) return fail("tooLong");
  let s = text.trim();
  if (s === "") return fail("empty");
  const negative = s[0] === "-" || s[0] === "\u2212";
  if (negative) s = s.slice(1);
  s = s.replace(SPACE, " ");
  if (!/^[0-9., ]+$/.test(s)) return fail("invalid");

  const { decimal, groupRead } = numberSeparators(locale);
  const other = decimal === "," ? "." : ",";
  const atDecimal = s.split(decimal);
  if (atDecimal.length > 2) return fail("invalid");
  let whole = atDecimal[0]!;
  let decimals = atDecimal[1];

  if (other !== groupRead && whole.includes(other)) {
    // A point in French or Polish: a decimal point, unless it could group thousands.
    const atOther = whole.split(other);
    if (decimals !== undefined || atOther.length > 2) return fail("invalid");
    if (isGrouped(atOther)) return fail("ambiguous");
    [whole, decimals] = atOther as [string, string];
  }
  if (decimals !== undefined && !/^\d+$/.test(decimals)) return fail("invalid");

  const separators = new Set(whole.replace(/\d/g, ""));
  if (separators.size > 1) return fail("invalid");
  const [sep] = separators;
  if (sep !== undefined) {
    if (sep !== " " && sep !== groupRead) return fail("invalid");
    const groups = whole.split(sep);
    if (!isGrouped(groups)) {
      const lone = sep !== " " && decimals === undefined && groups.length === 2 && groups.every((g) => /^\d+$/.test(g));
      return fail(lone ? "ambiguous" : "invalid");
    }
    whole = groups.join("");
  }
  if (!/^\d*$/.test(whole) || (whole === "" && decimals === undefined)) return fail("invalid");
  return { ok: true, value: canonicalOf(negative, whole, decimals) };
}

/**
 * A NUMBER value as it comes to the server: the stored form (what the page sends) is taken as it is, in
 * every language; anything else is read as written in the signer's language `locale`, by parseNumber.
 */
export function readSubmittedNumber(text: string, locale: string): NumberReading {
  if (text.length > MAX_NUMBER_TEXT) return fail("tooLong");
  const t = text.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (m) return { ok: true, value: canonicalOf(m[1] === "-", m[2]!, m[3]) };
  return parseNumber(t, locale);
}

/**
 * A stored NUMBER value as `locale` writes it: "1234.5" → "1,234.5" (en), "1.234,5" (de), "1 234,5" (fr).
 * Exact for any number of digits (no floating point); parseNumber reads it back to the same value. Text that
 * is not in the stored form is returned as it is.
 */
export function formatNumber(canonical: string, locale: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(canonical);
  if (!m) return canonical;
  const [minus, whole, decimals] = [m[1]!, m[2]!, m[3]];
  const { decimal, group, groupsFour } = numberSeparators(locale);
  let grouped = whole;
  if (whole.length > 4 || (whole.length === 4 && groupsFour)) {
    const head = whole.length % 3 || 3;
    const rest = whole.slice(head).match(/\d{3}/g) ?? [];
    grouped = [whole.slice(0, head), ...rest].join(group);
  }
  return `${minus}${grouped}${decimals !== undefined ? `${decimal}${decimals}` : ""}`;
}

/** A bound or other number from a program (1.5, 1000) as `locale` writes it; an exponent form stays as it is. */
export const formatNumberValue = (n: number, locale: string) => formatNumber(String(n), locale);

/**
 * Why the server refuses a NUMBER value, in English (the API's language), after the field's label. The
 * value is echoed only when it is short and holds only digits and separators.
 */
export function numberFailureMessage(reason: NumberFailure, text: string, locale: string): string {
  const example = formatNumber("1234.5", locale).replace(SPACE, " ");
  const form = `"." for decimals and no thousands separators (1234.5), or as written in ${locale} (${example})`;
  switch (reason) {
    case "tooLong":
      return `is too long to be a number (at most ${MAX_NUMBER_TEXT} characters)`;
    case "ambiguous":
      return `is ambiguous: "${text.trim()}" can be read two ways in ${locale}; write it with ${form}`;
    default:
      return `must be a number: digits with ${form}`;
  }
}
