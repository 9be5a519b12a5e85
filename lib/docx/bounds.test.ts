import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { itemAt } from "@/test/support/expect-helpers";
import {
  FIXTURE_DATA,
  deeplyNestedDocx,
  docxFromPackage,
  handBuiltDocx,
  lyingZipDocx,
  manyPartsDocx,
  xmlBombDocx,
} from "@/test/support/docx-fixtures";
import { DocxError, type DocxErrorKind } from "./errors";
import { DOCX_LIMITS } from "./limits";
import { openDocx } from "./open-docx";
import { fillDocx, inspectDocx } from "./template";

const MB = 1024 * 1024;

/** The DocxError `fn` throws, and how much the process grew meanwhile. */
function refusal(fn: () => unknown) {
  const before = process.memoryUsage();
  let error: unknown = null;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  const after = process.memoryUsage();
  if (!(error instanceof DocxError)) throw error ?? new Error("expected a DocxError");
  return { error, rss: after.rss - before.rss, arrayBuffers: after.arrayBuffers - before.arrayBuffers };
}

function expectRefused(fn: () => unknown, kind: DocxErrorKind, message: RegExp) {
  const r = refusal(fn);
  expect(r.error.kind, r.error.message).toBe(kind);
  expect(r.error.message).toMatch(message);
  // Refused by a named limit (the message says which), with the memory each case may use checked beside
  // it; expanding what is refused would run into the test's own timeout. How fast is for `npm run bench`.
  return r;
}

describe("zip bombs and lying zip directories are refused before anything is expanded", () => {
  it("a 150 MB word/document.xml in a small file: TOO_LARGE naming the part and the limit, fast, without the memory", () => {
    const bomb = xmlBombDocx(150);
    expect(bomb.length).toBeLessThan(1 * MB);
    const r = expectRefused(
      () => inspectDocx(bomb),
      "TOO_LARGE",
      /word\/document\.xml expands to 150(\.\d)? MB .*limit for one XML part of a DOCX is 20 MB/,
    );
    expect(r.rss).toBeLessThan(100 * MB);
    expect(r.arrayBuffers).toBeLessThan(100 * MB);
  });

  it("a directory that declares 1,000 bytes for a 150 MB part: CORRUPT after inflating no more than it declared", () => {
    const r = expectRefused(
      () => inspectDocx(lyingZipDocx("small")),
      "CORRUPT",
      /word\/document\.xml does not hold the 1000 bytes its zip directory declares/,
    );
    expect(r.rss).toBeLessThan(100 * MB);
    expect(r.arrayBuffers).toBeLessThan(100 * MB);
  });

  it("a directory that declares 3 GB for a 300-byte part: refused without allocating by the declared size", () => {
    const r = expectRefused(() => inspectDocx(lyingZipDocx("huge")), "TOO_LARGE", /limit for one XML part/);
    expect(r.arrayBuffers).toBeLessThan(10 * MB);
  });

  it("a local header that disagrees with the directory: CORRUPT", () => {
    expectRefused(
      () => inspectDocx(lyingZipDocx("local")),
      "CORRUPT",
      /local header and directory disagree about word\/document\.xml/,
    );
  });

  it("more parts than the limit: TOO_COMPLEX naming the limit; just under it is read", () => {
    expectRefused(() => inspectDocx(manyPartsDocx(DOCX_LIMITS.maxParts + 1)), "TOO_COMPLEX", /2001 parts; the limit is 2000/);
    expect(inspectDocx(manyPartsDocx(DOCX_LIMITS.maxParts)).placeholders).toEqual([]);
  });

  it("the total over every part is capped, whatever each part's size", () => {
    expectRefused(
      () => openDocx(handBuiltDocx(), { ...DOCX_LIMITS, maxTotalBytes: 3000 }),
      "TOO_LARGE",
      /the limit for all its parts together/,
    );
  });

  it("truncated or mangled zips: CORRUPT, not a crash", () => {
    const good = handBuiltDocx();
    expectRefused(() => openDocx(good.slice(0, good.length - 10)), "CORRUPT", /damaged/);
    const flipped = good.slice();
    flipped[60] = itemAt(flipped, 60) ^ 0xff; // inside the first entry's deflate data
    expect(["CORRUPT", "TEMPLATE"]).toContain(refusal(() => inspectDocx(flipped)).error.kind);
  });
});

