import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator, type IntlError } from "use-intl/core";
import { catalogs } from "./catalogs";
import { dashboardMessages } from "./dashboard";
import { locales, type Locale } from "./locales";

// Every message of every catalog (the signer's eight and the dashboard's) is rendered through use-intl
// with each number at 0, 1 and 2, each `select` at each of its branches and plausible words for the
// rest: none may fail or leave a brace. Then what a count of one, and French elision, must look like.

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
}

type Kind = "number" | "select" | "date" | "text" | "tag";

/** A message's arguments by kind, and the branches of each `select`. */
function argumentsOf(message: string) {
  const args = new Map<string, Kind>();
  const branches = new Map<string, string[]>();
  const walk = (els: MessageFormatElement[]) => {
    for (const e of els) {
      if (e.type === TYPE.argument && !args.has(e.value)) args.set(e.value, "text");
      else if (e.type === TYPE.number) args.set(e.value, "number");
      else if (e.type === TYPE.date || e.type === TYPE.time) args.set(e.value, "date");
      else if (e.type === TYPE.plural) {
        args.set(e.value, "number");
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.select) {
        args.set(e.value, "select");
        branches.set(e.value, Object.keys(e.options));
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.tag) {
        args.set(e.value, "tag");
        walk(e.children);
      }
    }
  };
  walk(parse(message));
  return { args, branches };
}

/** Words a person might see in the place of a text argument; names beginning with a vowel test elision. */
const WORDS: Record<string, string> = {
  name: "Admin",
  sender: "Admin",
  who: "Admin",
  by: "Anna Müller",
  organization: "Acme",
  title: "Vertrag – Müller",
  email: "anna@example.com",
  address: "anna@example.com",
  date: "3 mars 2026",
  time: "10:21",
  min: "10",
  max: "100",
};

type Values = Record<string, string | number | Date | ((chunks: string) => string)>;

/** Every combination of values to render a message with: each number at 0, 1, 2; each select at each branch. */
function valueSets(message: string): Values[] {
  const { args, branches } = argumentsOf(message);
  let sets: Values[] = [{}];
  for (const [name, kind] of args) {
    const options: Values[string][] =
      kind === "number"
        ? [0, 1, 2]
        : kind === "select"
          ? branches.get(name)!
          : kind === "date"
            ? [new Date("2026-03-03T10:21:00Z")]
            : kind === "tag"
              ? [(chunks: string) => `[${chunks}]`]
              : [WORDS[name] ?? "Ada"];
    sets = sets.flatMap((set) => options.map((v) => ({ ...set, [name]: v })));
  }
  return sets;
}

const braces = (text: string) => (text.match(/[{}]/g) ?? []).length;

/** The braces a message writes as text ('{{…}}' quoted in ICU): only those may be in what it renders. */
function literalBraces(message: string): number {
  let n = 0;
  const walk = (els: MessageFormatElement[]) => {
    for (const e of els) {
      if (e.type === TYPE.literal) n += braces(e.value);
      else if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) walk(o.value);
      else if (e.type === TYPE.tag) walk(e.children);
    }
  };
  walk(parse(message));
  return n;
}

/** Renders one message with `values`; the errors use-intl reports. */
function render(locale: Locale, message: string, values: Values) {
  const errors: IntlError[] = [];
  const t = createTranslator({ locale, messages: { m: message }, onError: (e) => errors.push(e) });
  const text = t.markup("m" as never, values as never);
  return { text, errors };
}

const catalogsToRender: [string, Locale, Tree][] = [
  ...locales.map((l) => [`signer ${l}`, l, catalogs[l] as unknown as Tree] as [string, Locale, Tree]),
  ["dashboard en", "en" as Locale, dashboardMessages as unknown as Tree],
];

