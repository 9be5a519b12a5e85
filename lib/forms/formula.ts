/**
 * A FORMULA field's formula: a small grammar of its own, read by hand into a tree and evaluated over
 * numbers, so nothing a sender writes is ever run as code (no eval, no Function, no property lookup on
 * an object: names are looked up in a Map the caller fills). No imports: the signing page, the placer and
 * the server run this same file.
 *
 *   formula  := sum
 *   sum      := product (("+" | "-" | "−") product)*
 *   product  := unary (("*" | "×" | "/" | "÷") unary)*
 *   unary    := ("-" | "−" | "+") unary | primary
 *   primary  := number | name | "[" any name "]" | function "(" sum ("," sum)* ")" | "(" sum ")"
 *   function := round | min | max | sum        (case-insensitive)
 *   number   := digits ("." digits)?           (always "." for decimals, whatever the language)
 *   name     := a letter or "_", then letters, digits or "_" (a field's `name`; "[Unit price]" for others)
 *
 * round(x) rounds to a whole number, round(x, n) to n decimals (0–6), half away from zero. Limits:
 * MAX_FORMULA_LENGTH characters, MAX_FORMULA_NODES parts, MAX_FORMULA_DEPTH nesting.
 */

export const MAX_FORMULA_LENGTH = 500;
export const MAX_FORMULA_NODES = 200;
export const MAX_FORMULA_DEPTH = 24;
const FUNCTIONS = ["round", "min", "max", "sum"] as const;
type FunctionName = (typeof FUNCTIONS)[number];

export type FormulaNode =
  | { k: "num"; v: number }
  | { k: "ref"; name: string }
  | { k: "neg"; e: FormulaNode }
  | { k: "bin"; op: "+" | "-" | "*" | "/"; a: FormulaNode; b: FormulaNode }
  | { k: "call"; fn: FunctionName; args: FormulaNode[] };

export type FormulaParse = { ok: true; tree: FormulaNode; names: string[] } | { ok: false; message: string };

type Token =
  | { t: "num"; v: number; at: number }
  | { t: "name"; v: string; at: number }
  | { t: "op"; v: string; at: number }
  | { t: "end"; at: number };

class FormulaSyntaxError extends Error {}

/** A field name as the grammar reads it bare: a letter or "_", then letters, digits or "_". */
const BARE_NAME = /^[\p{L}_][\p{L}\p{N}_]*/u;

/** How a formula names a field: bare when the grammar reads it so (`price`), else in brackets (`[Unit price]`). */
export const formulaRef = (name: string) => (BARE_NAME.exec(name)?.[0] === name ? name : `[${name}]`);

const OPS: Record<string, string> = { "+": "+", "-": "-", "\u2212": "-", "*": "*", "\u00d7": "*", "/": "/", "\u00f7": "/" };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^[0-9]*(\.[0-9]+)?/.exec(src.slice(i, i + 40))!;
      if (/^[0-9.]/.test(src[i + m[0].length] ?? ""))
        throw new FormulaSyntaxError(`a number at ${i + 1} is not written as digits and one "."`);
      out.push({ t: "num", v: Number(m[0]), at: i });
      i += m[0].length;
      continue;
    }
    if (c === "[") {
      const end = src.indexOf("]", i + 1);
      if (end < 0) throw new FormulaSyntaxError(`"[" at ${i + 1} is not closed by "]"`);
      const name = src.slice(i + 1, end).trim();
      if (name === "") throw new FormulaSyntaxError(`"[]" at ${i + 1} names no field`);
      out.push({ t: "name", v: name, at: i });
      i = end + 1;
      continue;
    }
    const word = BARE_NAME.exec(src.slice(i, i + 201));
    if (word) {
      out.push({ t: "name", v: word[0], at: i });
      i += word[0].length;
      continue;
    }
    if (OPS[c] || c === "(" || c === ")" || c === ",") {
      out.push({ t: "op", v: OPS[c] ?? c, at: i });
      i++;
      continue;
    }
    throw new FormulaSyntaxError(
      `"${c}" at ${i + 1} is not part of a formula (numbers, field names, + - * / ( ) and round, min, max, sum)`,
    );
  }
  out.push({ t: "end", at: src.length });
  return out;
}

