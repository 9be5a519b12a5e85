import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { formatNumber, MAX_NUMBER_TEXT, numberFailureMessage, parseNumber, readSubmittedNumber } from "./locale-number";

// A NUMBER as the signer means it: read in the page's language (decimal comma or point, thousands
// separators), refused when it has no single reading, shown back as the language writes it; the server
// reads the stored form the page sends, and other text in the signer's language, by the same rules.

const value = (text: string, locale: string) => parseNumber(text, locale);
const ok = (v: string) => ({ ok: true, value: v });
const refused = (reason: string) => ({ ok: false, reason });

describe("parseNumber", () => {
  it("reads the decimal comma in French and German and the point in English", () => {
    expect(value("12,5", "fr")).toEqual(ok("12.5"));
    expect(value("12,5", "de")).toEqual(ok("12.5"));
    expect(value("12.5", "en")).toEqual(ok("12.5"));
    expect(value("-0,75", "de")).toEqual(ok("-0.75"));
    expect(value("−3,5", "fr")).toEqual(ok("-3.5"));
    expect(value(" 42 ", "en")).toEqual(ok("42"));
    expect(value(",5", "de")).toEqual(ok("0.5"));
    expect(value(".5", "en")).toEqual(ok("0.5"));
  });

  it("reads thousands separators: the language's own and spaces of any width, in groups of three", () => {
    expect(value("1.234,5", "de")).toEqual(ok("1234.5"));
    expect(value("1,234.5", "en")).toEqual(ok("1234.5"));
    expect(value("1.234.567,89", "de")).toEqual(ok("1234567.89"));
    expect(value("1,234,567", "en")).toEqual(ok("1234567"));
    expect(value("1 234,5", "fr")).toEqual(ok("1234.5"));
    expect(value("1\u202f234,5", "fr")).toEqual(ok("1234.5"));
    expect(value("1\u00a0234\u00a0567,5", "pl")).toEqual(ok("1234567.5"));
    expect(value("1 234.5", "en")).toEqual(ok("1234.5"));
    expect(value("1.234,5", "es")).toEqual(ok("1234.5"));
    expect(value("1.234,5", "it")).toEqual(ok("1234.5"));
    expect(value("1.234,5", "nl")).toEqual(ok("1234.5"));
    expect(value("1.234,5", "pt")).toEqual(ok("1234.5"));
    // A lone separator before exactly three digits is a thousands separator in the language that uses it.
    expect(value("1,234", "en")).toEqual(ok("1234"));
    expect(value("1.234", "de")).toEqual(ok("1234"));
  });

  it("reads a point as the decimal point in French and Polish, except before exactly three digits", () => {
    expect(value("7.5", "fr")).toEqual(ok("7.5"));
    expect(value("12.25", "pl")).toEqual(ok("12.25"));
    expect(value("0.125", "fr")).toEqual(ok("0.125"));
    expect(value("1 234.5", "fr")).toEqual(ok("1234.5"));
    expect(value("1.234", "fr")).toEqual(refused("ambiguous"));
  });

  it("keeps the decimals as written and drops leading zeros; a zero has no sign", () => {
    expect(value("0012,50", "de")).toEqual(ok("12.50"));
    expect(value("-0,0", "de")).toEqual(ok("0.0"));
    expect(value("000", "en")).toEqual(ok("0"));
  });

  it("refuses as ambiguous the language's thousands separator where another language's decimal mark would be", () => {
    for (const [text, locale] of [
      ["12,5", "en"],
      ["0,5", "en"],
      ["1,2345", "en"],
      ["0,500", "en"],
      ["12.5", "de"],
      ["3.14", "it"],
      ["12.5", "pt"],
    ] as const)
      expect(value(text, locale), `${text} in ${locale}`).toEqual(refused("ambiguous"));
  });

  it("refuses what is not a number in the language, saying so", () => {
    for (const [text, locale] of [
      ["1,2,3", "en"],
      ["1,2,3", "de"],
      ["1.2.3", "fr"],
      ["1.23,5", "de"],
      ["1,23,456", "en"],
      ["12,34.5", "en"],
      ["1.234,5", "en"],
      ["1,234.5", "de"],
      ["1.234,5", "fr"],
      ["1 234.567,8", "de"],
      ["12 5", "fr"],
      ["12,", "de"],
      ["12.", "en"],
      ["-", "en"],
      [",", "de"],
      ["+5", "en"],
      ["1e5", "en"],
      ["0x10", "en"],
      ["Infinity", "en"],
      ["NaN", "en"],
      ["12 €", "de"],
      ["--5", "en"],
      ["5-", "en"],
      ["1'234", "de"],
    ] as const)
      expect(value(text, locale), `${text} in ${locale}`).toEqual(refused("invalid"));
    expect(value("", "en")).toEqual(refused("empty"));
    expect(value("   ", "de")).toEqual(refused("empty"));
  });

  it("refuses hostile text at once: other scripts' digits, control characters, very long strings", () => {
    for (const text of ["١٢", "１２", "१२", "12\u0000", "\u00001", "1\u200b2", "12\n5", "1\u20282"])
      expect(value(text, "en"), JSON.stringify(text)).toEqual(refused("invalid"));
    expect(value("1".repeat(MAX_NUMBER_TEXT + 1), "en")).toEqual(refused("tooLong"));
    const huge = `${"1,".repeat(500_000)}5`;
    // Refused by their length before any pattern reads them (a backtracking pattern would take minutes, into
    // the test's timeout); no wall-clock bound here.
    expect(value(huge, "en")).toEqual(refused("tooLong"));
    expect(value(" ".repeat(1_000_000), "en")).toEqual(refused("tooLong"));
    expect(readSubmittedNumber("0".repeat(9999) + "1", "en")).toEqual(refused("tooLong"));
    // Just under the limit, the worst shape the rules accept still reads at once.
    expect(value("-12 345 678 901 234 567 890,123456", "fr")).toEqual(ok("-12345678901234567890.123456"));
  });
});

