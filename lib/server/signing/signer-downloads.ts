import "server-only";
import { openSignerLink } from "./open-signer-link";
import { documentFileTitle, downloadFileName } from "@/lib/files/file-name";
import type { Queryable } from "../db";
import { blobs } from "../blobs/store";
import { notFound } from "../errors";
import type { Actor } from "../audit/record-event";
import { attachmentsOf } from "../model/request-dto";
import { loadDocuments, loadFields } from "../model/request-queries";
import type { RequestDocument } from "../model/rows";
import { sealedCopyUntil } from "./find-signer";

/**
 * What a signing link offers to download: each of the request's documents (before the seal the copy to sign,
 * once COMPLETED the sealed PDF, each its own file) and, once COMPLETED, every file signers attached and kept.
 * Those files are embedded under the seal in the sealed PDF of their field's document, which every
 * recipient is sent: offering them one by one shows nobody anything the sealed PDFs do not already hold,
 * and spares a signer a PDF reader's attachment pane. Before completion nothing attached is offered: a
 * file is the signer's only once it is under the seal, and the staff's until then.
 */
export interface SigningFiles {
  sealed: boolean;
  availableUntil: string | null;
  documents: { id: string; order: number; name: string; pageCount: number; sha256: string; fileName: string }[];
  attachments: SigningAttachment[];
}

export interface SigningAttachment {
  id: string;
  fieldId: string;
  documentId: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** Attached by this link's own recipient. */
  yours: boolean;
}

/** The documents a link downloads, each named by the one rule (lib/files/file-name.ts). */
export function downloadableDocuments(req: { title: string; status: string }, docs: readonly RequestDocument[]) {
  const sealed = req.status === "COMPLETED";
  return docs.map((d) => ({
    id: d.id,
    order: d.position,
    name: d.name,
    pageCount: d.current.pageCount,
    sha256: d.current.sha256,
    fileName: downloadFileName(documentFileTitle(req.title, d.name, docs.length), sealed),
  }));
}

/** The files signers kept in a COMPLETED request, each with the document whose sealed PDF carries it; [] before. */
export async function sealedAttachments(
  db: Queryable,
  req: { id: string; status: string },
  recipientId: string,
): Promise<SigningAttachment[]> {
  if (req.status !== "COMPLETED") return [];
  const flds = await loadFields(db, req.id);
  const fieldOf = new Map(flds.map((f) => [f.id, f]));
  return attachmentsOf(flds).map((a) => ({
    id: a.id,
    fieldId: a.fieldId,
    documentId: fieldOf.get(a.fieldId)!.documentId,
    name: a.name,
    type: a.type,
    size: a.size,
    sha256: a.sha256,
    yours: a.recipientId === recipientId,
  }));
}

/** GET /api/sign/{token}/documents: every document and, once COMPLETED, every kept attachment this link downloads. */
export async function signingFiles(
  token: string,
  who: Omit<Actor, "actor">,
  session: string | null = null,
): Promise<SigningFiles> {
  const { db, r, req } = await openSignerLink(token, who, session);
  const docs = await loadDocuments(db, req.id);
  return {
    sealed: req.status === "COMPLETED",
    availableUntil: sealedCopyUntil(req)?.toISOString() ?? null,
    documents: downloadableDocuments(req, docs),
    attachments: await sealedAttachments(db, req, r.id),
  };
}

/**
 * GET /api/sign/{token}/attachments/{attachmentId}: one file kept under the seal, as kept. Only this request's,
 * only once COMPLETED (and while its link shows the sealed copy); any other id, well formed or not, is the same 404.
 */
export async function signingAttachment(
  token: string,
  attachmentId: string,
  who: Omit<Actor, "actor">,
  session: string | null = null,
) {
  const { db, r, req } = await openSignerLink(token, who, session);
  const kept = (await sealedAttachments(db, req, r.id)).find((a) => a.id === attachmentId);
  if (!kept) throw notFound("ATTACHMENT_NOT_FOUND", "Attachment");
  return { bytes: await blobs().get(kept.sha256), name: kept.name, type: kept.type, sha256: kept.sha256 };
}
