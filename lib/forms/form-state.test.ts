import { describe, expect, it } from "vitest";
import type { Conditions, RuleOp } from "./conditions";
import { evaluateForm, type FormField, type Held } from "./form-state";
import { formProblems, isSureSignature, signerSigning } from "./form-problems";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const field = (n: number, type: string, more: Partial<FormField> = {}): FormField => ({
  id: id(n),
  type,
  name: null,
  assigneeId: "a",
  ...more,
});

/** Whether field 2, shown when field 1 `op value`, is shown when field 1 holds `held`. */
function shownWhen(
  type: string,
  op: RuleOp,
  value: string | number | boolean | undefined,
  held: Held | undefined,
  more: Partial<FormField> = {},
) {
  const fields = [
    field(1, type, more),
    field(2, "TEXT", { conditions: { all: [{ fieldId: id(1), op, ...(value !== undefined && { value }) }] } }),
  ];
  return evaluateForm(fields, (x) => (x === id(1) ? held : undefined)).shown(id(2));
}

describe("conditions: each operator on each type", () => {
  it("CHECKBOX: filled, empty, equals, notEquals", () => {
    expect(shownWhen("CHECKBOX", "filled", undefined, { checked: true })).toBe(true);
    expect(shownWhen("CHECKBOX", "filled", undefined, { checked: false })).toBe(false);
    expect(shownWhen("CHECKBOX", "empty", undefined, { checked: false })).toBe(true);
    expect(shownWhen("CHECKBOX", "equals", true, { checked: true })).toBe(true);
    expect(shownWhen("CHECKBOX", "equals", "false", { checked: false })).toBe(true);
    expect(shownWhen("CHECKBOX", "equals", "false", undefined)).toBe(true);
    expect(shownWhen("CHECKBOX", "notEquals", true, { checked: true })).toBe(false);
  });

  it("RADIO: the group's choice, whichever button the rule names", () => {
    const fields: FormField[] = [
      field(1, "RADIO", { group: "plan", option: "Basic" }),
      field(2, "RADIO", { group: "plan", option: "Pro" }),
      field(3, "TEXT", { conditions: { all: [{ fieldId: id(1), op: "equals", value: "Pro" }] } }),
      field(4, "TEXT", { conditions: { any: [{ fieldId: id(2), op: "empty" }] } }),
    ];
    const pro = evaluateForm(fields, (x) => (x === id(2) ? { checked: true } : { checked: false }));
    expect([pro.shown(id(3)), pro.shown(id(4))]).toEqual([true, false]);
    const none = evaluateForm(fields, () => ({ checked: false }));
    expect([none.shown(id(3)), none.shown(id(4))]).toEqual([false, true]);
  });

  it("DROPDOWN and TEXT: equals and contains ignore case and surrounding spaces; notEquals holds when empty", () => {
    expect(shownWhen("DROPDOWN", "equals", "Green", { text: " green " })).toBe(true);
    expect(shownWhen("DROPDOWN", "contains", "ree", { text: "Green" })).toBe(true);
    expect(shownWhen("TEXT", "contains", "ACME", { text: "works at Acme Ltd" })).toBe(true);
    expect(shownWhen("TEXT", "contains", "x", { text: "" })).toBe(false);
    expect(shownWhen("TEXT", "notEquals", "yes", { text: "" })).toBe(true);
    expect(shownWhen("TEXT", "filled", undefined, { text: "   " })).toBe(false);
    expect(shownWhen("EMAIL", "equals", "A@B.CO", { text: "a@b.co" })).toBe(true);
  });

  it("NUMBER: compared as numbers, an empty one is neither greater nor less", () => {
    expect(shownWhen("NUMBER", "greaterThan", 1000, { text: "1000.5" })).toBe(true);
    expect(shownWhen("NUMBER", "greaterThan", "1000", { text: "999" })).toBe(false);
    expect(shownWhen("NUMBER", "lessThan", 10, { text: "9" })).toBe(true);
    expect(shownWhen("NUMBER", "lessThan", 10, undefined)).toBe(false);
    expect(shownWhen("NUMBER", "equals", "2.50", { text: "2.5" })).toBe(true);
    expect(shownWhen("NUMBER", "notEquals", 3, undefined)).toBe(true);
  });

  it("DATE: the day signed, compared as YYYY-MM-DD", () => {
    expect(shownWhen("DATE", "greaterThan", "2026-01-01", { day: "2026-11-28" })).toBe(true);
    expect(shownWhen("DATE", "lessThan", "2026-01-01", { day: "2026-11-28" })).toBe(false);
    expect(shownWhen("DATE", "equals", "2026-11-28", { day: "2026-11-28" })).toBe(true);
  });

  it("SIGNATURE: filled or empty", () => {
    expect(shownWhen("SIGNATURE", "filled", undefined, { filled: true })).toBe(true);
    expect(shownWhen("SIGNATURE", "empty", undefined, { filled: true })).toBe(false);
  });
});

