import "server-only";
import { blobs } from "../blobs/store";
import { pdfErrorToApp, runEngine } from "../engine";
import { AppError } from "../errors";

export interface AnchorBox {
  text: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Refuses anchors whose box holds more than the token's own glyphs: an invisible or
 * oversized token drawn over other text, or text that reads as a token only through /ActualText. The
 * seal removes an anchor's glyphs; it must never remove what the signer was shown. 422
 * ANCHOR_OVER_OTHER_TEXT naming each (text, page, box, and what lies there), nothing placed.
 * Only `{{…}}` tokens are judged: they are what the seal removes.
 */
export async function assertAnchorsOwnText(pdfSha256: string, anchors: AnchorBox[]): Promise<void> {
  const tokens = anchors.filter((a) => a.text.startsWith("{{"));
  if (!tokens.length) return;
  let survey;
  try {
    survey = await runEngine("surveyTokenBoxes", [await blobs().get(pdfSha256), tokens], { document: pdfSha256 });
  } catch (e) {
    pdfErrorToApp(e);
  }
  const bad = tokens.flatMap((a, i) => {
    const s = survey[i];
    if (!s || s.own) return [];
    const round = (n: number) => Math.round(n * 100) / 100;
    return [
      {
        text: a.text,
        page: a.page,
        x: round(a.x),
        y: round(a.y),
        width: round(a.width),
        height: round(a.height),
        drawnThere: s.found.slice(0, 200),
      },
    ];
  });
  if (!bad.length) return;
  const list = bad.map((b) => `${b.text} on page ${b.page}`).join(", ");
  throw new AppError(
    "ANCHOR_OVER_OTHER_TEXT",
    `Anchor text drawn over other text cannot be used: ${list}. Sealing removes an anchor's text, and here that would remove text the signer sees; put the anchor where nothing else is drawn`,
    { details: { anchors: bad } },
  );
}
