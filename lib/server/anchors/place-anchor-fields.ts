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
import { allAnchorsAcross, assertAnchorsOwnTextAcross, occurrencesAcross, type DocumentAnchor } from "./across-documents";

type SkipCode = "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
type Placed = FieldInput & { anchor: Record<string, unknown> };

/** A box for one unified anchor's field instead of its own (the preview's "fit to the line"): lib/schemas/anchors.ts zAnchorSize. */
export interface AnchorSize {
  anchorKey: string;
  occurrenceIndex?: number;
  width: number;
  height: number;
  fontSize?: number;
}

/** The types whose field draws text: a size may give them a font size. */
const WITH_FONT = new Set(["date", "text", "dropdown", "number", "name", "email"]);

/**
 * Which anchor each size is for, by its index in `all` (occurrences counted across the documents, as
 * `occurrenceIndex` is everywhere); every size must name an anchor of this signer that makes a field.
 * 422 ANCHOR_NOT_FOUND for an anchor that is not there, 400 for one that is not this signer's field.
 */
function sizesByAnchor(all: readonly DocumentAnchor[], sizes: readonly AnchorSize[], signerRef: string) {
  const out = new Map<number, AnchorSize>();
  const missing: { anchorKey: string; occurrenceIndex: number; found: number }[] = [];
  const errors: { field: string; message: string }[] = [];
  sizes.forEach((s, i) => {
    const n = s.occurrenceIndex ?? 0;
    const same = all.flatMap((a, j) => (a.text === s.anchorKey ? [j] : []));
    const j = same[n];
    const a = j === undefined ? undefined : all[j];
    if (j === undefined || !a) return void missing.push({ anchorKey: s.anchorKey, occurrenceIndex: n, found: same.length });
    const p = a.ok ? a.anchor : null;
    if (!p || p.type === "legacy" || p.type === "image" || p.signerRef !== signerRef) {
      errors.push({
        field: `sizes.${i}.anchorKey`,
        message: `${s.anchorKey} is not an anchor of a field of signer ${signerRef}`,
      });
    } else if (s.fontSize !== undefined && !WITH_FONT.has(p.type)) {
      errors.push({ field: `sizes.${i}.fontSize`, message: `A ${p.type} field has no font size` });
    } else if (out.has(j)) {
      errors.push({ field: `sizes.${i}`, message: `${s.anchorKey} (occurrence ${n}) is given a size twice` });
    } else out.set(j, s);
  });
  if (missing.length) {
    const names = missing.map((m) =>
      m.found ? `${m.anchorKey} (occurrence ${m.occurrenceIndex}; found ${m.found})` : m.anchorKey,
    );
    throw new AppError("ANCHOR_NOT_FOUND", `Anchor not found: ${names.join(", ")}`, { details: { missing } });
  }
  if (errors.length) throw new AppError("VALIDATION_FAILED", errors.map((e) => e.message).join("; "), { errors });
  return out;
}

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
 * already placed are skipped and reported, each with its document. `sizes` gives chosen anchors' fields
 * another box (width, height and, for a field that draws text, font size), at the same top-left.
 */
export async function placeUnifiedAnchors(
  auth: KeyAuth,
  id: string,
  recipientId: string,
  signerRef: string,
  documentId?: string,
  sizes: readonly AnchorSize[] = [],
) {
  const { req, docs } = await prepare(auth, id, documentId);
  const all = await allAnchorsAcross(docs);
  const sized = sizesByAnchor(all, sizes, signerRef);
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
  for (const [i, a] of all.entries()) {
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
    let field: Placed;
    if (p.type === "signature") field = { ...base, type: "SIGNATURE", width: p.width, height: p.height, required: true };
    else if (p.type === "date")
      field = { ...base, type: "DATE", width: p.width, height: p.height, fontSize: p.fontSize, required: true };
    else if (p.type !== "text") field = { ...base, ...fieldOfAnchor(p) };
    else
      field = {
        ...base,
        type: "TEXT",
        width: p.width,
        height: p.height,
        fontSize: p.fontSize,
        maxLength: p.maxLength,
        label: p.label || undefined,
        name: p.label || undefined,
        required: p.required,
      };
    const size = sized.get(i);
    if (size) {
      field.width = size.width;
      field.height = size.height;
      if (size.fontSize !== undefined) field.fontSize = size.fontSize;
      // Where the box came from, kept with the anchor: the anchor asked for another.
      field.anchor = { ...anchor, sized: true };
    }
    fields.push(field);
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