describe("conditions: groups, nesting, chains and formulas", () => {
  const c = (x: Conditions) => x;
  it("all, any, and one level of nesting", () => {
    const fields = [
      field(1, "CHECKBOX"),
      field(2, "NUMBER"),
      field(3, "TEXT"),
      field(4, "TEXT", {
        conditions: c({
          all: [
            { fieldId: id(1), op: "filled" },
            {
              any: [
                { fieldId: id(2), op: "greaterThan", value: 5 },
                { fieldId: id(3), op: "equals", value: "vip" },
              ],
            },
          ],
        }),
      }),
    ];
    const at = (h: Record<number, Held>) => evaluateForm(fields, (x) => h[Number(x.slice(-12))]).shown(id(4));
    expect(at({ 1: { checked: true }, 2: { text: "6" } })).toBe(true);
    expect(at({ 1: { checked: true }, 3: { text: "VIP" } })).toBe(true);
    expect(at({ 1: { checked: true }, 2: { text: "5" } })).toBe(false);
    expect(at({ 1: { checked: false }, 2: { text: "6" } })).toBe(false);
  });

  it("a hidden field reads as empty down a chain; a formula reads hidden or empty numbers as 0", () => {
    const fields = [
      field(1, "CHECKBOX"),
      field(2, "NUMBER", { name: "extra", conditions: { all: [{ fieldId: id(1), op: "filled" }] } }),
      field(3, "TEXT", { conditions: { all: [{ fieldId: id(2), op: "filled" }] } }),
      field(4, "NUMBER", { name: "qty" }),
      field(5, "FORMULA", { name: "total", formula: "qty * 2.5 + extra", decimals: 2 }),
      field(6, "TEXT", { conditions: { all: [{ fieldId: id(5), op: "greaterThan", value: 10 }] } }),
    ];
    const held: Record<string, Held> = { [id(1)]: { checked: false }, [id(2)]: { text: "100" }, [id(4)]: { text: "4" } };
    const s = evaluateForm(fields, (x) => held[x]);
    expect(s.hidden).toEqual([id(2), id(3), id(6)]);
    expect(s.computed.get(id(5))).toEqual({ ok: true, value: 10, text: "10.00" });
    held[id(1)] = { checked: true };
    const t = evaluateForm(fields, (x) => held[x]);
    expect(t.hidden).toEqual([]);
    expect(t.computed.get(id(5))).toMatchObject({ text: "110.00" });
  });

  it("stored data with a cycle (refused when saved) still ends: the field read again inside the cycle reads as empty", () => {
    const fields = [
      field(1, "TEXT", { conditions: { all: [{ fieldId: id(2), op: "empty" }] } }),
      field(2, "TEXT", { conditions: { all: [{ fieldId: id(1), op: "empty" }] } }),
    ];
    const s = evaluateForm(fields, () => undefined);
    expect(s.hidden).toEqual([]);
  });

  it("a settled field (an earlier turn) is read as stored, its own rules not again", () => {
    const fields = [
      field(1, "CHECKBOX", { assigneeId: "b" }),
      field(2, "TEXT", { assigneeId: "b", conditions: { all: [{ fieldId: id(1), op: "filled" }] } }),
      field(3, "TEXT", { conditions: { all: [{ fieldId: id(2), op: "equals", value: "x" }] } }),
    ];
    const s = evaluateForm(fields, (x) => (x === id(2) ? { text: "x" } : undefined), new Set([id(1), id(2)]));
    expect(s.shown(id(3))).toBe(true);
  });
});

