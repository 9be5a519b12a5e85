import { describe, expect, it } from "vitest";
import { Lexer, MAX_SHARED, sharedStrings, type Operand } from "./lexer";

/** The operands of every operator in `src`, in order. */
function operandsOf(src: string): Operand[][] {
  const lexer = new Lexer(new Uint8Array(Buffer.from(src, "latin1")));
  const out: Operand[][] = [];
  const args: Operand[] = [];
  while (lexer.nextOp(args) !== undefined) out.push([...args]);
  return out;
}

const bytesOf = (o: Operand | undefined) => (o instanceof Uint8Array ? [...o] : o);

describe("Lexer: hex strings", () => {
  it("reads every one- and two-byte string as the same bytes as the general path (white-space inside)", () => {
    // The short form <hhhh> is shared between reads; the same string with a space inside is read byte by byte.
    const digits = (v: number, n: number) => v.toString(16).padStart(n, "0");
    const short: string[] = [];
    const spaced: string[] = [];
    for (let v = 0; v < 65536; v += 7) {
      const h = digits(v, 4);
      const mixed = v % 2 ? h.toUpperCase() : h;
      short.push(`<${mixed}> Tj`);
      spaced.push(`<${mixed.slice(0, 2)} ${mixed.slice(2)}> Tj`);
    }
    for (let v = 0; v < 256; v++) {
      short.push(`<${digits(v, 2)}> Tj`);
      spaced.push(`< ${digits(v, 2)}> Tj`);
    }
    const a = operandsOf(short.join("\n")).map((ops) => bytesOf(ops[0]));
    const b = operandsOf(spaced.join("\n")).map((ops) => bytesOf(ops[0]));
    expect(a).toHaveLength(short.length);
    expect(a).toEqual(b);
    expect(a[1]).toEqual([0x00, 0x07]);
    expect(a.at(-1)).toEqual([0xff]);
  });

  it("reads what is not plain hex as before: a bad digit skipped, an odd digit padded, empty, unterminated", () => {
    const ops = operandsOf("<4G> Tj <123> Tj <> Tj <0g52> Tj <4a4B> Tj <00");
    expect(ops.map((o) => bytesOf(o[0]))).toEqual([[0x40], [0x12, 0x30], [], [0x05, 0x20], [0x4a, 0x4b], [0x00]]);
  });

  it("gives a string read twice the same bytes, inside arrays too, and a dictionary's hex value", () => {
    const [tj, arr, dict] = operandsOf("<0052> Tj [<0052> -3.5 <0052>] TJ /Span << /ActualText <0052> >> BDC");
    expect(bytesOf(tj![0])).toEqual([0x00, 0x52]);
    const items = arr![0] as Operand[];
    expect(items.map(bytesOf)).toEqual([[0x00, 0x52], -3.5, [0x00, 0x52]]);
    const props = dict![1] as Map<string, Operand>;
    expect(bytesOf(props.get("ActualText"))).toEqual([0x00, 0x52]);
  });

  it("keeps at most MAX_SHARED two-byte strings, however many a file shows, and reads the rest alike", () => {
    const every = Array.from({ length: 65536 }, (_, v) => `<${v.toString(16).padStart(4, "0")}> Tj`).join("\n");
    const read = operandsOf(every).map((ops) => ops[0] as Uint8Array);
    expect(sharedStrings()).toBe(MAX_SHARED);
    expect(read.every((b, v) => b.length === 2 && ((b[0]! << 8) | b[1]!) === v)).toBe(true);
    expect(operandsOf(every).map((ops) => bytesOf(ops[0]))).toEqual(read.map((b) => [...b]));
  });
});
