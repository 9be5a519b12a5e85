import { describe, expect, it } from "vitest";
import { createTranslator, type IntlError } from "use-intl/core";
import { catalogs } from "./catalogs";
import { dashboardCatalogs } from "./dashboard/catalogs";
import { locales } from "./locales";

// Each of the eight catalogs has exactly the English keys, and every message is valid ICU
// that formats in its own language with the arguments the English one takes: the signer's
// (lib/i18n/messages) and the dashboard's (lib/i18n/dashboard).

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

/**
 * The arguments a message takes ({name}, {count, plural, …}) and its tags (<doc>…</doc>): a brace
 * followed by a name and then "}" or ",". (A branch of a plural or select holds a sentence, never one word.)
 */
function argumentsOf(message: string) {
  const names = new Set<string>();
  const plurals = new Set<string>();
  for (const m of message.matchAll(/\{\s*([A-Za-z]\w*)\s*(?=[,}])(,\s*(\w+))?/g)) {
    names.add(m[1]!);
    if (m[3] === "plural" || m[3] === "selectordinal") plurals.add(m[1]!);
  }
  const tags = new Set([...message.matchAll(/<(\w+)>/g)].map((m) => m[1]!));
  return { names, plurals, tags };
}

describe.each([
  ["the signer's message catalogs", catalogs as unknown as Record<string, Tree>],
  ["the dashboard's message catalogs", dashboardCatalogs as unknown as Record<string, Tree>],
] as const)("%s", (_name, catalogs) => {
  const english = flatten(catalogs.en!);

  it("has a catalog for each of the eight languages", () => {
    expect([...locales].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pl", "pt"]);
    expect(Object.keys(catalogs).sort()).toEqual([...locales].sort());
  });

  it.each(locales.filter((l) => l !== "en"))("%s has every English message and no other", (locale) => {
    const keys = flatten(catalogs[locale]!);
    const missing = [...english.keys()].filter((k) => !keys.has(k));
    const extra = [...keys.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(locales)("every %s message is ICU that formats, with the English message's arguments and tags", (locale) => {
    const flat = flatten(catalogs[locale]!);
    const problems: string[] = [];
    for (const [key, en] of english) {
      const message = flat.get(key);
      if (typeof message !== "string" || !message.trim()) {
        problems.push(`${key}: not a message`);
        continue;
      }
      const want = argumentsOf(en as string);
      const got = argumentsOf(message);
      // A translation may leave out an argument (a number it words), never take one the code does not give.
      if (![...got.names].every((n) => want.names.has(n)))
        problems.push(`${key}: arguments ${[...got.names]} where English has ${[...want.names]}`);
      if ([...got.tags].sort().join() !== [...want.tags].sort().join())
        problems.push(`${key}: tags ${[...got.tags]} where English has ${[...want.tags]}`);
      // Formats for several counts (each plural category of the language), with every tag.
      for (const n of [0, 1, 2, 5, 22, 1.5]) {
        const errors: IntlError[] = [];
        const t = createTranslator({ locale, messages: { m: message }, onError: (e) => errors.push(e) });
        const values: Record<string, string | number | ((chunks: string) => string)> = {};
        for (const name of want.names) values[name] = want.plurals.has(name) || got.plurals.has(name) ? n : "x";
        for (const tag of want.tags) values[tag] = (chunks: string) => `[${chunks}]`;
        const text = t.markup("m" as never, values as never);
        if (errors.length) problems.push(`${key}: ${errors.map((e) => e.message).join("; ")}`);
        // A brace is left only where the English shows one itself (ICU's quoted '{{' … '}}').
        else if (/\{|\}/.test(text) && !(en as string).includes("'{")) problems.push(`${key}: a brace is left in "${text}"`);
        if (errors.length) break;
      }
    }
    expect(problems).toEqual([]);
  });
});
