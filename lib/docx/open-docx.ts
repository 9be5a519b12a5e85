import PizZip from "pizzip";
import { DocxError } from "./errors";
import { DOCX_LIMITS, isXmlPart, type DocxLimits } from "./limits";
import { readZip, type ZipPart } from "./read-zip";
import { measureXmlPart } from "./xml-shape";

import { looksLikeZip } from "./zip-magic";

export { looksLikeZip };

/**
 * Starts with an XML declaration (after an optional byte order mark and white space), in UTF-8
 * or UTF-16. Not a mere `<`: an embedded font is random bytes and may start with one.
 */
function startsLikeXml(b: Uint8Array): boolean {
  if (
    (b[0] === 0xff && b[1] === 0xfe && b[2] === 0x3c && b[3] === 0) ||
    (b[0] === 0xfe && b[1] === 0xff && b[2] === 0 && b[3] === 0x3c)
  )
    return true;
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d) i++;
  return b.length >= i + 5 && Buffer.from(b.buffer, b.byteOffset + i, 5).toString("latin1") === "<?xml";
}

/**
 * The parts a reader may parse as XML: by their name; by the content type [Content_Types].xml
 * gives them, matched as docxtemplater matches it (the part it templates as the main document
 * may have any name); or by their first bytes (what LibreOffice may follow a relationship to).
 */
function xmlParts(parts: ZipPart[]): Set<string> {
  const types = parts.find((p) => p.name === "[Content_Types].xml");
  const overrides = new Map<string, string>();
  const defaults: [string, string][] = [];
  for (const m of types
    ? Buffer.from(types.data)
        .toString("utf8")
        .matchAll(/<(?:[\w.-]+:)?(Override|Default)\b([^>]*)>/g)
    : []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
        .exec(m[2] ?? "")
        ?.slice(1)
        .find((v) => v !== undefined) ?? "";
    if (m[1] === "Override") overrides.set(attr("PartName").slice(1), attr("ContentType"));
    else defaults.push([attr("Extension"), attr("ContentType")]);
  }
  const typeOf = (name: string) => overrides.get(name) ?? defaults.find(([ext]) => name.endsWith(ext))?.[1] ?? "";
  // XML types end in xml ("application/xml", "…+xml"); "vnd.openxmlformats-…" alone is a font or a package.
  return new Set(
    parts.filter((p) => isXmlPart(p.name) || /[+/]xml$/i.test(typeOf(p.name)) || startsLikeXml(p.data)).map((p) => p.name),
  );
}

/**
 * The zip of a Word document (a zip holding word/document.xml), or DocxError: NOT_DOCX for
 * something else, CORRUPT for a zip that cannot be read or lies about itself, TOO_LARGE or
 * TOO_COMPLEX past `limits`. pizzip never parses the uploaded bytes: it is given the parts
 * `readZip` inflated and checked, so nothing downstream trusts a size from the zip directory.
 */
export function openDocx(bytes: Uint8Array, limits: DocxLimits = DOCX_LIMITS): PizZip {
  if (!looksLikeZip(bytes)) throw new DocxError("NOT_DOCX", "The file is not a DOCX document");
  const parts = readZip(bytes, limits);
  if (!parts.some((p) => p.name === "word/document.xml")) {
    throw new DocxError("NOT_DOCX", "The file is a zip archive but not a Word document (no word/document.xml)");
  }
  const xml = xmlParts(parts);
  let elements = 0;
  for (const p of parts) if (xml.has(p.name)) elements += measureXmlPart(p.name, p.data, limits, elements);
  const zip = new PizZip();
  for (const p of parts) {
    if (p.name.endsWith("/")) continue; // a folder entry: Word writes none, the templater needs none
    // Images and fonts are compressed already: storing them spares a second deflate when filling.
    zip.file(p.name, p.data, { binary: true, compression: xml.has(p.name) ? "DEFLATE" : "STORE" });
  }
  return zip;
}
