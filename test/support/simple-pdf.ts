import { degrees, PDFDocument, StandardFonts } from "@cantoo/pdf-lib";

/** A small PDF written by pdf-lib, for tests that need a valid document but not a renderer's output. */
export async function simplePdf(
  pages: { width?: number; height?: number; rotate?: number; text?: string }[] = [{}],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage([p.width ?? 612, p.height ?? 792]);
    page.drawText(p.text ?? "Signet test document", { x: 72, y: (p.height ?? 792) - 72, size: 14, font });
    if (p.rotate) page.setRotation(degrees(p.rotate));
  }
  return doc.save();
}

/** One page with one line of text: a document of its own, told apart by its text. */
export const simplePdfText = (text: string) => simplePdf([{ text }]);
