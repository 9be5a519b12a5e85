// The strict reading of what follows a seal: what is well-formed PDF reads as one value; what readers may
// read differently is a SyntaxProblem; actions are found however their names are spelled.
import { describe, expect, it } from "vitest";
import { actionsIn, readIndirectObject, readValue, StrictLexer, SyntaxProblem } from "./strict-syntax";

const bytes = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
const value = (s: string) => readValue(new StrictLexer(bytes(s), 0));
const problem = (s: string) => {
  try {
    readIndirectObject(bytes(s), 0);
  } catch (e) {
    if (e instanceof SyntaxProblem) return e.what;
    throw e;
  }
  return null;
};

describe("strict PDF syntax", () => {
  it("reads well-formed objects as their readers all do", () => {
    expect(value("[0 0.0 -.5 +3. 12 0 R /N#41me (a \\) (b) c) <0A f> true null]")).toEqual({
      kind: "array",
      items: [
        { kind: "number", value: 0, integer: true },
        { kind: "number", value: 0, integer: false },
        { kind: "number", value: -0.5, integer: false },
        { kind: "number", value: 3, integer: false },
        { kind: "ref", num: 12, gen: 0 },
        { kind: "name", value: "NAme" },
        { kind: "string" },
        { kind: "string" },
        { kind: "boolean" },
        { kind: "null" },
      ],
    });
    const obj = "7 0 obj\r\n<< /Length 5 /Filter /FlateDecode % a comment\n>>\r\nstream\r\nabcde\r\nendstream\nendobj\n";
    const read = readIndirectObject(bytes(obj), 0);
    expect(read).toMatchObject({ num: 7, gen: 0, stream: { end: read.stream!.start + 5 }, end: obj.length - 1 });
    expect(problem("3 0 obj << /Size 12 >> endobj")).toBeNull();
  });

  it("names what readers may read differently", () => {
    const cases: [string, RegExp][] = [
      ["1 0 obj [80 560 480.-0 680] endobj", /neither a number nor a keyword \("480\.-0"\)/],
      ["1 0 obj [--5] endobj", /"--5"/],
      ["1 0 obj [1.2.3] endobj", /"1\.2\.3"/],
      ["1 0 obj [12true] endobj", /"12true"/],
      ["1 0 obj [1 0R] endobj", /"0R"/],
      ["1 0 obj [4294967296] endobj", /out of the range/],
      ["1 0 obj << /A 1 /A 2 >> endobj", /given twice \(\/A\)/],
      ["1 0 obj << /A >> endobj", /no value \(\/A\)/],
      ["1 0 obj << (k) 1 >> endobj", /key that is not a name/],
      ["1 0 obj /Na#zme endobj", /malformed # escape/],
      ["1 0 obj /Na#00me endobj", /malformed # escape/],
      ["1 0 obj <4g> endobj", /not a hex digit/],
      ["1 0 obj (open endobj", /does not end/],
      ["1 0 obj [1 2 endobj", /keyword "endobj"|does not end/],
      ["1 0 obj 5 ] endobj", /does not end with endobj/],
      ["1 0 obj << /Length 3 >>\rstream\rabc\nendstream endobj", /CRLF or LF/],
      ["1 0 obj << /Length 9 >>\nstream\nabc\nendstream endobj", /\/Length does not end at endstream/],
      [`1 0 obj ${"[".repeat(70)}${"]".repeat(70)} endobj`, /nested too deep/],
    ];
    for (const [text, why] of cases)
      expect({ text, problem: problem(text) }).toEqual({ text, problem: expect.stringMatching(why) });
  });

  it("finds actions and scripts by key and by type, however the names are spelled", () => {
    expect(actionsIn(value("<< /AA << /PO << /S /J#61vaScript /JS (x) >> >> /F 4 >>"))).toEqual([
      { key: "AA", name: "/AA" },
      { key: "AA", name: "/JavaScript" },
      { key: "AA", name: "/JS" },
    ]);
    expect(actionsIn(value("<< /Names << /JavaScript 5 0 R >> >>"))).toEqual([{ key: "Names", name: "/JavaScript" }]);
    expect(actionsIn(value("<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] >>"))).toEqual([]);
  });
});