describe("readSubmittedNumber (the server)", () => {
  it("takes the stored form the page sends, in every language", () => {
    expect(readSubmittedNumber("12.5", "de")).toEqual(ok("12.5"));
    expect(readSubmittedNumber("1.234", "de")).toEqual(ok("1.234"));
    expect(readSubmittedNumber(" -7 ", "en")).toEqual(ok("-7"));
    expect(readSubmittedNumber("007.50", "en")).toEqual(ok("7.50"));
  });

  it("reads other text in the signer's language with the page's rules", () => {
    expect(readSubmittedNumber("3,5", "de")).toEqual(ok("3.5"));
    expect(readSubmittedNumber("1.234,5", "de")).toEqual(ok("1234.5"));
    expect(readSubmittedNumber("1 234", "de")).toEqual(ok("1234"));
    expect(readSubmittedNumber("1,234.5", "en")).toEqual(ok("1234.5"));
    expect(readSubmittedNumber("3,5", "en")).toEqual(refused("ambiguous"));
    expect(readSubmittedNumber("1,2,3", "de")).toEqual(refused("invalid"));
  });

  it("words each refusal for the API", () => {
    expect(numberFailureMessage("ambiguous", "3,5", "en")).toBe(
      'is ambiguous: "3,5" can be read two ways in en; write it with "." for decimals and no thousands separators (1234.5), or as written in en (1,234.5)',
    );
    expect(numberFailureMessage("invalid", "1,2,3", "fr")).toBe(
      'must be a number: digits with "." for decimals and no thousands separators (1234.5), or as written in fr (1 234,5)',
    );
    expect(numberFailureMessage("tooLong", "", "de")).toBe(`is too long to be a number (at most ${MAX_NUMBER_TEXT} characters)`);
  });
});

describe("formatNumber", () => {
  it("writes a stored value as the language does", () => {
    expect(formatNumber("12.5", "fr")).toBe("12,5");
    expect(formatNumber("12.5", "en")).toBe("12.5");
    expect(formatNumber("1234.5", "en")).toBe("1,234.5");
    expect(formatNumber("1234.5", "de")).toBe("1.234,5");
    expect(formatNumber("1234.5", "fr")).toBe("1\u202f234,5");
    expect(formatNumber("-1234567.25", "pt")).toBe("-1.234.567,25");
    expect(formatNumber("12.50", "de")).toBe("12,50");
    // Spanish and Polish leave a four-digit whole part ungrouped, as Intl does.
    expect(formatNumber("1234.5", "es")).toBe("1234,5");
    expect(formatNumber("12345.5", "es")).toBe("12.345,5");
    expect(formatNumber("1234", "pl")).toBe("1234");
    expect(formatNumber("12345", "pl")).toBe("12\u00a0345");
    // Exact beyond a double's digits.
    expect(formatNumber("999999999999999.123456", "en")).toBe("999,999,999,999,999.123456");
    expect(formatNumber("not a number", "en")).toBe("not a number");
  });

  it("matches Intl where a double is exact, and reads back to the same value in all eight languages", () => {
    const samples = ["0", "7", "-3.5", "12.5", "999", "1000", "1234.5", "-12345.25", "1234567.125", "100000000"];
    for (const locale of locales) {
      for (const s of samples) {
        const shown = formatNumber(s, locale);
        const decimals = s.split(".")[1]?.length ?? 0;
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        expect(shown, `${s} in ${locale}`).toBe(intl.format(Number(s)));
        expect(parseNumber(shown, locale), `${shown} in ${locale}`).toEqual(ok(s));
      }
    }
  });
});
