import "server-only";
import type { AnchorParse } from "@/lib/pdf/anchors";
import { looksLikePdf } from "@/lib/pdf/sniff";
import { DocxError, type DocxErrorKind } from "@/lib/docx/errors";
import { looksLikeZip } from "@/lib/docx/zip-magic";
import { runEngine } from "../engine";
import type { PageSize } from "@/lib/pdf/boxes";
import { findAnchorsIn } from "../documents/text-layer-cache";
import { blobs, sha256Of } from "../blobs/store";
import { AppError, type ErrorCode } from "../errors";
import { acceptPdf } from "../documents/store-document";

export type JudgedTemplate = {
  kind: "PDF" | "DOCX";
  sha256: string;
  size: number;
  placeholders: string[];
  anchors: Record<string, unknown>[];
  pageCount: number | null;
  pages: PageSize[] | null;
};

/** An anchor as the API lists it (the same shape as anchors/preview). */
function asListed(text: string, parsed: AnchorParse): Record<string, unknown> {
  return { anchorKey: text, ...(parsed.ok ? { valid: true, anchor: parsed.anchor } : { valid: false, reason: parsed.reason }) };
}

/** Each DOCX engine refusal's error code: not a Word document 415, anything else wrong with it 422 (decisions.md). */
const DOCX_ERROR_CODES = {
  NOT_DOCX: "NOT_A_DOCX",
  CORRUPT: "DOCX_CORRUPT",
  TOO_LARGE: "DOCX_TOO_LARGE",
  TOO_COMPLEX: "DOCX_TOO_COMPLEX",
  TEMPLATE: "DOCX_TEMPLATE_INVALID",
  MISSING_VALUES: "TEMPLATE_DATA_MISSING",
} as const satisfies Record<DocxErrorKind, ErrorCode>;

/** DocxError → AppError, with the engine's kind as `details.reason`. */
export function docxAppError(e: DocxError): AppError {
  const code = DOCX_ERROR_CODES[e.kind];
  if (e.kind === "NOT_DOCX")
    return new AppError(code, `${e.message}; a template is a PDF or a DOCX`, { details: { reason: e.kind } });
  return new AppError(code, e.message, { details: { reason: e.kind, ...e.details } });
}

/**
 * What an uploaded template is, judged by its content (never its name or declared type): a PDF,
 * or a DOCX (a zip with word/document.xml). Its placeholders and anchors are read now, so that a
 * template that cannot work is refused at upload rather than when someone uses it. Stores the bytes.
 */
export async function judgeTemplateFile(bytes: Uint8Array): Promise<JudgedTemplate> {
  if (looksLikePdf(bytes)) {
    const pdf = await acceptPdf(bytes);
    const { all = [] } = await findAnchorsIn(pdf.sha256, { all: true }, bytes);
    const anchors = all.map(({ text, page, x, y, width, height, ...parsed }) => ({
      ...asListed(text, parsed),
      page,
      x,
      y,
      width,
      height,
    }));
    return {
      kind: "PDF",
      sha256: pdf.sha256,
      size: pdf.size,
      placeholders: [],
      anchors,
      pageCount: pdf.pageCount,
      pages: pdf.pages,
    };
  }
  if (looksLikeZip(bytes)) {
    let info;
    try {
      info = await runEngine("inspectDocx", [bytes], { document: sha256Of(bytes) });
    } catch (e) {
      if (e instanceof DocxError) throw docxAppError(e);
      throw e;
    }
    const stored = await blobs().put(bytes);
    return {
      kind: "DOCX",
      ...stored,
      placeholders: info.placeholders,
      anchors: info.anchors.map(({ text, ...parsed }) => asListed(text, parsed)),
      pageCount: null,
      pages: null,
    };
  }
  throw new AppError("NOT_PDF_OR_DOCX", "The file is neither a PDF nor a DOCX document (judged by its content)", {
    details: { reason: "NOT_A_DOCUMENT" },
  });
}
