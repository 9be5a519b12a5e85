import "server-only";
import { log } from "../log";
import { eq, sql } from "drizzle-orm";
import { PdfError } from "@/lib/pdf/errors";
import { anchorBoxes } from "../documents/text-layer-cache";
import { BlobNotFoundError, blobs } from "../blobs/store";
import { getDb } from "../db";
import { signerCopies } from "../db/schema";
import { runEngine } from "../engine";

/**
 * What signers are shown of a document version: the PDF with its `{{…}}` anchor text
 * removed by the seal's own step (lib/pdf/seal removeAnchorText, with the seal's own boxes: every token
 * of the text layer), made once per version in the engine's threads and kept as a blob, recorded in
 * `signer_copies` so that every instance serves the same bytes. The seal draws the values into this copy,
 * so what a signer saw is what is sealed, values and certificate aside; a token the seal leaves (drawn
 * over other text, ANCHOR_OVER_OTHER_TEXT) is left here too. Staff get the document as it is.
 */
export interface SignerCopy {
  bytes: Uint8Array;
  sha256: string;
}

/** After a failed attempt, signers are shown the PDF as it is for this long before the engine tries again. */
export const RETRY_AFTER_MS = 10 * 60_000;

/**
 * The signers' copy of the PDF `pdfSha256` (`original`: its bytes, when the caller has them).
 *
 * For the signer's page (`forSeal` unset) it never fails on the document's account: when the text layer
 * or the removal is refused by the engine (a document too complex within the bounds), the failure is
 * recorded and the PDF is served as it is, which is what the seal, refused the same way, would leave;
 * the engine tries again after RETRY_AFTER_MS, not on every view. The seal (`forSeal`) always tries
 * and gets the engine's refusal, which decides its own retries as before.
 */
export async function signerCopy(
  pdfSha256: string,
  opts: { original?: Uint8Array; forSeal?: boolean } = {},
): Promise<SignerCopy> {
  const db = await getDb();
  const [row] = await db.select().from(signerCopies).where(eq(signerCopies.pdfSha256, pdfSha256));
  if (row?.sha256) {
    const stored = await storedCopy(row.sha256, pdfSha256, opts.original);
    if (stored) return stored;
  }
  const original = opts.original ?? (await blobs().get(pdfSha256));
  const asIs = { bytes: original, sha256: pdfSha256 };
  if (!opts.forSeal && row?.failedAt && Date.now() - row.failedAt.getTime() < RETRY_AFTER_MS) return asIs;

  let made: { pdf: Uint8Array | null; anchors: number; refused: number };
  try {
    const cover = await anchorBoxes(pdfSha256, original);
    made = cover.length
      ? await runEngine("removeAnchorText", [original, cover]).then((r) => ({
          pdf: r.pdf,
          anchors: cover.length,
          refused: r.refusedCovers.length,
        }))
      : { pdf: null, anchors: 0, refused: 0 };
  } catch (e) {
    if (opts.forSeal) throw e;
    // Signers still see the document; the reason stays in the log and the row, never in a response.
    const failure = e instanceof PdfError ? `${e.kind}: ${e.message}` : e instanceof Error ? e.message : String(e);
    log().error(`the signers' copy of ${pdfSha256} could not be made, the PDF is shown as it is: ${failure}`);
    const failedAt = new Date();
    await db
      .insert(signerCopies)
      .values({ pdfSha256, failure: failure.slice(0, 2000), failedAt })
      .onConflictDoUpdate({
        target: signerCopies.pdfSha256,
        set: { failure: failure.slice(0, 2000), failedAt },
        setWhere: sql`${signerCopies.sha256} is null`,
      });
    return asIs;
  }

  const copy = made.pdf ? { bytes: made.pdf, sha256: (await blobs().put(made.pdf)).sha256 } : asIs;
  // Another view (on this instance or another) may have made it meanwhile: the first recorded wins and
  // is what everyone is shown. The removal is deterministic, so both made the same bytes anyway.
  const [recorded] = await db
    .insert(signerCopies)
    .values({ pdfSha256, sha256: copy.sha256, anchors: made.anchors, refused: made.refused })
    .onConflictDoUpdate({
      target: signerCopies.pdfSha256,
      set: { sha256: copy.sha256, anchors: made.anchors, refused: made.refused, failure: null, failedAt: null },
      setWhere: sql`${signerCopies.sha256} is null`,
    })
    .returning({ sha256: signerCopies.sha256 });
  if (recorded) return copy;
  const [winner] = await db.select().from(signerCopies).where(eq(signerCopies.pdfSha256, pdfSha256));
  if (winner?.sha256 && winner.sha256 !== copy.sha256) return (await storedCopy(winner.sha256, pdfSha256, original)) ?? copy;
  return copy;
}

/** A recorded copy's bytes, or undefined when its blob is not in this store (it is then made again). */
async function storedCopy(sha256: string, pdfSha256: string, original?: Uint8Array): Promise<SignerCopy | undefined> {
  if (sha256 === pdfSha256 && original) return { bytes: original, sha256 };
  try {
    return { bytes: await blobs().get(sha256), sha256 };
  } catch (e) {
    if (e instanceof BlobNotFoundError || (e as { code?: string }).code === "ENOENT") return undefined;
    throw e;
  }
}
