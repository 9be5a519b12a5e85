import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { take } from "@/test/support/expect-helpers";
import {
  FIXTURE_ANCHORS,
  FIXTURE_DATA,
  FIXTURE_PLACEHOLDERS,
  corruptDocx,
  docxFromLibreOffice,
  docxFromPackage,
  handBuiltDocx,
  zipNotDocx,
} from "@/test/support/docx-fixtures";
import { DocxError } from "./errors";
import { fillDocx, inspectDocx, missingPlaceholders, valueOf } from "./template";
import { classifyTag } from "./tags";

/** Every w:t text of every templated part, joined: what a reader of the DOCX sees. */
function docxText(bytes: Uint8Array): string {
  const zip = new PizZip(bytes);
  return Object.keys(zip.files)
    .filter((n) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(n))
    .sort()
    .map((n) =>
      zip
        .file(n)!
        .asText()
        .replace(/<w:br\/>/g, "\n")
        .replace(/<\/w:p>/g, "\n")
        .replace(/<[^>]+>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, "&"),
    )
    .join("\n");
}

function docxError(fn: () => unknown): DocxError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocxError) return e;
    throw e;
  }
  throw new Error("expected a DocxError");
}

const makers = {
  "the docx package": () => docxFromPackage(),
  "LibreOffice (fodt → docx)": () => docxFromLibreOffice(),
  "a hand-built package with Word's clutter between runs": async () => handBuiltDocx(),
};

