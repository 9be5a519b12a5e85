import { DocxError } from "./errors";
import { formatMb, type DocxLimits } from "./limits";

const [LT, GT, SLASH, BANG, QUESTION, DQUOTE, SQUOTE] = [0x3c, 0x3e, 0x2f, 0x21, 0x3f, 0x22, 0x27] as const; // < > / ! ? " '

const startsWith = (b: Buffer, at: number, s: string) => b.toString("latin1", at, at + s.length) === s;

/** The index just past `end`, searched from `from`; the end of the part when it is missing. */
const skipPast = (b: Buffer, from: number, end: string) => {
  const i = b.indexOf(end, from, "latin1");
  return i < 0 ? b.length : i + end.length;
};

/**
 * Counts the elements of one XML part and follows its nesting, on the bytes (one pass, no tree):
 * TOO_LARGE over `limits.maxXmlPartBytes`; TOO_COMPLEX past `limits.maxXmlDepth`, or once
 * `elementsBefore` plus this part's elements pass `limits.maxXmlElements`; CORRUPT for a DTD
 * (OOXML forbids them, and entity expansion lives there) or a part not in UTF-8 (the templater
 * reads UTF-8 only). Returns the part's element count.
 */
export function measureXmlPart(name: string, data: Uint8Array, limits: DocxLimits, elementsBefore: number): number {
  // readZip caps the parts named like XML; this catches one that is XML by its content type or bytes.
  if (data.length > limits.maxXmlPartBytes) {
    throw new DocxError(
      "TOO_LARGE",
      `${name} expands to ${formatMb(data.length)}; the limit for one XML part of a DOCX is ${formatMb(limits.maxXmlPartBytes)}`,
    );
  }
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe) || b[0] === 0 || b[1] === 0) {
    throw new DocxError("CORRUPT", `The DOCX part ${name} is not UTF-8`);
  }
  let depth = 0;
  let elements = 0;
  for (let i = b.indexOf(LT); i >= 0; i = b.indexOf(LT, i)) {
    const next = b[i + 1];
    if (next === SLASH) {
      depth--;
      i += 2;
    } else if (next === QUESTION) {
      i = skipPast(b, i + 2, "?>");
    } else if (next === BANG) {
      if (startsWith(b, i, "<!--")) i = skipPast(b, i + 4, "-->");
      else if (startsWith(b, i, "<![CDATA[")) i = skipPast(b, i + 9, "]]>");
      else throw new DocxError("CORRUPT", `The DOCX part ${name} declares a DTD or entities, which Word documents never do`);
    } else {
      if (elementsBefore + ++elements > limits.maxXmlElements) {
        throw new DocxError(
          "TOO_COMPLEX",
          `The DOCX has more than ${limits.maxXmlElements.toLocaleString("en")} XML elements, the limit for one document`,
        );
      }
      // The tag ends at the first > outside quotes; an attribute value may hold a > or a />.
      let j = i + 1;
      for (let quote = 0; j < b.length; j++) {
        const c = b[j]!;
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === DQUOTE || c === SQUOTE) quote = c;
        else if (c === GT) break;
      }
      if (b[j - 1] !== SLASH && ++depth > limits.maxXmlDepth) {
        throw new DocxError("TOO_COMPLEX", `The DOCX part ${name} nests its XML more than ${limits.maxXmlDepth} levels deep`);
      }
      i = j + 1;
    }
  }
  return elements;
}
