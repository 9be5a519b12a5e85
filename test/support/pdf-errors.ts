import { PdfError } from "@/lib/pdf/errors";

/** The PdfError kind a promise rejects with ("resolved" if it does not; a description if not a PdfError). */
export async function pdfErrorKind(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return e instanceof PdfError ? e.kind : `not a PdfError: ${String(e)}`;
  }
}
