import "server-only";
import { DocxError } from "@/lib/docx/errors";
import { missingPlaceholders, type TemplateData } from "@/lib/docx/values";
import { runEngine } from "../engine";
import { blobs } from "../blobs/store";
import { convertToPdf } from "../convert/converter";
import { AppError } from "../errors";
import { acceptPdf } from "../documents/store-document";
import { placeholdersOf, type TemplateDocumentRow } from "./dto";
import { docxAppError } from "./judge-template-file";

/** 422 listing the placeholders of the template's DOCX documents that `data` has no value for. */
export function assertTemplateData(docs: readonly TemplateDocumentRow[], data: TemplateData) {
  const missing = missingPlaceholders(placeholdersOf(docs), data);
  if (missing.length) {
    throw new AppError(
      "TEMPLATE_DATA_MISSING",
      `templateData has no value for ${missing.length} placeholder(s): ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""}`,
      { details: { missing } },
    );
  }
}

/**
 * A DOCX document filled with `data` and converted to PDF by LibreOffice; the PDF is checked like an
 * upload and stored. Its placeholders' values were checked before (assertTemplateData, over every document). LibreOffice is given the filled document without its external references (linked
 * pictures, INCLUDEPICTURE/INCLUDETEXT/LINK fields, OLE links…), and runs without network.
 */
export async function renderDocxTemplate(doc: TemplateDocumentRow, data: TemplateData) {
  let prepared: Uint8Array;
  try {
    const filled = await runEngine("fillDocx", [await blobs().get(doc.sha256), data]);
    prepared = await runEngine("prepareDocxForConversion", [filled]);
  } catch (e) {
    if (e instanceof DocxError) throw docxAppError(e);
    throw e;
  }
  const pdf = await convertToPdf(prepared, "docx");
  return acceptPdf(pdf);
}
