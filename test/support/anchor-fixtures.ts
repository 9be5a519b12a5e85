import { PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import type { FoundAnchor } from "../../lib/pdf/anchors";
import { findAllAnchors } from "../../lib/pdf/anchors";
import { extractTextLayer, type TextLayer } from "../../lib/pdf/text-layer";
import { rotatePage } from "./pdf-fixtures";

/**
 * A test PDF with its page 2 rotated (by 90° unless told), as a scanned-in landscape page would be,
 * with its text layer and every anchor on it, found as the server finds them.
 */
export async function withRotatedPage2(
  make: () => Promise<Uint8Array>,
  degrees: 90 | 180 | 270 = 90,
): Promise<{ pdf: Uint8Array; layer: TextLayer; anchors: FoundAnchor[] }> {
  const pdf = await rotatePage(await make(), 2, degrees);
  const layer = await extractTextLayer(pdf);
  return { pdf, layer, anchors: findAllAnchors(layer) };
}

/** The anchor whose text is `text`; throws when there is none. */
export function anchorNamed(anchors: FoundAnchor[], text: string): FoundAnchor {
  const a = anchors.find((x) => x.text === text);
  if (!a) throw new Error(`anchor ${text} not found`);
  return a;
}

/**
 * One page, two anchors: {{s1|date}} drawn invisibly (3 Tr), in a large font, over the clause "I do NOT accept"
 * (removing it would take the clause with it, so it is refused), and {{s1|signature}} fairly inside a line of text.
 */
export async function anchorOverTextPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.node.setFontDictionary(PDFName.of("F1"), font.ref);
  page.node.set(
    PDFName.of("Contents"),
    doc.context.register(
      doc.context.flateStream(
        "BT /F1 12 Tf 72 700 Td (I do NOT accept) Tj ET BT 3 Tr /F1 40 Tf 60 690 Td ({{s1|date}}) Tj ET " +
          "BT /F1 12 Tf 72 500 Td (Signature: {{s1|signature}} here) Tj ET",
      ),
    ),
  );
  return doc.save();
}
