import "server-only";
import { DocxError, missingPlaceholders, type TemplateData } from "@/lib/docx";
import { runEngine } from "../engine";
import { blobs } from "../blobs/store";
import { convertToPdf } from "../convert/converter";
import { AppError } from "../errors";
import { acceptPdf } from "../documents/store-document";
import type { TemplateRow } from "./dto";
import { docxAppError } from "./judge-template-file";

/**
 * A DOCX template filled with `data` and converted to PDF by LibreOffice; the PDF is checked like
 * an upload and stored. Every placeholder needs a value: the missing ones are listed (422) before
 * any work is done. LibreOffice is given the filled document without its external references
 * (linked pictures, INCLUDEPICTURE/INCLUDETEXT/LINK fields, OLE links…), and runs without network.
 */
export async function renderDocxTemplate(tpl: TemplateRow, data: TemplateData) {
  const missing = missingPlaceholders(tpl.placeholders, data);
  if (missing.length) {
    throw new AppError(
      "TEMPLATE_DATA_MISSING",
      `templateData has no value for ${missing.length} placeholder(s): ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""}`,
      {
        details: { missing },
      },
    );
  }
  let prepared: Uint8Array;
  try {
    const filled = await runEngine("fillDocx", [await blobs().get(tpl.sha256), data]);
    prepared = await runEngine("prepareDocxForConversion", [filled]);
  } catch (e) {
    if (e instanceof DocxError) throw docxAppError(e);
    throw e;
  }
  const pdf = await convertToPdf(prepared, "docx");
  return acceptPdf(pdf);
}
