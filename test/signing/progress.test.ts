import { signingField, signingT } from "../support/signing-fields";
import { describe, expect, it } from "vitest";
import { doneCount, requiredFields, type Values } from "@/components/signing/fields";
import type { Locale } from "@/lib/i18n/locales";

// The signing page's progress line ("2 of 3 required fields"): a field counts once it is filled with a
// value the page accepts, never with one Sign would refuse.

const field = signingField;

const t = signingT;
const fields = [field("qty", "NUMBER", { max: 10 }), field("mail", "EMAIL"), field("ok", "CHECKBOX")];
const done = (values: Values, locale: Locale = "en") => doneCount(requiredFields(fields), { fields, values }, t(locale), locale);

describe("the progress line", () => {
  it("counts a field filled with a value the page accepts", () => {
    expect(done({ qty: "7", mail: "ann@example.com", ok: true })).toBe(3);
    expect(done({ qty: "7,5", mail: "", ok: false }, "fr")).toBe(1);
  });

  it("does not count a number that is not one, is out of bounds or ambiguous, nor an address that is not one", () => {
    expect(done({ qty: "seven", mail: "ann@example.com", ok: true })).toBe(2);
    expect(done({ qty: "12", mail: "ann@example.com", ok: true })).toBe(2);
    // "1,5" on an English page could be 1.5 or 15: refused until written unambiguously.
    expect(done({ qty: "1,5", mail: "ann@example.com", ok: true })).toBe(2);
    expect(done({ qty: "7", mail: "ann at example", ok: true })).toBe(2);
  });
});
