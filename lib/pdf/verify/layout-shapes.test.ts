// How honest PAdES tools lay out their updates after a seal, each with a hostile twin: an xref stream
// written beside the update's table (PDFBox) or named by /XRefStm (a hybrid file) is accepted only
// when it says what the table says; a superseded /DSS left behind (nothing refers to it) only when it
// is validation data, never a page or an annotation; a startxref or entry that names the white-space
// just before its table or object (Certipost's tool) only when it is white-space, not a comment.
// Every update is written byte by byte.
import { beforeAll, describe, expect, it } from "vitest";
import { sealedTrickBase } from "../../../test/support/sealed-tricks";
import { testP12 } from "../../../test/support/seal-fixtures";
import { catalogWith, stream, RED, type Base } from "../../../test/support/pdf-updates";
import { verifyPdf } from "./index";

const ours = { sealingP12: { p12: testP12().p12, password: testP12().password } };

interface Layout {
  /** An xref stream beside the table: the rows it lists ([num, offset]; default: the table's), named by /XRefStm or not. */
  shadow?: { rows?: (offsets: Map<number, number>) => [number, number][]; prev?: number; xrefStm?: boolean };
  /** What startxref and each entry name: the object itself, or `before` bytes written just ahead of it. */
  before?: string;
  /** More trailer entries. */
  trailer?: string;
}

