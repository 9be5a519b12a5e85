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