describe.each(Object.entries(makers))("a DOCX template made by %s", (_, make) => {
  it("lists every placeholder, also split across runs, in tables, headers and footers", async () => {
    const info = inspectDocx(await make());
    expect([...info.placeholders].sort()).toEqual([...FIXTURE_PLACEHOLDERS].sort());
  });

  it("lists the anchors exactly as written, parsed", async () => {
    const info = inspectDocx(await make());
    expect(info.anchors.map((a) => a.text)).toEqual([...FIXTURE_ANCHORS]);
    expect(info.anchors.every((a) => a.ok)).toBe(true);
    expect(info.anchors[1]).toMatchObject({
      ok: true,
      anchor: { type: "text", signerRef: "s1", label: "Full name", maxLength: 50, required: true },
    });
  });

  it("fills values as text (escaped, line breaks kept) and leaves anchors intact", async () => {
    const filled = fillDocx(await make(), FIXTURE_DATA);
    const text = docxText(filled);
    expect(text).toContain("Acme & Sons <Ltd> – contract");
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain("EUR 12,500.00");
    expect(text).toContain("2026-01-15");
    expect(text).toContain("Confidential\nPage footer line two");
    for (const a of FIXTURE_ANCHORS) expect(text).toContain(a);
    expect(text).not.toMatch(/\{\{(?!s\d)/);
    // The result is still a template-free, well-formed DOCX: reading it again finds only anchors.
    const again = inspectDocx(filled);
    expect(again.placeholders).toEqual([]);
    expect(again.anchors.map((a) => a.text)).toEqual([...FIXTURE_ANCHORS]);
  });

  it("refuses to fill when a value is missing, and names every missing placeholder", async () => {
    const bytes = await make();
    const e = docxError(() => fillDocx(bytes, { amount: "1", start_date: "2" }));
    expect(e.kind).toBe("MISSING_VALUES");
    expect((e.details!.missing as string[]).sort()).toEqual(["company.name", "customer.name", "footer_note"]);
  });
});

describe("values", () => {
  it("are looked up flat first, then through nested objects, own properties only", () => {
    expect(valueOf({ "a.b": "flat", a: { b: "nested" } }, "a.b")).toBe("flat");
    expect(valueOf({ a: { b: "nested" } }, "a.b")).toBe("nested");
    expect(valueOf({ n: 3, t: true }, "n")).toBe("3");
    expect(valueOf({ n: 3, t: true }, "t")).toBe("true");
    expect(valueOf({}, "constructor")).toBeUndefined();
    expect(valueOf({ a: {} }, "a.toString")).toBeUndefined();
    expect(valueOf({ a: null }, "a")).toBeUndefined();
    expect(valueOf({ a: { b: "x" } }, "a")).toBeUndefined();
    expect(missingPlaceholders(["a", "b", "c"], { a: "", c: "z" })).toEqual(["b"]);
  });

  it("with XML metacharacters and control characters still give a well-formed document", async () => {
    const filled = fillDocx(handBuiltDocx(), { ...FIXTURE_DATA, amount: "</w:t><w:r>&\u0001\u0008 ]]>" });
    const xml = new PizZip(filled).file("word/document.xml")!.asText();
    expect(xml).toContain("&lt;/w:t&gt;&lt;w:r&gt;&amp; ]]&gt;");
    expect(docxText(filled)).toContain("</w:t><w:r>& ]]>");
  });
});

describe("tags", () => {
  it("are classified: placeholders, anchors (kept, even malformed), and the rest refused", () => {
    expect(classifyTag("customer.name")).toEqual({ kind: "placeholder", name: "customer.name" });
    expect(classifyTag(" spaced ")).toEqual({ kind: "placeholder", name: "spaced" });
    expect(classifyTag("s1|signature|120|40")).toEqual({ kind: "anchor", text: "{{s1|signature|120|40}}" });
    expect(classifyTag("signet:witness")).toEqual({ kind: "anchor", text: "{{signet:witness}}" });
    expect(classifyTag("x9|nonsense")).toEqual({ kind: "anchor", text: "{{x9|nonsense}}" });
    expect(classifyTag("first name").kind).toBe("invalid");
    expect(classifyTag("a..b").kind).toBe("invalid");
    expect(classifyTag("items", "loop").kind).toBe("invalid");
  });

  it("a malformed anchor is listed with the reason, not dropped", () => {
    const body = `<w:p><w:r><w:t>Sign {{s1|signature|wide|40}} and {{s0|date}}</w:t></w:r></w:p>`;
    const info = inspectDocx(handBuiltDocx(body));
    expect(info.anchors).toHaveLength(2);
    const [first, second] = take(info.anchors, 2);
    expect(first).toMatchObject({ ok: false, text: "{{s1|signature|wide|40}}" });
    expect(first.ok === false && first.reason).toMatch(/width/);
    expect(second.ok).toBe(false);
  });

  it("unclosed tags, loops and names with spaces make the template unusable, with the tags named", () => {
    const wrap = (t: string) => handBuiltDocx(`<w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`);
    const unclosed = docxError(() => inspectDocx(wrap("Dear {{name, welcome")));
    expect(unclosed.kind).toBe("TEMPLATE");
    expect(unclosed.message).toMatch(/error/i);
    const loop = docxError(() => inspectDocx(wrap("{{#items}}x{{/items}}")));
    expect(loop.kind).toBe("TEMPLATE");
    expect(loop.details!.errors).toEqual([expect.objectContaining({ tag: "{{items}}" })]);
    const spaced = docxError(() => inspectDocx(wrap("Dear {{first name}}")));
    expect(spaced.kind).toBe("TEMPLATE");
    expect(spaced.message).toContain("{{first name}}");
  });
});

describe("bytes that are not a usable DOCX", () => {
  it("a PDF, text or an empty file: NOT_DOCX", () => {
    for (const b of [new TextEncoder().encode("%PDF-1.7\n"), new TextEncoder().encode("hello"), new Uint8Array()]) {
      expect(docxError(() => inspectDocx(b)).kind).toBe("NOT_DOCX");
    }
  });

  it("a zip that is not a Word document: NOT_DOCX", () => {
    expect(docxError(() => inspectDocx(zipNotDocx())).kind).toBe("NOT_DOCX");
  });

  it("a truncated DOCX: CORRUPT", async () => {
    expect(docxError(() => inspectDocx(corruptDocx(handBuiltDocx()))).kind).toBe("CORRUPT");
    const pkg = await docxFromPackage();
    expect(docxError(() => inspectDocx(corruptDocx(pkg))).kind).toBe("CORRUPT");
  });

  it("a DOCX whose document part is not XML: CORRUPT or TEMPLATE, never an unexpected error", () => {
    const zip = new PizZip(handBuiltDocx());
    zip.file("word/document.xml", "<w:document><w:body><w:p><w:r><w:t>{{a}</w:t></w:r>");
    const e = docxError(() => inspectDocx(zip.generate({ type: "uint8array" })));
    expect(["CORRUPT", "TEMPLATE"]).toContain(e.kind);
  });
});
