import { describe, expect, it } from "vitest";
import { toLocale } from "./locales";
import { acceptedLocales, resolveLocale } from "./resolve-locale";

describe("resolveLocale", () => {
  it("takes the signer's choice, then the recipient's, the request's, the browser's, else English", () => {
    const all = { chosen: "pl", recipient: "de", request: "fr", acceptLanguage: "es-ES,es;q=0.9" };
    expect(resolveLocale(all)).toBe("pl");
    expect(resolveLocale({ ...all, chosen: null })).toBe("de");
    expect(resolveLocale({ ...all, chosen: null, recipient: null })).toBe("fr");
    expect(resolveLocale({ ...all, chosen: null, recipient: null, request: null })).toBe("es");
    expect(resolveLocale({})).toBe("en");
  });

  it("skips what it does not speak", () => {
    expect(resolveLocale({ chosen: "xx", recipient: "sv", request: "ja", acceptLanguage: "fi, nl;q=0.5" })).toBe("nl");
    expect(resolveLocale({ acceptLanguage: "zh-CN, ja;q=0.8" })).toBe("en");
  });

  it("reads Accept-Language by weight, regions dropped, q=0 refused", () => {
    expect(acceptedLocales("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual(["fr", "en", "de"]);
    expect(acceptedLocales("en;q=0.2, pt-BR;q=0.9")).toEqual(["pt", "en"]);
    expect(acceptedLocales("de;q=0, it")).toEqual(["it"]);
    expect(acceptedLocales("")).toEqual([]);
    expect(acceptedLocales(null)).toEqual([]);
    expect(acceptedLocales("garbage;;;,,,q=")).toEqual([]);
  });

  it("reduces a tag to its language", () => {
    expect(toLocale("de-AT")).toBe("de");
    expect(toLocale("PT_br")).toBe("pt");
    expect(toLocale("en")).toBe("en");
    expect(toLocale("sv-SE")).toBeNull();
    expect(toLocale(undefined)).toBeNull();
  });
});
