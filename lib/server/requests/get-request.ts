import "server-only";
import { asc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { auditEvents } from "../db/schema";
import { blobs } from "../blobs/store";
import { currentDocument, findVisibleRequest } from "../model/request-queries";
import { readRequestDto } from "./read-request";

export async function getRequest(auth: KeyAuth, id: string) {
  return readRequestDto(auth, id);
}

/** The current PDF (after stamps and replacements; the sealed one once completed). */
export async function getRequestDocument(auth: KeyAuth, id: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  const doc = await currentDocument(db, req.id);
  return { bytes: await blobs().get(doc.sha256), sha256: doc.sha256, title: req.title, version: doc.version };
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
