import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dividesByConstantZero, evaluateFormula, formulaText, parseFormula, roundTo, MAX_FORMULA_LENGTH } from "./formula";

const run = (src: string, vars: Record<string, number> = {}) => {
  const p = parseFormula(src);
  if (!p.ok) throw new Error(p.message);
  return evaluateFormula(p.tree, (n) => (Object.prototype.hasOwnProperty.call(vars, n) ? vars[n]! : 0));
};

describe("formula grammar", () => {
  it("reads + − × ÷ with precedence, parentheses, unary minus and the four functions", () => {
    expect(run("price * quantity * 1.2", { price: 10, quantity: 3 })).toEqual({ ok: true, value: 36 });
    expect(run("1 + 2 * 3")).toEqual({ ok: true, value: 7 });
    expect(run("(1 + 2) * 3")).toEqual({ ok: true, value: 9 });
    expect(run("10 − 4 ÷ 2 × 3")).toEqual({ ok: true, value: 4 });
    expect(run("-a + +b", { a: 2, b: 5 })).toEqual({ ok: true, value: 3 });
    expect(run("round(2.5)")).toEqual({ ok: true, value: 3 });
    expect(run("round(-2.5)")).toEqual({ ok: true, value: -3 });
    expect(run("ROUND(1.005, 2)")).toEqual({ ok: true, value: 1.01 });
    expect(run("min(3, a, 7)", { a: -1 })).toEqual({ ok: true, value: -1 });
    expect(run("max(3, a, 7)", { a: 9 })).toEqual({ ok: true, value: 9 });
    expect(run("round(sum(a, b, 1), 2)", { a: 1.1, b: 2.2 })).toEqual({ ok: true, value: 4.3 });
    expect(run("[Unit price] * qty", { "Unit price": 2.5, qty: 4 })).toEqual({ ok: true, value: 10 });
    expect(run(".5 * 4")).toEqual({ ok: true, value: 2 });
  });

  it("names the fields it reads, each once, and not the functions", () => {
    const p = parseFormula("round(a * b + a, 2) + [c d]");
    expect(p.ok && p.names).toEqual(["a", "b", "c d"]);
  });

  it("refuses what is not a formula, saying where", () => {
    const bad: [string, RegExp][] = [
      ["", /empty/],
      ["a +", /ends too early/],
      ["a b", /unexpected "b"/],
      ["(a", /"\)" expected/],
      ["a)", /unexpected "\)"/],
      ["1.2.3", /digits and one "."/],
      ["alert(1)", /not a function/],
      ["a; b", /";" at 2/],
      ["a ** 2", /unexpected "\*"/],
      ["a.b", /"\." at 2|unexpected/],
      ["round(a, 7)", /0 to 6/],
      ["round(a, b)", /not a field/],
      ["round(1, 2, 3)", /round takes/],
      ["[unclosed", /not closed/],
      ["[]", /names no field/],
      ["x".repeat(MAX_FORMULA_LENGTH + 1), /at most 500 characters/],
      ["(".repeat(30) + "1" + ")".repeat(30), /nests at most/],
      ["-".repeat(40) + "1", /nests at most/],
      [Array.from({ length: 120 }, (_, i) => `a${i}`).join("+"), /at most 200 parts/],
    ];
    for (const [src, why] of bad) {
      const p = parseFormula(src);
      expect(p.ok, src.slice(0, 40)).toBe(false);
      if (!p.ok) expect(p.message, src.slice(0, 40)).toMatch(why);
    }
  });

  it("divides by zero as a result, not as Infinity; says when a divisor is zero whatever is typed", () => {
    expect(run("a / b", { a: 1, b: 0 })).toEqual({ ok: false, reason: "divisionByZero" });
    expect(run("1000000000 * 1000000000")).toEqual({ ok: false, reason: "tooLarge" });
    const tree = (s: string) => {
      const p = parseFormula(s);
      if (!p.ok) throw new Error(p.message);
      return p.tree;
    };
    expect(dividesByConstantZero(tree("price / 0"))).toBe(true);
    expect(dividesByConstantZero(tree("price / (2 - 2)"))).toBe(true);
    expect(dividesByConstantZero(tree("price / round(0.2)"))).toBe(true);
    expect(dividesByConstantZero(tree("price / quantity"))).toBe(false);
    expect(dividesByConstantZero(tree("price / (quantity - quantity)"))).toBe(false);
  });

  it("writes a result in the stored form, rounded half away from zero", () => {
    expect(formulaText(24, null)).toBe("24.00");
    expect(formulaText(1.005, 2)).toBe("1.01");
    expect(formulaText(-0.001, 2)).toBe("0.00");
    expect(formulaText(2.5, 0)).toBe("3");
    expect(roundTo(-1.005, 2)).toBe(-1.01);
  });

  it("never throws, never runs code and never reads an object's properties, whatever it is given", () => {
    const pieces = [
      "a",
      "b",
      "__proto__",
      "constructor",
      "toString",
      "(",
      ")",
      "[",
      "]",
      ",",
      "+",
      "-",
      "*",
      "/",
      "×",
      "÷",
      "−",
      "round",
      "min",
      "max",
      "sum",
      "1",
      "0",
      ".5",
      "9e9",
      "1e999",
      " ",
      "\u0000",
      "'",
      '"',
      "`",
      "${",
      "}",
      "=>",
      ";",
      "\\",
      "\n",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), fc.string({ maxLength: 60 }), (parts, noise) => {
        for (const src of [parts.join(""), noise, parts.join("") + noise]) {
          const p = parseFormula(src);
          if (!p.ok) {
            expect(typeof p.message).toBe("string");
            continue;
          }
          const seen: string[] = [];
          const r = evaluateFormula(p.tree, (name) => {
            seen.push(name);
            return 2;
          });
          expect(seen.every((n) => p.names.includes(n))).toBe(true);
          if (r.ok) expect(Number.isFinite(r.value)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    // Names that are an object's own properties read as fields (0 when none is), never as the object's.
    expect(run("constructor + __proto__ + toString")).toEqual({ ok: true, value: 0 });
  });
});
