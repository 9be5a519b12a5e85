import "server-only";
import type { SizingMode } from "@/lib/pdf/stamp";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { blobs } from "../blobs/store";
import { AppError } from "../errors";
import { keyActor } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { currentDocument, findVisibleRequest } from "../model/request-queries";
import { findAnchorsIn } from "../documents/text-layer-cache";
import { pdfErrorToApp, runEngine } from "../engine";
import { addDocumentVersion } from "./document-version";

async function draftDocument(auth: KeyAuth, id: string, action: string, keys: string[]) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  assertDraft(req, action);
  const doc = await currentDocument(db, req.id);
  const bytes = await blobs().get(doc.sha256);
  const { byKey } = await findAnchorsIn(doc.sha256, { keys }, bytes);
  return { req, doc, bytes, byKey };
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

/** Stamps an image at an anchor's top-left (FIT by default), covering the anchor text: a new document version. */
export async function stampImageAtAnchor(
  auth: KeyAuth,
  id: string,
  input: { anchorKey: string; width: number; height: number; sizingMode: SizingMode; occurrenceIndex?: number; image: File },
) {
  const { req, doc, bytes, byKey } = await draftDocument(auth, id, "stamping an image", [input.anchorKey]);
  const index = input.occurrenceIndex ?? 0;
  const found = byKey[input.anchorKey] ?? [];
  const occ = found[index];
  if (!occ) throw notFound(input.anchorKey, index, found.length);
  const image = new Uint8Array(await input.image.arrayBuffer());
  let result;
  try {
    result = await runEngine("stampImage", [
      bytes,
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
  const version = await addDocumentVersion(req, doc, result.pdf, "IMAGE_STAMP", keyActor(auth), {
    anchorKey: input.anchorKey,
    sizingMode: input.sizingMode,
    imageSha256: (await blobs().put(image)).sha256,
  });
  return {
    anchorKey: input.anchorKey,
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

/** Paints each box white and draws its text there, all or nothing: a new document version. */
export async function replaceTextAtAnchors(
  auth: KeyAuth,
  id: string,
  replacements: { anchorKey: string; text: string; width: number; height: number; fontSize: number; occurrenceIndex?: number }[],
) {
  const { req, doc, bytes, byKey } = await draftDocument(
    auth,
    id,
    "replacing text",
    replacements.map((r) => r.anchorKey),
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
  let pdf: Uint8Array;
  try {
    pdf = await runEngine("replaceText", [bytes, boxes]);
  } catch (e) {
    pdfErrorToApp(e);
  }
  const version = await addDocumentVersion(req, doc, pdf, "TEXT_REPLACEMENT", keyActor(auth), {
    anchors: boxes.map((b) => b.anchorKey),
  });
  return {
    replacements: boxes.map(({ anchorKey, page, x, y, width, height }) => ({ anchorKey, page, x, y, width, height })),
    documentVersion: version.version,
    sha256: version.sha256,
  };
}
