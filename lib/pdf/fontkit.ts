/**
 * @pdf-lib/fontkit as @cantoo/pdf-lib takes it (doc.registerFontkit). The fork writes a font subset
 * with the subset's encode() when it has one (fontkit 2's: no argument, the bytes back), else with
 * encodeStream(). @pdf-lib/fontkit's subsets have both, and theirs is encode(stream), which throws
 * when called without the stream it writes into. So pdf-lib is handed each subset with
 * includeGlyph and encodeStream only (and cff, which it reads to name the font's type).
 */
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument } from "@cantoo/pdf-lib";

type Face = fontkit.Font;
export type RegisteredFontkit = Parameters<PDFDocument["registerFontkit"]>[0];

const adapted = new WeakSet<Face>();

/** `face`, its createSubset giving subsets pdf-lib can write; changed once (faces may be shared). */
export function subsettable(face: Face): Face {
  if (adapted.has(face)) return face;
  const createSubset = face.createSubset.bind(face);
  Object.defineProperty(face, "createSubset", {
    value: () => {
      const subset = createSubset() as fontkit.Subset & { cff?: unknown };
      return {
        includeGlyph: (glyph: number | fontkit.Glyph) => subset.includeGlyph(glyph),
        encodeStream: () => subset.encodeStream(),
        get cff() {
          return subset.cff;
        },
      };
    },
  });
  adapted.add(face);
  return face;
}

/** For doc.registerFontkit: `create` (by default @pdf-lib/fontkit's), its faces made subsettable. */
export function fontkitFor(create: (bytes: Uint8Array) => Face = (bytes) => fontkit.create(bytes)): RegisteredFontkit {
  return { create: (bytes: Uint8Array) => subsettable(create(bytes)) } as unknown as RegisteredFontkit;
}

/** @pdf-lib/fontkit for doc.registerFontkit. */
export const pdfLibFontkit = fontkitFor();
