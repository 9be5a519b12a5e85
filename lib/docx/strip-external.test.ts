import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/support/expect-helpers";
import {
  EXTERNAL_REF_PATHS,
  FIXTURE_DATA,
  docxFromLibreOffice,
  docxFromPackage,
  externalRefsDocx,
  handBuiltDocx,
  solidPng,
} from "@/test/support/docx-fixtures";
import { DocxError } from "./errors";
import { isFetchingField, stripExternalReferences } from "./strip-external";
import { fillDocx, inspectDocx } from "./template";

const BASE = "http://127.0.0.1:9";

/** Every part of a zip as text (pictures as latin1), by name. */
function parts(bytes: Uint8Array): Record<string, string> {
  const zip = new PizZip(bytes);
  return Object.fromEntries(
    Object.entries(zip.files)
      .filter(([, f]) => !f.dir)
      .map(([n]) => [n, Buffer.from(zip.file(n)!.asUint8Array()).toString(n.endsWith(".png") ? "latin1" : "utf8")]),
  );
}

/** `docx` with parts replaced or added. */
function withParts(docx: Uint8Array, replace: Record<string, string | Uint8Array>): Uint8Array {
  const zip = new PizZip(docx);
  for (const [name, content] of Object.entries(replace))
    zip.file(name, content, typeof content === "string" ? {} : { binary: true });
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS = (rels: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const field = (instr: string[], result: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r>${instr.map((i) => `<w:r><w:instrText xml:space="preserve">${i}</w:instrText></w:r>`).join("")}` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;

/** word/document.xml of a hand-built document whose body is `body`, stripped. */
const strippedBody = (body: string) =>
  defined(parts(stripExternalReferences(handBuiltDocx(body)))["word/document.xml"], "document.xml");

describe("stripExternalReferences on a DOCX with every kind of external reference", () => {
  const before = externalRefsDocx(BASE);
  const after = stripExternalReferences(before);
  const out = parts(after);
  const doc = defined(out["word/document.xml"], "document.xml");

  it("leaves no URL of the server anywhere in the package", () => {
    for (const [name, text] of Object.entries(out)) {
      expect(text, name).not.toContain("127.0.0.1");
      for (const p of EXTERNAL_REF_PATHS) expect(text, name).not.toContain(p);
    }
  });

  it("removes the external relationships and keeps the internal ones", () => {
    const rels = defined(out["word/_rels/document.xml.rels"], "document.xml.rels");
    expect(rels).not.toMatch(/TargetMode/);
    expect(rels.match(/<Relationship /g)).toHaveLength(3);
    expect(rels).toContain('Id="rIdInside"');
    expect(rels).toContain('Id="rIdSettings"');
    expect(out["word/_rels/settings.xml.rels"]).not.toContain("Relationship ");
  });

  it("removes what used them: linked pictures, the VML picture, the OLE link, the attached template; a hyperlink keeps its text", () => {
    expect(doc).not.toMatch(/r:link=|rIdLinked|rIdEmbedExternal|rIdVml"|rIdOle|rIdLink"|OLEObject|o:href|w:hyperlink/);
    expect(doc.match(/<w:drawing>/g)).toHaveLength(1); // the embedded picture
    expect(doc).toContain('<a:blip r:embed="rIdInside"/>');
    expect(doc).toContain('<v:imagedata r:id="rIdInsideVml" o:title=""/>'); // the OLE object's own picture
    expect(doc).toContain(">the terms</w:t>");
    expect(out["word/settings.xml"]).not.toContain("attachedTemplate");
    expect(doc).not.toContain("<w:r/>");
  });

  it("turns INCLUDEPICTURE, INCLUDETEXT and LINK fields into their saved result, and keeps PAGE", () => {
    expect(doc).not.toMatch(/INCLUDE|LINK|fldSimple/);
    for (const cached of ["[cached picture]", "[cached text]", "[cached sheet]"]) expect(doc).toContain(cached);
    expect(doc).toContain('<w:instrText xml:space="preserve"> PAGE </w:instrText>');
    expect(doc.match(/<w:fldChar /g)).toHaveLength(3);
  });

  it("keeps the embedded picture's bytes, the placeholders and the anchors", () => {
    expect(out["word/media/inside.png"]).toBe(Buffer.from(solidPng(8, 8, [30, 120, 200])).toString("latin1"));
    expect(inspectDocx(after)).toEqual(inspectDocx(before));
    const filled = parts(fillDocx(after, FIXTURE_DATA))["word/document.xml"];
    expect(filled).toContain("Zoë Ångström");
    expect(filled).toContain("{{s1|signature|150|50}}");
  });

  it("is idempotent", () => {
    const again = stripExternalReferences(after);
    expect(again).toBe(after);
  });
});

describe("stripExternalReferences on documents without external references", () => {
  it.each([
    ["the docx package", () => docxFromPackage()],
    ["LibreOffice", () => docxFromLibreOffice()],
    ["a hand-built package", async () => handBuiltDocx()],
  ])("gives a template made by %s, and its filled copy, back as they were", async (_, make) => {
    const template = await make();
    expect(stripExternalReferences(template)).toBe(template);
    const filled = fillDocx(template, FIXTURE_DATA);
    expect(stripExternalReferences(filled)).toBe(filled);
  });
});

describe("stripExternalReferences against crafted spellings", () => {
  it("finds a relationship attribute under any prefix, and a relationship external by its target alone", () => {
    const body = `<w:p><w:hyperlink xmlns:x="http://schemas.openxmlformats.org/officeDocument/2006/relationships" x:id="rA">${run("a")}</w:hyperlink>${run("b")}</w:p>`;
    const rels = RELS(
      [
        "rA|http://127.0.0.1:9/a",
        "rB|file:///etc/passwd",
        "rC|\\\\host\\share\\c.png",
        "rD|//host/d.png",
        "rE|C:\\e.png",
        "rIn|media/in.png",
      ]
        .map((x) => x.split("|"))
        .map(
          ([id, target]) =>
            `<Relationship Id='${id}' Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target='${target}'/>`,
        )
        .join(""),
    );
    const out = parts(stripExternalReferences(withParts(handBuiltDocx(body), { "word/_rels/document.xml.rels": rels })));
    expect(defined(out["word/_rels/document.xml.rels"], "document.xml.rels").match(/Id="(\w+)"/g)).toEqual(['Id="rIn"']);
    expect(out["word/document.xml"]).toContain(`<w:body><w:p>${run("a")}${run("b")}</w:p>`);
  });

  it.each([
    ["a character reference in the name", [" &#73;NCLUDEPICTURE &quot;http://127.0.0.1:9/x.png&quot; "]],
    ["lower case", [' includetext "http://127.0.0.1:9/x.txt" ']],
    ["the name in three runs", [" INC", "LUDETE", 'XT "http://127.0.0.1:9/x.txt"']],
    ["a quoted name", [' "INCLUDEPICTURE" "http://127.0.0.1:9/x.png" ']],
    ["DDEAUTO", [' DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc" ']],
    ["IMPORT", [' IMPORT "http://127.0.0.1:9/x.wmf" ']],
    ["HYPERLINK to a URL", [' HYPERLINK "http://127.0.0.1:9/" \\o "tip" ']],
  ])("unlinks a complex field written with %s, keeping its result", (_, instr) => {
    const doc = strippedBody(`<w:p>${run("before ")}${field(instr, "RESULT")}${run(" after")}</w:p>`);
    expect(doc).toContain(`<w:p>${run("before ")}${run("RESULT")}${run(" after")}</w:p>`);
    expect(doc).not.toMatch(/fldChar|instrText/);
  });

  it("unlinks a simple field written with single quotes and a character reference", () => {
    const doc = strippedBody(
      `<w:p><w:fldSimple w:instr=' &#x49;NCLUDETEXT "http://127.0.0.1:9/x" '>${run("kept")}</w:fldSimple></w:p>`,
    );
    expect(doc).toContain(`<w:p>${run("kept")}</w:p>`);
  });

  it("keeps fields that read nothing outside: PAGE, a bookmark HYPERLINK, MERGEFORMAT switches", () => {
    const body = `<w:p>${field([" PAGE \\* MERGEFORMAT "], "1")}${field([' HYPERLINK \\l "terms" '], "terms")}<w:fldSimple w:instr=" NUMPAGES ">${run("2")}</w:fldSimple></w:p>`;
    const docx = handBuiltDocx(body);
    expect(stripExternalReferences(docx)).toBe(docx);
  });

  it("unlinks a field whose name comes from a nested field, and a fetching field nested in a harmless one", () => {
    const nestedName =
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r>${field([' QUOTE "INCLUDETEXT" '], "INCLUDETEXT")}` +
      `<w:r><w:instrText xml:space="preserve"> "http://127.0.0.1:9/x" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("OUTER")}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    expect(strippedBody(`<w:p>${nestedName}</w:p>`)).toContain(`<w:p>${run("OUTER")}</w:p>`);

    const inner = field([' INCLUDETEXT "http://127.0.0.1:9/x" '], "INNER");
    const harmless =
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> IF 1 = 1 "</w:instrText></w:r>${inner}` +
      `<w:r><w:instrText xml:space="preserve">" "no" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("IFRESULT")}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const doc = strippedBody(`<w:p>${harmless}</w:p>`);
    expect(doc).not.toContain("INCLUDETEXT");
    expect(doc).toContain("IF 1 = 1");
    expect(doc).toContain(run("INNER"));
    expect(doc).toContain(run("IFRESULT"));
    expect(doc.match(/<w:fldChar /g)).toHaveLength(3);
  });

  it("unlinks a field that never ends, and one in a text box", () => {
    const instr = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> INCLUDEPICTURE "http://127.0.0.1:9/x.png" </w:instrText></w:r>`;
    const unended = `<w:p>${instr}<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("result")}</w:p>`;
    expect(strippedBody(unended)).toContain(`<w:p>${run("result")}</w:p>`);
    // Never separated: the rest of the story is its instruction.
    const unseparated = strippedBody(`<w:p>${instr}${run("more instruction")}</w:p>`);
    expect(unseparated).not.toMatch(/INCLUDEPICTURE|fldChar|more instruction/);
    const textBox = `<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent><w:p>${field([' INCLUDETEXT "http://127.0.0.1:9/t" '], "boxed")}</w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>`;
    const doc = strippedBody(textBox);
    expect(doc).not.toContain("INCLUDETEXT");
    expect(doc).toContain(run("boxed"));
  });

  it("removes URLs from VML and SVG attributes, keeping references inside the part", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://127.0.0.1:9/s.png"/><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>`;
    const out = parts(stripExternalReferences(withParts(handBuiltDocx(), { "word/media/image1.svg": svg })))[
      "word/media/image1.svg"
    ];
    expect(out).not.toContain("127.0.0.1");
    expect(out).toContain('href="#a"');
    expect(out).toContain("data:image/png");
  });

  it("removes alternative-format chunks and mail-merge data sources", () => {
    const doc = strippedBody(`<w:p>${run("x")}</w:p><w:altChunk r:id="rIdChunk"/>`);
    expect(doc).not.toContain("altChunk");
    const settings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${W}><w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:connectString w:val="Provider=SQLOLEDB;Data Source=db.internal"/></w:mailMerge></w:settings>`;
    const out = parts(stripExternalReferences(withParts(handBuiltDocx(), { "word/settings.xml": settings })));
    expect(out["word/settings.xml"]).not.toContain("mailMerge");
  });

  it("refuses a part it cannot parse (CORRUPT) rather than hand it on", () => {
    const broken = withParts(handBuiltDocx(), {
      "word/footer1.xml": `<w:ftr ${W}><w:p><w:r><w:instrText>PAGE</w:r></w:p></w:ftr>`,
    });
    let error: unknown;
    try {
      stripExternalReferences(broken);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DocxError);
    expect((error as DocxError).kind).toBe("CORRUPT");
  });
});

describe("isFetchingField", () => {
  it.each([
    [' INCLUDEPICTURE "x" \\d', true],
    ["includetext x", true],
    ["INCLUDE x", true],
    ['LINK Excel.Sheet.12 "x" ""', true],
    ["DDE a b c", true],
    ["DATABASE \\c x", true],
    ['HYPERLINK "https://example.com"', true],
    ['HYPERLINK \\l "bookmark" \\o "tip"', false],
    [" PAGE ", false],
    ["MERGEFIELD name", false],
    ["", false],
  ])("%j → %s", (instr, expected) => {
    expect(isFetchingField(instr)).toBe(expected);
  });
});