/** Reads a formula into its tree and the field names it reads (each once), or says what is wrong with it. */
export function parseFormula(src: string): FormulaParse {
  if (typeof src !== "string" || src.trim() === "") return { ok: false, message: "the formula is empty" };
  if (src.length > MAX_FORMULA_LENGTH) return { ok: false, message: `a formula is at most ${MAX_FORMULA_LENGTH} characters` };
  try {
    const tokens = tokenize(src);
    let pos = 0;
    let nodes = 0;
    const names = new Set<string>();
    const peek = () => tokens[pos]!;
    const isOp = (v: string) => {
      const t = peek();
      return t.t === "op" && t.v === v;
    };
    const expect = (v: string) => {
      if (!isOp(v)) throw new FormulaSyntaxError(`"${v}" expected at ${peek().at + 1}`);
      pos++;
    };
    const node = <N extends FormulaNode>(n: N, depth: number): N => {
      if (++nodes > MAX_FORMULA_NODES) throw new FormulaSyntaxError(`a formula has at most ${MAX_FORMULA_NODES} parts`);
      if (depth > MAX_FORMULA_DEPTH) throw new FormulaSyntaxError(`a formula nests at most ${MAX_FORMULA_DEPTH} deep`);
      return n;
    };
    const sum = (depth: number): FormulaNode => {
      let a = product(depth);
      while (isOp("+") || isOp("-")) {
        const op = (tokens[pos++] as { v: "+" | "-" }).v;
        a = node({ k: "bin", op, a, b: product(depth) }, depth);
      }
      return a;
    };
    const product = (depth: number): FormulaNode => {
      let a = unary(depth);
      while (isOp("*") || isOp("/")) {
        const op = (tokens[pos++] as { v: "*" | "/" }).v;
        a = node({ k: "bin", op, a, b: unary(depth) }, depth);
      }
      return a;
    };
    const unary = (depth: number): FormulaNode => {
      if (depth > MAX_FORMULA_DEPTH) throw new FormulaSyntaxError(`a formula nests at most ${MAX_FORMULA_DEPTH} deep`);
      if (isOp("-")) {
        pos++;
        return node({ k: "neg", e: unary(depth + 1) }, depth);
      }
      if (isOp("+")) {
        pos++;
        return unary(depth + 1);
      }
      return primary(depth);
    };
    const primary = (depth: number): FormulaNode => {
      const t = peek();
      if (t.t === "num") {
        pos++;
        return node({ k: "num", v: t.v }, depth);
      }
      if (t.t === "name") {
        pos++;
        const fn = t.v.toLowerCase() as FunctionName;
        if (isOp("(") && (FUNCTIONS as readonly string[]).includes(fn)) {
          pos++;
          const args = [sum(depth + 1)];
          while (isOp(",")) {
            pos++;
            args.push(sum(depth + 1));
          }
          expect(")");
          if (fn === "round" && args.length > 2)
            throw new FormulaSyntaxError("round takes a number and, optionally, how many decimals");
          if (fn === "round" && args[1] && args[1].k !== "num")
            throw new FormulaSyntaxError("round's decimals are a number from 0 to 6, not a field");
          if (fn === "round" && args[1]?.k === "num" && !(Number.isInteger(args[1].v) && args[1].v <= 6))
            throw new FormulaSyntaxError("round's decimals are a whole number from 0 to 6");
          return node({ k: "call", fn, args }, depth);
        }
        if (isOp("(")) throw new FormulaSyntaxError(`"${t.v}" is not a function; the functions are round, min, max and sum`);
        names.add(t.v);
        return node({ k: "ref", name: t.v }, depth);
      }
      if (isOp("(")) {
        pos++;
        const e = sum(depth + 1);
        expect(")");
        return e;
      }
      throw new FormulaSyntaxError(t.t === "end" ? "the formula ends too early" : `unexpected "${t.v}" at ${t.at + 1}`);
    };
    const tree = sum(0);
    if (peek().t !== "end") {
      const t = peek() as Exclude<Token, { t: "end" }>;
      throw new FormulaSyntaxError(`unexpected "${t.v}" at ${t.at + 1}`);
    }
    return { ok: true, tree, names: [...names] };
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return { ok: false, message: e.message };
    throw e;
  }
}

