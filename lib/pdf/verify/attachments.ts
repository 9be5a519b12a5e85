import crypto from "node:crypto";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from "@cantoo/pdf-lib";

/**
 * The files embedded in a PDF as viewers list them: the catalog's /Names /EmbeddedFiles name tree, each
 * file specification's name (/UF, else /F) and its /EF stream decoded (bounded by the engine's budget, like
 * every stream it decodes). At most MAX_LISTED files and a tree MAX_DEPTH deep: a file listing more is
 * listed that far.
 */

const MAX_LISTED = 100;
const MAX_DEPTH = 16;

export interface EmbeddedFile {
  name: string;
  size: number;
  sha256: string;
  /** Its declared media type (/Subtype), when it has one. */
  type: string | null;
  /** Its /Desc: for a Signet seal, the field and who attached it. */
  description: string | null;
}

const text = (o: PDFObject | undefined): string | null =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : o instanceof PDFName ? o.decodeText() : null;

export function embeddedFiles(doc: PDFDocument): EmbeddedFile[] {
  const ctx = doc.context;
  const dict = (o: PDFObject | undefined) => {
    const v = ctx.lookup(o);
    return v instanceof PDFDict ? v : undefined;
  };
  const names = dict(doc.catalog.get(PDFName.of("Names")));
  const root = dict(names?.get(PDFName.of("EmbeddedFiles")));
  const out: EmbeddedFile[] = [];
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict | undefined, depth: number) => {
    if (!node || depth > MAX_DEPTH || seen.has(node) || out.length >= MAX_LISTED) return;
    seen.add(node);
    const pairs = ctx.lookup(node.get(PDFName.of("Names")));
    if (pairs instanceof PDFArray) {
      for (let i = 0; i + 1 < pairs.size() && out.length < MAX_LISTED; i += 2) {
        const spec = dict(pairs.get(i + 1));
        const file = spec && fileOf(spec, text(ctx.lookup(pairs.get(i))));
        if (file) out.push(file);
      }
    }
    const kids = ctx.lookup(node.get(PDFName.of("Kids")));
    if (kids instanceof PDFArray) for (const k of kids.asArray()) visit(dict(k), depth + 1);
  };
  const fileOf = (spec: PDFDict, key: string | null): EmbeddedFile | null => {
    const ef = dict(spec.get(PDFName.of("EF")));
    const stream = ctx.lookup(ef?.get(PDFName.of("F")) ?? ef?.get(PDFName.of("UF")));
    if (!(stream instanceof PDFRawStream)) return null;
    const bytes = decodePDFRawStream(stream).decode();
    const subtype = stream.dict.get(PDFName.of("Subtype"));
    return {
      name: text(ctx.lookup(spec.get(PDFName.of("UF")))) ?? text(ctx.lookup(spec.get(PDFName.of("F")))) ?? key ?? "",
      size: bytes.length,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      type: subtype instanceof PDFName ? subtype.decodeText() : null,
      description: text(ctx.lookup(spec.get(PDFName.of("Desc")))),
    };
  };
  visit(root, 0);
  return out;
}
