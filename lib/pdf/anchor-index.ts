/**
 * The anchor index stored beside a document's text layer: every {{…}} token of the document, parsed, and
 * the preview's layout of each among no placed fields. Found by the engine's threads at upload, each for
 * its part of the pages (lib/engine/tasks.ts readPdf); joined here as text, never parsed on the way.
 */
import type { AnchorLayout } from "./anchor-fit";
import type { FoundAnchor } from "./anchors";

export interface AnchorIndex {
  all: FoundAnchor[];
  /** One per element of `all`, in the same order: null for a token that makes no field. */
  layout: (AnchorLayout | null)[];
}

/** A part's index: the JSON elements (without the brackets) of its `all` and of its `layout`. */
export interface AnchorIndexPart {
  all: string;
  layout: string;
}

/** The parts' elements, given in page order, joined as the whole document's index (JSON). */
export function joinAnchorIndex(parts: readonly AnchorIndexPart[]): string {
  const joined = (of: string[]) => of.filter((e) => e.length > 0).join(",");
  return `{"all":[${joined(parts.map((p) => p.all))}],"layout":[${joined(parts.map((p) => p.layout))}]}`;
}