describe("every message renders at 0, 1 and 2", () => {
  it.each(catalogsToRender)("%s", (_, locale, tree) => {
    const problems: string[] = [];
    const messages = flatten(tree);
    expect(messages.length).toBeGreaterThan(50);
    for (const [key, message] of messages) {
      for (const values of valueSets(message)) {
        const { text, errors } = render(locale, message, values);
        if (errors.length) problems.push(`${key} ${JSON.stringify(values)}: ${errors.map((e) => e.message).join("; ")}`);
        else if (braces(text) > literalBraces(message)) problems.push(`${key}: a brace is left in "${text}"`);
        // A count must not be followed by a word in "(s)": a plural rule says it.
        else if (/\d \w+\(s\)/.test(text)) problems.push(`${key}: "(s)" where a plural rule belongs: "${text}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

const say = (locale: Locale, key: string, values: Values) => {
  const { text, errors } = render(locale, lookup(catalogs[locale] as unknown as Tree, key), values);
  expect(errors).toEqual([]);
  return text;
};

function lookup(tree: Tree, key: string): string {
  const found = key
    .split(".")
    .reduce<string | Tree | undefined>((node, k) => (typeof node === "object" ? node[k] : undefined), tree);
  if (typeof found !== "string") throw new Error(`no message ${key}`);
  return found;
}

describe("plurals and elision", () => {
  it("French says one field in the singular, and more in the plural", () => {
    expect(say("fr", "signing.form.progress", { done: 1, total: 1 })).toBe("1 sur 1 champ obligatoire rempli");
    expect(say("fr", "signing.form.progress", { done: 1, total: 4 })).toBe("1 sur 4 champs obligatoires remplis");
    expect(say("fr", "signing.form.missing", { count: 1 })).toBe("1 champ obligatoire est encore vide.");
    expect(say("fr", "signing.form.missing", { count: 2 })).toBe("2 champs obligatoires sont encore vides.");
    expect(say("fr", "signing.gate.sent", { address: "a@b.c", minutes: 1 })).toContain("valable 1 minute.");
  });

  it("a minute, a person and an invitation are singular at 1 in every language", () => {
    const singular: Record<Locale, string> = {
      en: "1 minute.",
      de: "1 Minute lang",
      fr: "1 minute.",
      es: "1 minuto.",
      it: "1 minuto.",
      pt: "1 minuto.",
      nl: "1 minuut geldig",
      pl: "1 minutę.",
    };
    for (const l of locales) {
      expect(say(l, "signing.gate.sent", { address: "a@b.c", minutes: 1 })).toContain(singular[l]);
      expect(say(l, "signing.done.sameStep", { count: 1 })).not.toMatch(/\d/);
      expect(say(l, "signing.done.nextInvited", { count: 2 })).toMatch(/2/);
    }
    expect(say("pl", "signing.gate.sent", { address: "a@b.c", minutes: 5 })).toContain("5 minut.");
    expect(say("pl", "signing.gate.sent", { address: "a@b.c", minutes: 3 })).toContain("3 minuty.");
    expect(say("en", "signing.done.sameStep", { count: 2 })).toMatch(/^2 other people at this step have not finished yet\./);
  });

  it("French elides or needs no elision before a name that begins with a vowel", () => {
    expect(say("fr", "signing.sender.from", { name: "Admin" })).toBe("Message envoyé par Admin");
    expect(say("fr", "mail.invitation.messageFrom", { name: "Admin" })).toBe("Message envoyé par Admin :");
    // No French message puts "de", "que", "le", "la" or "ne" before a word with a vowel: that is written d'…, qu'…
    const bad: string[] = [];
    for (const [key, message] of flatten(catalogs.fr as unknown as Tree))
      for (const values of valueSets(message)) {
        const { text } = render("fr", message, values);
        if (/(^|[\s(«])(de|que|le|la|ne|je|se) [aeiouéèêAEIOUÉ]/.test(text)) bad.push(`${key}: ${text}`);
      }
    expect(bad).toEqual([]);
  });
});
