/**
 * What the DOCX engine agrees to expand and parse for one document. A real contract is far below
 * each (a 150-page one: 21 parts, 0.5 MB of XML, 7,500 elements); a zip bomb or a crafted XML
 * part crosses one within milliseconds and is refused before docxtemplater or LibreOffice sees it.
 */
export interface DocxLimits {
  /** Entries in the zip (Word writes 10–60; one per image beyond that). */
  maxParts: number;
  /** Inflated size of one XML part (document.xml of a 500-page contract: about 10 MB). */
  maxXmlPartBytes: number;
  /** Inflated size of every part together, images included (the upload itself is at most 25 MB). */
  maxTotalBytes: number;
  /**
   * XML elements in all parts together: docxtemplater's cost grows with them, not with bytes
   * (about 1.5 KB and 5 µs each). 200,000 (a few hundred dense pages) take it about 1 s and 300 MB
   * to inspect, 1.5 s to fill: inside the engine worker's time and heap limits.
   */
  maxXmlElements: number;
  /** Nesting depth of an XML part: libxml2's own default limit; Word's deepest nest is a few dozen. */
  maxXmlDepth: number;
  /** Characters that filling may insert in total (a value repeated by many placeholders counts each time). */
  maxFilledChars: number;
}

const MB = 1024 * 1024;

export const DOCX_LIMITS: Readonly<DocxLimits> = Object.freeze({
  maxParts: 2_000,
  maxXmlPartBytes: 20 * MB,
  maxTotalBytes: 60 * MB,
  maxXmlElements: 200_000,
  maxXmlDepth: 256,
  maxFilledChars: 10_000_000,
});

/** Parts read as XML (by docxtemplater, LibreOffice): WordprocessingML, relationships, VML drawings. */
export const isXmlPart = (name: string) => /\.(xml|rels|vml)$/i.test(name);

/** "20 MB" */
export const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