describe("form problems", () => {
  const turn = (a: string) => ({ a: 1, b: 2, c: 2 })[a] ?? 9;
  it("names a missing field, a later signer's, a same-turn signer's, a wrong operator and a wrong value", () => {
    const fields = [
      { ...field(1, "CHECKBOX", { assigneeId: "b" }), label: "Later box" },
      { ...field(2, "NUMBER"), label: "Qty" },
      { ...field(3, "SIGNATURE", { assigneeId: "c" }) },
      { ...field(4, "DROPDOWN"), options: ["Red", "Green"], label: "Colour" },
      {
        ...field(5, "TEXT", {
          assigneeId: "b",
          conditions: {
            all: [
              { fieldId: id(9), op: "filled" },
              { fieldId: id(2), op: "contains", value: "1" },
              { fieldId: id(3), op: "filled" },
              { fieldId: id(4), op: "equals", value: "Purple" },
              { fieldId: id(2), op: "greaterThan", value: "lots" },
            ],
          },
        }),
      },
      { ...field(6, "TEXT", { conditions: { all: [{ fieldId: id(1), op: "filled" }] } }) },
    ];
    const messages = formProblems(fields, turn).map((p) => `${p.fieldId.slice(-1)}: ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^5: A rule reads field .*9, which is not a field/),
      expect.stringMatching(/^5: contains does not apply to "Qty", a NUMBER/),
      expect.stringMatching(/^5: "signature" is filled by another signer of the same turn/),
      expect.stringMatching(/^5: The rule on "Colour": "Purple" is not one of its options/),
      expect.stringMatching(/^5: The rule on "Qty": a NUMBER is compared with a number/),
      expect.stringMatching(/^6: "Later box" is filled by a later signer/),
    ]);
  });

  it("finds cycles through rules and formulas, on each field of the cycle; and formula names that are unknown or twice", () => {
    const fields = [
      { ...field(1, "NUMBER", { name: "a", conditions: { all: [{ fieldId: id(3), op: "filled" }] } }) },
      { ...field(2, "NUMBER", { name: "b" }) },
      { ...field(3, "FORMULA", { name: "t", formula: "a + b" }) },
      { ...field(4, "FORMULA", { name: "u", formula: "nope + dup / 0" }) },
      { ...field(5, "NUMBER", { name: "dup" }) },
      { ...field(6, "NUMBER", { name: "dup" }) },
    ];
    const p = formProblems(fields, turn);
    expect(p.filter((x) => /cycle/.test(x.message)).map((x) => x.fieldId)).toEqual([id(1), id(3)]);
    expect(p.filter((x) => x.fieldId === id(4)).map((x) => x.message)).toEqual([
      "The formula divides by zero",
      'The formula reads "nope", but no NUMBER or FORMULA field is named so',
      'The formula reads "dup", and 2 fields are named so: name them apart',
    ]);
    expect(formProblems(fields, turn, new Set([id(2)]))).toEqual([]);
  });
});

describe("a signer always signs", () => {
  const turn = () => 1;
  const who = (a: string) => ({ a: "Ann", b: "Bob" })[a];
  const optional = field(1, "CHECKBOX", { required: false } as Partial<FormField>);
  const when = { all: [{ fieldId: id(1), op: "filled" as const }] };

  it("names each signature of a signer whose signatures are all conditional or optional, and why", () => {
    const fields = [
      optional,
      { ...field(2, "SIGNATURE", { conditions: when }), label: "Sign here" },
      { ...field(3, "SIGNATURE"), required: false },
    ];
    expect(formProblems(fields, turn, undefined, who)).toEqual([
      {
        fieldId: id(2),
        path: "conditions",
        unsigned: "a",
        message:
          'A signer always signs: "Sign here" is shown only when its rules hold, and none of Ann\'s signatures is always shown and required; remove its conditions or add a signature that is',
      },
      {
        fieldId: id(3),
        path: "required",
        unsigned: "a",
        message:
          'A signer always signs: "signature" is optional (required: false), and none of Ann\'s signatures is always shown and required; make it required or add a signature that is',
      },
    ]);
  });

  it("is content with one sure signature per signer, whatever else they have; each signer is judged on their own", () => {
    const fields = [
      optional,
      field(2, "SIGNATURE", { conditions: when }),
      field(3, "SIGNATURE"),
      { ...field(4, "SIGNATURE", { assigneeId: "b" }), required: false },
      field(5, "TEXT", { assigneeId: "b" }),
    ];
    expect(formProblems(fields, turn, undefined, who).map((p) => [p.fieldId, p.unsigned])).toEqual([[id(4), "b"]]);
    expect(formProblems(fields.slice(0, 3), turn)).toEqual([]);
    // No SIGNATURE at all is not the form's problem while it is being built: sending judges it.
    expect(formProblems([optional, field(5, "TEXT")], turn)).toEqual([]);
  });

  it("any conditions make a signature unsure, even ones that always hold; stored null or absent is always shown", () => {
    const always = {
      any: [
        { fieldId: id(1), op: "filled" as const },
        { fieldId: id(1), op: "empty" as const },
      ],
    };
    expect(isSureSignature({ type: "SIGNATURE", conditions: always })).toBe(false);
    expect(isSureSignature({ type: "SIGNATURE", conditions: null, required: null })).toBe(true);
    expect(isSureSignature({ type: "SIGNATURE" })).toBe(true);
    expect(isSureSignature({ type: "SIGNATURE", required: false })).toBe(false);
    expect(isSureSignature({ type: "INITIAL" })).toBe(false);
  });

  it("how a signer's fields let them finish: a sure signature, the spec's own fields, unsure signatures, or nothing to sign", () => {
    expect(signerSigning([{ type: "TEXT" }, { type: "SIGNATURE" }])).toBe("signs");
    // As the interface spec's anchors and coordinates make them: INITIAL, DATE and TEXT, no rules.
    expect(signerSigning([{ type: "TEXT", required: false }, { type: "DATE" }, { type: "INITIAL" }])).toBe("spec");
    expect(signerSigning([{ type: "SIGNATURE", required: false }, { type: "TEXT" }])).toBe("unsure");
    expect(signerSigning([{ type: "CHECKBOX" }])).toBe("none");
    expect(signerSigning([{ type: "TEXT" }, { type: "CHECKBOX" }])).toBe("none");
    expect(signerSigning([{ type: "TEXT", conditions: when }])).toBe("none");
    expect(signerSigning([])).toBe("none");
  });
});
