import "server-only";
import { asc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { auditEvents } from "../db/schema";
import PizZip from "pizzip";
import { documentFileTitle, downloadFileName, fileNameOf } from "@/lib/files/file-name";
import { blobs, sha256Of } from "../blobs/store";
import type { FileAnswer } from "@/lib/files/file-answer";
import { findVisibleRequest, loadDocuments } from "../model/request-queries";
import { fileOf } from "./request-documents";
import { readRequestDto } from "./read-request";

export async function getRequest(auth: KeyAuth, id: string) {
  return readRequestDto(auth, id);
}

/**
 * The first document's current PDF (after stamps and replacements; the sealed one once completed); with `all`,
 * every document's in one zip, in order ("1 - contract.pdf", …). Each file is named by the one rule
 * (lib/files/file-name.ts): the request's title for its only document, else the document's own name, with
 * " (signed)" once sealed; the zip, which holds the whole request, after the request.
 */
export async function getRequestDocument(auth: KeyAuth, id: string, opts: { all?: boolean } = {}): Promise<FileAnswer> {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  const docs = await loadDocuments(db, req.id);
  const [first] = docs;
  if (!first) throw new Error(`Signature request ${id} has no document`);
  const sealed = req.status === "COMPLETED";
  const nameOf = (d: (typeof docs)[number]) => downloadFileName(documentFileTitle(req.title, d.name, docs.length), sealed);
  if (!opts.all) {
    const { bytes, sha256, version } = await fileOf(first);
    return { bytes, sha256, version, name: nameOf(first) };
  }
  // PDFs are compressed already: stored, not deflated again.
  const zip = new PizZip();
  for (const d of docs) {
    const pdf = await blobs().get(d.current.sha256);
    zip.file(`${d.position} - ${nameOf(d)}`, pdf, { binary: true, date: d.current.createdAt });
  }
  const bytes = zip.generate({ type: "uint8array", compression: "STORE" });
  return { bytes, sha256: sha256Of(bytes), name: `${fileNameOf(req.title)}.zip`, type: "application/zip" };
}

export async function getAuditTrail(auth: KeyAuth, id: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req.id)).orderBy(asc(auditEvents.createdAt));
  return {
    items: rows.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      actorLabel: e.actorLabel,
      ip: e.ip,
      userAgent: e.userAgent,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
