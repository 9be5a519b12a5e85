import "server-only";
import type { FieldInput } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { AppError, notFound } from "../errors";
import { keyActor } from "../audit/record-event";
import { insertFields } from "../fields/place-fields";
import { assertDraft } from "../model/request-state";
import { documentsNamed, findVisibleRequest, loadFields } from "../model/request-queries";
import { placeAtAnchors } from "../fields/place-at-anchors";
import { fieldOfAnchor } from "./field-of-anchor";
import { allAnchorsAcross, assertAnchorsOwnTextAcross, occurrencesAcross } from "./across-documents";

type SkipCode = "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
type Placed = FieldInput & { anchor: Record<string, unknown> };

/** The draft and the documents its anchors are searched in: the one named, else all. */
async function prepare(auth: KeyAuth, id: string, documentId?: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  assertDraft(req, "placing fields");
  return { req, docs: await documentsNamed(db, req.id, documentId) };
}

/** Places the fields and stores them in one transaction; the request must still be a draft. */
async function store(auth: KeyAuth, reqId: string, placed: Placed[]) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, reqId, { forUpdate: true });
    assertDraft(req, "placing fields");
    return placed.length ? insertFields(tx, req, placed, keyActor(auth)) : [];
  });
}

const sameSpot = (
  f: { anchor: Record<string, unknown> | null; documentId: string },
  at: { documentId: string; page: number; x: number; y: number; text: string },
) =>
  !!f.anchor &&
  f.documentId === at.documentId &&
  f.anchor.text === at.text &&
  f.anchor.page === at.page &&
  Math.abs(Number(f.anchor.x) - at.x) < 0.01 &&
  Math.abs(Number(f.anchor.y) - at.y) < 0.01;

/**
 * Unified anchors: every {{sN|…}} of `signerRef` (in every document, or the one named) becomes a field of
 * `recipientId` on the document it is in. Image anchors, other signers' anchors, malformed ones and those
 * already placed are skipped and reported, each with its document.
 */
export async function placeUnifiedAnchors(
  auth: KeyAuth,
  id: string,
  recipientId: string,
  signerRef: string,
  documentId?: string,
) {
  const { req, docs } = await prepare(auth, id, documentId);
  const all = await allAnchorsAcross(docs);
  const existing = await loadFields(await getDb(), req.id);
  const fields: Placed[] = [];
  const skipped: {
    anchorKey: string;
    documentId: string;
    page: number;
    reason: string;
    code: SkipCode;
    signerRef?: string;
  }[] = [];
  let mine = 0;
  for (const a of all) {
    const at = { anchorKey: a.text, documentId: a.documentId, page: a.page };
    if (!a.ok) {
      skipped.push({ ...at, reason: `Malformed: ${a.reason}`, code: "MALFORMED" });
      continue;
    }
    const p = a.anchor;
    if (p.type === "legacy") {
      skipped.push({ ...at, reason: "Legacy anchor: place it with /fields/anchored", code: "LEGACY" });
      continue;
    }
    if (p.signerRef !== signerRef) {
      skipped.push({ ...at, reason: `For signer ${p.signerRef}`, code: "OTHER_SIGNER", signerRef: p.signerRef });
      continue;
    }
    mine++;
    if (p.type === "image") {
      skipped.push({ ...at, reason: "Image anchor: it marks where an image is stamped, not a field", code: "IMAGE" });
      continue;
    }
    if (existing.some((f) => sameSpot(f, a))) {
      skipped.push({ ...at, reason: "A field was already placed at this anchor", code: "ALREADY_PLACED" });
      continue;
    }
    const anchor = { text: a.text, page: a.page, x: a.x, y: a.y, width: a.width, height: a.height };
    const base = { recipientId, documentId: a.documentId, page: a.page, x: a.x, y: a.y, anchor };
    if (p.type === "signature") fields.push({ ...base, type: "SIGNATURE", width: p.width, height: p.height, required: true });
    else if (p.type === "date")
      fields.push({ ...base, type: "DATE", width: p.width, height: p.height, fontSize: p.fontSize, required: true });
    else if (p.type !== "text") fields.push({ ...base, ...fieldOfAnchor(p) });
    else
      fields.push({
        ...base,
        type: "TEXT",
        width: p.width,
        height: p.height,
        fontSize: p.fontSize,
        maxLength: p.maxLength,
        label: p.label || undefined,
        name: p.label || undefined,
        required: p.required,
      });
  }
  if (mine === 0) {
    throw new AppError("NO_ANCHOR_FOR_SIGNER", `No anchor for signer ${signerRef} was found in the documents`, {
      details: { signerRef, skipped },
    });
  }
  await assertAnchorsOwnTextAcross(
    docs,
    fields.map((f) => ({
      ...(f.anchor as { text: string; page: number; x: number; y: number; width: number; height: number }),
      documentId: f.documentId!,
    })),
  );
  return { fields: await store(auth, req.id, fields), skipped };
}

export interface AnchoredFieldInput extends Omit<FieldInput, "page" | "x" | "y"> {
  anchorKey: string;
  xOffset: number;
  yOffset: number;
  occurrenceIndex?: number;
}

/**
 * Literal (and legacy {{signet:…}}) anchors with offsets, each searched in the document it names, else in
 * every document: 422 naming every anchor not found.
 */
export async function placeAnchoredFields(auth: KeyAuth, id: string, items: AnchoredFieldInput[]) {
  const { req, docs } = await prepare(auth, id);
  const named = new Set(items.map((f) => f.documentId).filter((d) => d !== undefined));
  for (const d of named) if (!docs.some((x) => x.id === d)) throw notFound("DOCUMENT_NOT_FOUND", "Document");
  const byKey = await occurrencesAcross(
    docs,
    items.map((f) => f.anchorKey),
  );
  const fields = placeAtAnchors(items, byKey);
  await assertAnchorsOwnTextAcross(
    docs,
    fields.map((f) => ({ ...f.anchor, documentId: f.documentId })),
  );
  return { fields: await store(auth, req.id, fields), skipped: [] };
}
