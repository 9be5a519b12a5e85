import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { documentVersions, signatureRequests } from "../db/schema";
import { keyActor, recordEvent } from "../audit/record-event";
import { loadRequestDto } from "./load-request";
import { acceptPdf } from "./store-document";

export interface CreateRequestInput {
  title: string;
  delivery_mode: string;
  file?: File;
  documentFile?: File;
}

export async function createRequest(auth: KeyAuth, input: CreateRequestInput) {
  const file = (input.file ?? input.documentFile)!;
  const doc = await acceptPdf(new Uint8Array(await file.arrayBuffer()));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [req] = await tx
      .insert(signatureRequests)
      .values({
        orgId: auth.orgId,
        environment: auth.environment,
        title: input.title,
        deliveryMode: input.delivery_mode,
        createdByKeyId: auth.keyId,
      })
      .returning();
    await tx.insert(documentVersions).values({
      requestId: req.id,
      version: 1,
      sha256: doc.sha256,
      size: doc.size,
      pageCount: doc.pageCount,
      pages: doc.pages,
      reason: "ORIGINAL",
      filename: file.name || null,
    });
    await recordEvent(tx, req.id, "request.created", keyActor(auth), { title: req.title, sha256: doc.sha256, pageCount: doc.pageCount });
    return loadRequestDto(tx, req);
  });
}