/** An update of `objects` with a classic table, laid out as `layout` says. */
function update(base: Base, objects: { num: number; body: string }[], layout: Layout = {}): Uint8Array {
  let out = Buffer.from(base.bytes).toString("latin1");
  if (!out.endsWith("\n")) out += "\n";
  const offsets = new Map<number, number>();
  const named = (at: number) => at - (layout.before?.length ?? 0);
  let size = base.size;
  for (const o of objects) {
    out += layout.before ?? "";
    offsets.set(o.num, named(out.length));
    out += `${o.num} 0 obj\n${o.body}\nendobj\n`;
    size = Math.max(size, o.num + 1);
  }
  let xrefStm = "";
  if (layout.shadow) {
    const num = size++;
    const rows = layout.shadow.rows?.(offsets) ?? [...offsets];
    const data = Buffer.concat(
      rows.map(([, at]) => Buffer.from([1, at >>> 24, (at >>> 16) & 255, (at >>> 8) & 255, at & 255, 0, 0])),
    );
    const index = rows.map(([n]) => `${n} 1`).join(" ");
    const at = out.length;
    offsets.set(num, at);
    out += `${num} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Index [${index}] /Root ${base.root} 0 R /Prev ${layout.shadow.prev ?? base.prev}${layout.trailer ?? ""} /Length ${data.length} >>\nstream\n`;
    out += `${data.toString("latin1")}\nendstream\nendobj\n`;
    if (layout.shadow.xrefStm) xrefStm = ` /XRefStm ${at}`;
  }
  out += layout.before ?? "";
  const xrefAt = named(out.length);
  out += "xref\n";
  for (const [num, at] of [...offsets].sort((a, b) => a[0] - b[0])) out += `${num} 1\n${String(at).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${size} /Root ${base.root} 0 R /Prev ${base.prev}${xrefStm}${layout.trailer ?? ""} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

describe("the layout of honest updates after a seal, and their hostile twins", () => {
  let base: Base;
  beforeAll(async () => {
    let sealed: Uint8Array;
    ({ sealed, base } = await sealedTrickBase("sr_layout"));
    expect((await verifyPdf(sealed, ours)).verdict).toBe("VALID");
  });
  const INFO = () => ` /Info ${base.size} 0 R`;
  const info = () => ({ num: base.size, body: "<< /Producer (A PAdES tool) >>" });
  const verdict = async (pdf: Uint8Array) => {
    const v = await verifyPdf(pdf, ours);
    return { verdict: v.verdict, modifications: v.modifications };
  };

  it("an xref stream beside the table that lists what the table lists (PDFBox): VALID", async () => {
    expect(await verdict(update(base, [info()], { trailer: INFO(), shadow: {} }))).toEqual({
      verdict: "VALID",
      modifications: [],
    });
  });

  it("an xref stream beside the table that names an object elsewhere, another object or another chain: ALTERED", async () => {
    const red = { num: base.size + 1, body: stream("", RED) };
    const elsewhere = await verdict(
      update(base, [info(), red], { trailer: INFO(), shadow: { rows: (o) => [[base.size, o.get(base.size + 1)!]] } }),
    );
    expect(elsewhere.verdict).toBe("ALTERED");
    expect(elsewhere.modifications.join(" | ")).toMatch(/cross-reference stream \(object \d+\) that names object \d+ otherwise/);
    const more = await verdict(
      update(base, [info()], { trailer: INFO(), shadow: { rows: (o) => [...o, [base.contents, o.get(base.size)!]] } }),
    );
    expect(more.modifications.join(" | ")).toMatch(new RegExp(`lists object ${base.contents}, which its table does not`));
    const chain = await verdict(update(base, [info()], { trailer: INFO(), shadow: { prev: 9 } }));
    expect(chain.modifications.join(" | ")).toMatch(/continues another cross-reference chain/);
  });

  it("a hybrid update (/XRefStm) whose stream says what its table says: VALID; one that lists more: ALTERED", async () => {
    expect(await verdict(update(base, [info()], { trailer: INFO(), shadow: { xrefStm: true } }))).toEqual({
      verdict: "VALID",
      modifications: [],
    });
    const red = { num: base.size + 1, body: stream("", RED) };
    const hostile = await verdict(
      update(base, [info(), red], {
        trailer: INFO(),
        shadow: {
          xrefStm: true,
          rows: (o) => [
            [base.size, o.get(base.size)!],
            [base.contents, o.get(base.size + 1)!],
          ],
        },
      }),
    );
    expect(hostile.verdict).toBe("ALTERED");
    expect(hostile.modifications.join(" | ")).toMatch(new RegExp(`lists object ${base.contents}, which its table does not`));
  });

  it("a superseded /DSS nothing refers to (validation data): VALID; a page or an annotation nothing refers to: ALTERED", async () => {
    const n = base.size;
    const dss = [
      { num: n, body: `<< /Type /DSS /Certs [${n + 1} 0 R] /VRI ${n + 2} 0 R >>` },
      { num: n + 1, body: stream("", "0\x82\x01\x00") },
      { num: n + 2, body: `<< /${"AB".repeat(20)} << /Type /VRI /Cert [${n + 1} 0 R] /TU (D:20260101000000Z) >> >>` },
    ];
    expect(await verdict(update(base, dss))).toEqual({ verdict: "VALID", modifications: [] });
    const page = await verdict(
      update(base, [
        { num: n, body: `<< /Type /Page /Parent ${base.pages} 0 R /MediaBox [0 0 595 842] /Contents ${n + 1} 0 R >>` },
        { num: n + 1, body: stream("", RED) },
      ]),
    );
    expect(page.verdict).toBe("ALTERED");
    expect(page.modifications.join(" | ")).toMatch(new RegExp(`Object ${n} was written after the seal, but nothing`));
    const annot = await verdict(update(base, [{ num: n, body: "<< /Type /Annot /Subtype /Square /Rect [0 0 500 500] >>" }]));
    expect(annot.modifications.join(" | ")).toMatch(new RegExp(`Object ${n} was written after the seal, but nothing`));
    const dssWithPage = await verdict(
      update(base, [{ num: n, body: `<< /Type /DSS /Certs [${base.page1} 0 R] /Pages 3 0 R >>` }]),
    );
    expect(dssWithPage.verdict).toBe("ALTERED");
  });

  it("a /VRI entry whose /Type is the text (VRI): VALID; any other text there: ALTERED", async () => {
    const n = base.size;
    const dss = (type: string) => [
      { num: base.root, body: catalogWith(base, `/DSS ${n} 0 R`) },
      { num: n, body: `<< /Type /DSS /Certs [${n + 1} 0 R] /VRI << /${"AB".repeat(20)} ${n + 2} 0 R >> >>` },
      { num: n + 1, body: stream("", "0\x82\x01\x00") },
      { num: n + 2, body: `<< /Type ${type} /Cert [${n + 1} 0 R] >>` },
    ];
    expect(await verdict(update(base, dss("(VRI)")))).toEqual({ verdict: "VALID", modifications: [] });
    const other = await verdict(update(base, dss("(Page)")));
    expect(other.verdict).toBe("ALTERED");
    expect(other.modifications.join(" | ")).toMatch(/a \/VRI entry: its \/Type is not \/VRI/);
  });

  it("startxref and entries naming the line break before the table and objects (Certipost): VALID; a comment there: ALTERED", async () => {
    expect(await verdict(update(base, [info()], { trailer: INFO(), before: "\n" }))).toEqual({
      verdict: "VALID",
      modifications: [],
    });
    const comment = await verdict(update(base, [info()], { trailer: INFO(), before: "%x\n" }));
    expect(comment.verdict).toBe("ALTERED");
  });
});
