import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { documentVersions, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { currentDocument } from "../model/request-queries";
import { type DocumentRow, type RequestRow } from "../model/rows";
import { acceptPdf } from "../documents/store-document";

/**
 * Stores a changed document as the next version. The change was computed from version `base`
 * without holding a lock (PDF work takes a while); if someone else wrote a version meanwhile, this
 * one is refused rather than silently dropping theirs.
 */
export async function addDocumentVersion(
  req: RequestRow,
  base: DocumentRow,
  bytes: Uint8Array,
  reason: string,
  who: Actor,
  data: Record<string, unknown>,
) {
  // Read in the engine like an upload: page sizes, and the text layer ready for the next preview or stamp.
  const { sha256, size, uploadedSha256, ...info } = await acceptPdf(bytes);
  const stored = { sha256, size };
  const db = await getDb();
  const version = await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, req.id)).for("update");
    if (!cur) throw notFound("REQUEST_NOT_FOUND", "Signature request");
    assertDraft(cur, "changing the document");
    const latest = await currentDocument(tx, req.id);
    if (latest.version !== base.version) {
      throw new AppError("DOCUMENT_CHANGED", "The document changed while this change was being made; try again");
    }
    const row = oneRow(
      await tx
        .insert(documentVersions)
        .values({
          requestId: req.id,
          version: base.version + 1,
          sha256: stored.sha256,
          uploadedSha256: uploadedSha256 !== stored.sha256 ? uploadedSha256 : null,
          size: stored.size,
          pageCount: info.pageCount,
          pages: info.pages,
          reason,
          filename: base.filename,
        })
        .returning(),
      "the new document version",
    );
    await tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, req.id));
    await recordEvent(tx, req.id, `document.${reason.toLowerCase()}`, who, {
      ...data,
      version: row.version,
      sha256: row.sha256,
      previousSha256: base.sha256,
    });
    return row;
  });
  return version;
}