describe("XML the templater would choke on is refused by its shape", () => {
  it.each(["w:p", "w:r"])("100,000 nested <%s>: TOO_COMPLEX within 2 s", (tag) => {
    const deep = deeplyNestedDocx(100_000, tag);
    expectRefused(() => inspectDocx(deep), "TOO_COMPLEX", /nests its XML more than 256 levels deep/);
  });

  it("nesting within the limit is read; a /> inside an attribute value does not hide a level", () => {
    expect(inspectDocx(deeplyNestedDocx(200)).placeholders).toContain("amount");
    const hidden = handBuiltDocx(`${'<w:p w:x="/>">'.repeat(300)}${"</w:p>".repeat(300)}`);
    expectRefused(() => inspectDocx(hidden), "TOO_COMPLEX", /more than 256 levels/);
  });

  it("more XML elements than the limit: TOO_COMPLEX before docxtemplater tokenises them", () => {
    const flat = handBuiltDocx(`<w:p>${"<w:r/>".repeat(DOCX_LIMITS.maxXmlElements)}</w:p>`);
    expectRefused(() => inspectDocx(flat), "TOO_COMPLEX", /more than 200,000 XML elements/);
  });

  it("a 10 MB attribute value is within the limits and is read", () => {
    // A quadratic reader would run into the test's timeout; the time itself is for `npm run bench`.
    const wide = handBuiltDocx(`<w:p w:rsidR="${"A".repeat(10 * MB)}"><w:r><w:t>{{amount}}</w:t></w:r></w:p>`);
    expect(inspectDocx(wide).placeholders).toContain("amount");
  });

  it("an XML part under another name is measured too: by its content type, or by its XML declaration", () => {
    const deep = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${"<w:p>".repeat(1000)}</w:body></w:document>`;
    const byType = new PizZip(handBuiltDocx());
    const types = byType.file("[Content_Types].xml")!.asText();
    byType.file(
      "[Content_Types].xml",
      types.replace(
        "</Types>",
        '<Override PartName="/word/body.dat" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    );
    byType.file("word/body.dat", deep.replace(/^<\?xml[^>]*>/, "")); // no declaration: found by its type alone
    expectRefused(
      () => inspectDocx(byType.generate({ type: "uint8array" })),
      "TOO_COMPLEX",
      /word\/body\.dat nests its XML more than 256 levels/,
    );
    const byDeclaration = new PizZip(handBuiltDocx());
    byDeclaration.file("word/styles.bin", deep);
    expectRefused(() => inspectDocx(byDeclaration.generate({ type: "uint8array" })), "TOO_COMPLEX", /word\/styles\.bin nests/);
  });

  it("binary parts are not read as XML, even with a type from openxmlformats or a leading <", () => {
    const zip = new PizZip(handBuiltDocx());
    const types = zip.file("[Content_Types].xml")!.asText();
    zip.file(
      "[Content_Types].xml",
      types.replace(
        "</Types>",
        '<Default Extension="odttf" ContentType="application/vnd.openxmlformats-officedocument.obfuscatedFont"/></Types>',
      ),
    );
    zip.file(
      "word/fonts/font1.odttf",
      new Uint8Array(100_000).map((_, i) => (i % 7 ? 0x3c : 0x41)),
    );
    expect(inspectDocx(zip.generate({ type: "uint8array" })).placeholders).toContain("amount");
  });

  it("a DTD (the home of entity expansion, which Word never writes): CORRUPT", () => {
    const laughs = '<!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const zip = new PizZip(handBuiltDocx());
    zip.file(
      "word/document.xml",
      zip.file("word/document.xml")!.asText().replace("?>", `?>${laughs}`).replace("Agreement with ", "&b;"),
    );
    const bytes = zip.generate({ type: "uint8array", compression: "DEFLATE" });
    expectRefused(() => inspectDocx(bytes), "CORRUPT", /declares a DTD or entities/);
  });
});

describe("filling is bounded too", () => {
  it("a long value repeated by many placeholders: TOO_LARGE before the document grows", () => {
    const tpl = handBuiltDocx(`<w:p><w:r><w:t>${"{{amount}} ".repeat(20_000)}</w:t></w:r></w:p>`);
    expectRefused(
      () => fillDocx(tpl, { ...FIXTURE_DATA, amount: "x".repeat(1000) }),
      "TOO_LARGE",
      /insert 20,0\d\d,\d{3} characters; the limit for one document is 10,000,000/,
    );
  });

  it("an ordinary template fills, and its output reads back within the limits", async () => {
    const filled = fillDocx(await docxFromPackage(3), FIXTURE_DATA);
    expect(openDocx(filled).file("word/document.xml")!.asText()).toContain("Zoë Ångström");
  });
});
