import "server-only";
import type { SizingMode } from "@/lib/pdf/stamp";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { blobs } from "../blobs/store";
import { AppError } from "../errors";
import { keyActor } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { documentsNamed, findVisibleRequest } from "../model/request-queries";
import type { RequestDocument } from "../model/rows";
import { pdfErrorToApp, runEngine } from "../engine";
import { addDocumentVersions } from "./document-version";
import { occurrencesAcross, type DocumentOccurrence } from "./across-documents";

/** The draft, the documents searched (the one named, else all) and the anchors' occurrences across them. */
async function draftDocuments(auth: KeyAuth, id: string, action: string, keys: string[], documentId?: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  assertDraft(req, action);
  const docs = await documentsNamed(db, req.id, documentId);
  return { req, docs, byKey: await occurrencesAcross(docs, keys) };
}

/** The document an occurrence was found in. */
function docOf(docs: readonly RequestDocument[], occ: DocumentOccurrence): RequestDocument {
  const doc = docs.find((d) => d.id === occ.documentId);
  if (!doc) throw new Error(`An anchor was found in document ${occ.documentId}, which was not searched`);
  return doc;
}

function notFound(anchorKey: string, index: number, found: number): AppError {
  return new AppError(
    "ANCHOR_NOT_FOUND",
    found
      ? `Anchor ${anchorKey} has ${found} occurrence(s); occurrence ${index} does not exist`
      : `Anchor not found: ${anchorKey}`,
    {
      details: { missing: [{ anchorKey, occurrenceIndex: index, found }] },
    },
  );
}

/**
 * Stamps an image at an anchor's top-left (FIT by default), covering the anchor text: a new version of the
 * document the anchor is in (occurrences counted across the documents searched).
 */
export async function stampImageAtAnchor(
  auth: KeyAuth,
  id: string,
  input: {
    anchorKey: string;
    width: number;
    height: number;
    sizingMode: SizingMode;
    occurrenceIndex?: number;
    documentId?: string;
    image: File;
  },
) {
  const { req, docs, byKey } = await draftDocuments(auth, id, "stamping an image", [input.anchorKey], input.documentId);
  const index = input.occurrenceIndex ?? 0;
  const found = byKey[input.anchorKey] ?? [];
  const occ = found[index];
  if (!occ) throw notFound(input.anchorKey, index, found.length);
  const doc = docOf(docs, occ);
  const image = new Uint8Array(await input.image.arrayBuffer());
  let result;
  try {
    result = await runEngine("stampImage", [
      await blobs().get(doc.current.sha256),
      {
        page: occ.page,
        x: occ.x,
        y: occ.y,
        width: input.width,
        height: input.height,
        image,
        sizingMode: input.sizingMode,
        cover: [occ],
      },
    ]);
  } catch (e) {
    pdfErrorToApp(e);
  }
  const [version] = await addDocumentVersions(req, [{ base: doc.current, bytes: result.pdf }], "IMAGE_STAMP", keyActor(auth), {
    anchorKey: input.anchorKey,
    sizingMode: input.sizingMode,
    imageSha256: (await blobs().put(image)).sha256,
  });
  if (!version) throw new Error("The stamped document was not stored");
  return {
    anchorKey: input.anchorKey,
    documentId: doc.id,
    page: occ.page,
    x: occ.x,
    y: occ.y,
    width: input.width,
    height: input.height,
    drawn: result.drawn,
    documentVersion: version.version,
    sha256: version.sha256,
  };
}

/**
 * Paints each box white and draws its text there, all or nothing: a new version of each document an
 * anchor was found in (occurrences counted across the documents searched).
 */
export async function replaceTextAtAnchors(
  auth: KeyAuth,
  id: string,
  replacements: { anchorKey: string; text: string; width: number; height: number; fontSize: number; occurrenceIndex?: number }[],
  documentId?: string,
) {
  const { req, docs, byKey } = await draftDocuments(
    auth,
    id,
    "replacing text",
    replacements.map((r) => r.anchorKey),
    documentId,
  );
  const missing: { anchorKey: string; occurrenceIndex: number; found: number }[] = [];
  const boxes = [];
  for (const r of replacements) {
    const index = r.occurrenceIndex ?? 0;
    const found = byKey[r.anchorKey] ?? [];
    const occ = Number.isInteger(index) && index >= 0 ? found[index] : undefined;
    if (!occ) missing.push({ anchorKey: r.anchorKey, occurrenceIndex: index, found: found.length });
    else
      boxes.push({
        documentId: occ.documentId,
        page: occ.page,
        x: occ.x,
        y: occ.y,
        width: r.width,
        height: r.height,
        text: r.text,
        fontSize: r.fontSize,
        anchorKey: r.anchorKey,
      });
  }
  if (missing.length) {
    throw new AppError("ANCHOR_NOT_FOUND", `Anchor not found: ${missing.map((m) => m.anchorKey).join(", ")}`, {
      details: { missing },
    });
  }
  // Each document's boxes drawn in one pass; every document's new bytes made before any is stored.
  const changes = [];
  for (const doc of docs) {
    const mine = boxes.filter((b) => b.documentId === doc.id).map(({ documentId: _documentId, ...b }) => b);
    if (!mine.length) continue;
    try {
      changes.push({ base: doc.current, bytes: await runEngine("replaceText", [await blobs().get(doc.current.sha256), mine]) });
    } catch (e) {
      pdfErrorToApp(e);
    }
  }
  const versions = await addDocumentVersions(req, changes, "TEXT_REPLACEMENT", keyActor(auth), {
    anchors: boxes.map((b) => b.anchorKey),
  });
  const [first] = versions;
  if (!first) throw new Error("No document was changed by the text replacements");
  return {
    replacements: boxes.map(({ anchorKey, documentId, page, x, y, width, height }) => ({
      anchorKey,
      documentId,
      page,
      x,
      y,
      width,
      height,
    })),
    // The first document changed (a one-document request's), then each document changed.
    documentVersion: first.version,
    sha256: first.sha256,
    documents: versions.map((v) => ({ documentId: v.documentId, documentVersion: v.version, sha256: v.sha256 })),
  };
}
