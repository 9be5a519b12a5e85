import { signingField, signingT } from "../support/signing-fields";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FieldInput } from "@/components/signing/field-inputs";
import { initialValues, relocaleNumbers, toSubmission, valueProblem } from "@/components/signing/fields";
import { SigningIntlProvider } from "@/components/signing/intl";
import type { SigningField } from "@/components/signing/types";
import { draftEntry, withDrafts } from "@/components/signing/use-draft-saving";
import { catalogs } from "@/lib/i18n/catalogs";

// The signing page's NUMBER field: a text box with the decimal keyboard, read in the page's language,
// refused in the signer's words when it is not a number there or is ambiguous, sent in its stored form.

const numberField = (over: Partial<SigningField> = {}) => signingField("n1", "NUMBER", { label: "Quantité", ...over });

const t = signingT;

describe("the NUMBER input on the signing page", () => {
  it("is a text box with the decimal keyboard, not a number input", () => {
    const props = { locale: "fr", messages: { signing: catalogs.fr.signing } } as Parameters<typeof SigningIntlProvider>[0];
    const input = createElement(FieldInput, { field: numberField(), scale: 1, value: "12,5", onValue: () => {} });
    const html = renderToStaticMarkup(createElement(SigningIntlProvider, props, input));
    expect(html).toMatch(/<input[^>]* type="text"/);
    expect(html).toMatch(/inputMode="decimal"/i);
    expect(html).toContain('value="12,5"');
    expect(html).not.toContain('type="number"');
  });

  it("reads what the signer typed in the page's language, and words each refusal in it", () => {
    const f = numberField();
    expect(valueProblem(f, "12,5", t("fr"), "fr")).toBeNull();
    expect(valueProblem(f, "1.234,5", t("de"), "de")).toBeNull();
    expect(valueProblem(f, "1,234.5", t("en"), "en")).toBeNull();
    expect(valueProblem(f, "12,5", t("en"), "en")).toBe("This number can be read two ways: use “.” for decimals, like 1,234.5");
    expect(valueProblem(f, "1.234", t("fr"), "fr")).toBe(
      "Ce nombre peut se lire de deux façons : séparez les décimales par « , », par exemple 1\u202f234,5",
    );
    expect(valueProblem(f, "12.5", t("de"), "de")).toBe(
      "Diese Zahl ist mehrdeutig: Trennen Sie Dezimalstellen mit „,“ ab, z. B. 1.234,5",
    );
    // Italian, Spanish and Polish leave a four-digit number ungrouped, as Intl does.
    expect(valueProblem(f, "1,2,3", t("it"), "it")).toBe("Inserisca un numero, ad esempio 1234,5");
    expect(valueProblem(f, "٣", t("es"), "es")).toBe("Introduzca un número, por ejemplo 1234,5");
    expect(valueProblem(f, "9".repeat(100), t("pl"), "pl")).toBe("Zbyt długie jak na liczbę");
    // Bounds and decimals on the number read, the bound written as the language writes it.
    expect(valueProblem(numberField({ min: 1.5 }), "1", t("de"), "de")).toBe("Mindestens 1,5");
    expect(valueProblem(numberField({ decimals: 1 }), "12,25", t("fr"), "fr")).toBe("1 décimale au plus");
  });

  it("sends the stored form, whatever language the page reads it in", () => {
    const fields = [numberField(), numberField({ id: "n2" })];
    expect(toSubmission(fields, { n1: "12,5", n2: "1\u202f234,5" }, "fr")).toEqual([
      { fieldId: "n1", text: "12.5" },
      { fieldId: "n2", text: "1234.5" },
    ]);
    expect(toSubmission(fields, { n1: "1,234.5", n2: "" }, "en")).toEqual([
      { fieldId: "n1", text: "1234.5" },
      { fieldId: "n2", text: "" },
    ]);
  });

  it("writes a default and the numbers typed so far in the page's language, and again when it changes", () => {
    const fields = [numberField({ defaultValue: "1234.5" }), numberField({ id: "n2" })];
    expect(initialValues(fields, undefined, "de")).toEqual({ n1: "1.234,5" });
    expect(relocaleNumbers(fields, { n1: "12,5", n2: "1.234" }, "fr", "en")).toEqual({ n1: "12.5", n2: "1.234" });
    expect(relocaleNumbers(fields, { n1: "1,234.5", n2: "" }, "en", "fr")).toEqual({ n1: "1\u202f234,5", n2: "" });
  });
});

describe("a NUMBER saved as the signer fills it (the page's drafts)", () => {
  it("is saved in its stored form and read back in the language of the page that opens it", () => {
    const f = numberField();
    expect(draftEntry(f, "1.234,5", "de")).toEqual({ fieldId: "n1", text: "1234.5" });
    expect(withDrafts([f], {}, [{ fieldId: "n1", text: "1234.5", savedAt: "2026-11-27T12:00:00.000Z" }], "en")).toEqual({
      n1: "1,234.5",
    });
    expect(withDrafts([f], {}, [{ fieldId: "n1", text: "1234.5", savedAt: "2026-11-27T12:00:00.000Z" }], "fr")).toEqual({
      n1: "1\u202f234,5",
    });
    // Not a number in the page's language yet (ambiguous in English): nothing is saved for it.
    expect(draftEntry(f, "12,5", "en")).toBeNull();
    // Emptied: the saved value is removed.
    expect(draftEntry(f, "", "de")).toEqual({ fieldId: "n1" });
  });
});
