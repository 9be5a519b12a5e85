import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { documentVersions, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { findDocument } from "../model/request-queries";
import { type DocumentRow, type RequestRow } from "../model/rows";
import { acceptPdf } from "../documents/store-document";

/** A document changed: the version it was computed from, and its new bytes. */
export interface DocumentChange {
  base: DocumentRow;
  bytes: Uint8Array;
}

/**
 * Stores changed documents, each as its next version, all or none. A change was computed from version
 * `base` without holding a lock (PDF work takes a while); if someone else wrote a version of that document
 * meanwhile, the whole change is refused rather than silently dropping theirs. One audit event per
 * document changed.
 */
export async function addDocumentVersions(
  req: RequestRow,
  changes: readonly DocumentChange[],
  reason: string,
  who: Actor,
  data: Record<string, unknown>,
): Promise<DocumentRow[]> {
  // Read in the engine like an upload: page sizes, and the text layer ready for the next preview or stamp.
  const accepted: (DocumentChange & { read: Awaited<ReturnType<typeof acceptPdf>> })[] = [];
  for (const c of changes) accepted.push({ ...c, read: await acceptPdf(c.bytes) });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, req.id)).for("update");
    if (!cur) throw notFound("REQUEST_NOT_FOUND", "Signature request");
    assertDraft(cur, "changing the document");
    const rows: DocumentRow[] = [];
    for (const { base, read } of accepted) {
      const { sha256, size, uploadedSha256, pageCount, pages } = read;
      const latest = (await findDocument(tx, req.id, base.documentId)).current;
      if (latest.version !== base.version) {
        throw new AppError("DOCUMENT_CHANGED", "The document changed while this change was being made; try again");
      }
      const row = oneRow(
        await tx
          .insert(documentVersions)
          .values({
            requestId: req.id,
            documentId: base.documentId,
            version: base.version + 1,
            sha256,
            uploadedSha256: uploadedSha256 !== sha256 ? uploadedSha256 : null,
            size,
            pageCount,
            pages,
            reason,
            filename: base.filename,
          })
          .returning(),
        "the new document version",
      );
      await recordEvent(tx, req.id, `document.${reason.toLowerCase()}`, who, {
        ...data,
        documentId: row.documentId,
        version: row.version,
        sha256: row.sha256,
        previousSha256: base.sha256,
      });
      rows.push(row);
    }
    await tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, req.id));
    return rows;
  });
}