export type FormulaResult = { ok: true; value: number } | { ok: false; reason: "divisionByZero" | "tooLarge" };

/** Largest magnitude a result may have (a NUMBER's bound): beyond it doubles lose whole units. */
const LIMIT = 1e15;

class Stop extends Error {
  constructor(readonly reason: "divisionByZero" | "tooLarge") {
    super(reason);
  }
}

/** Rounds half away from zero to `decimals` places, exactly for the decimals a person wrote (1.005 → 1.01). */
export function roundTo(x: number, decimals: number): number {
  const sign = x < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(x)}e${decimals}`);
  if (!Number.isFinite(shifted)) return x;
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}

/** The value of a formula's tree, each name read by `read` (a name it does not know counts as 0). */
export function evaluateFormula(tree: FormulaNode, read: (name: string) => number): FormulaResult {
  const ev = (n: FormulaNode): number => {
    let v: number;
    switch (n.k) {
      case "num":
        v = n.v;
        break;
      case "ref":
        v = read(n.name);
        if (!Number.isFinite(v)) v = 0;
        break;
      case "neg":
        v = -ev(n.e);
        break;
      case "bin": {
        const a = ev(n.a);
        const b = ev(n.b);
        if (n.op === "/" && b === 0) throw new Stop("divisionByZero");
        v = n.op === "+" ? a + b : n.op === "-" ? a - b : n.op === "*" ? a * b : a / b;
        break;
      }
      case "call": {
        const args = n.args.map(ev);
        if (n.fn === "round") v = roundTo(args[0]!, args[1] ?? 0);
        else if (n.fn === "min") v = Math.min(...args);
        else if (n.fn === "max") v = Math.max(...args);
        else v = args.reduce((s, x) => s + x, 0);
        break;
      }
    }
    if (!Number.isFinite(v) || Math.abs(v) > LIMIT) throw new Stop("tooLarge");
    return v;
  };
  try {
    const value = ev(tree);
    return { ok: true, value: Object.is(value, -0) ? 0 : value };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, reason: e.reason };
    throw e;
  }
}

/** Whether the tree divides by something that is zero whatever the fields hold ("price / 0", "a / (2 - 2)"). */
export function dividesByConstantZero(tree: FormulaNode): boolean {
  const readsAField = (n: FormulaNode): boolean =>
    n.k === "ref" ||
    (n.k === "neg" && readsAField(n.e)) ||
    (n.k === "bin" && (readsAField(n.a) || readsAField(n.b))) ||
    (n.k === "call" && n.args.some(readsAField));
  const isZero = (n: FormulaNode) => {
    if (readsAField(n)) return false;
    const r = evaluateFormula(n, () => 0);
    return r.ok && r.value === 0;
  };
  const walk = (n: FormulaNode): boolean => {
    if (n.k === "bin") return (n.op === "/" && isZero(n.b)) || walk(n.a) || walk(n.b);
    if (n.k === "neg") return walk(n.e);
    if (n.k === "call") return n.args.some(walk);
    return false;
  };
  return walk(tree);
}

/** A result in the stored form of a NUMBER ("12.50"): rounded to `decimals` places (2 when none is set). */
export function formulaText(value: number, decimals: number | null | undefined): string {
  const d = decimals ?? 2;
  const text = roundTo(value, d).toFixed(d);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
