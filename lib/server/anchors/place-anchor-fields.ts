import "server-only";
import type { FieldInput } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { AppError } from "../errors";
import { keyActor } from "../audit/record-event";
import { insertFields } from "../fields/place-fields";
import { assertDraft } from "../model/request-state";
import { currentDocument, findVisibleRequest, loadFields } from "../model/request-queries";
import { placeAtAnchors } from "../fields/place-at-anchors";
import { fieldOfAnchor } from "./field-of-anchor";
import { findAnchorsIn } from "../documents/text-layer-cache";
import { assertAnchorsOwnText } from "./judge-anchor-boxes";

type SkipCode = "MALFORMED" | "LEGACY" | "OTHER_SIGNER" | "IMAGE" | "ALREADY_PLACED";
type Placed = FieldInput & { anchor: Record<string, unknown> };

async function prepare(auth: KeyAuth, id: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  assertDraft(req, "placing fields");
  const doc = await currentDocument(db, req.id);
  return { req, doc };
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

const sameSpot = (a: Record<string, unknown> | null, page: number, x: number, y: number, text: string) =>
  !!a && a.text === text && a.page === page && Math.abs(Number(a.x) - x) < 0.01 && Math.abs(Number(a.y) - y) < 0.01;

/**
 * Unified anchors: every {{sN|…}} of `signerRef` becomes a field of `recipientId`. Image anchors,
 * other signers' anchors, malformed ones and those already placed are skipped and reported.
 */
export async function placeUnifiedAnchors(auth: KeyAuth, id: string, recipientId: string, signerRef: string) {
  const { req, doc } = await prepare(auth, id);
  const { all = [] } = await findAnchorsIn(doc.sha256, { all: true });
  const existing = (await loadFields(await getDb(), req.id)).map((f) => f.anchor);
  const fields: Placed[] = [];
  const skipped: { anchorKey: string; page: number; reason: string; code: SkipCode; signerRef?: string }[] = [];
  let mine = 0;
  for (const a of all) {
    const at = { anchorKey: a.text, page: a.page };
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
    if (existing.some((e) => sameSpot(e, a.page, a.x, a.y, a.text))) {
      skipped.push({ ...at, reason: "A field was already placed at this anchor", code: "ALREADY_PLACED" });
      continue;
    }
    const anchor = { text: a.text, page: a.page, x: a.x, y: a.y, width: a.width, height: a.height };
    const base = { recipientId, page: a.page, x: a.x, y: a.y, anchor };
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
    throw new AppError("NO_ANCHOR_FOR_SIGNER", `No anchor for signer ${signerRef} was found in the document`, {
      details: { signerRef, skipped },
    });
  }
  await assertAnchorsOwnText(
    doc.sha256,
    fields.map((f) => f.anchor as { text: string; page: number; x: number; y: number; width: number; height: number }),
  );
  return { fields: await store(auth, req.id, fields), skipped };
}

export interface AnchoredFieldInput extends Omit<FieldInput, "page" | "x" | "y"> {
  anchorKey: string;
  xOffset: number;
  yOffset: number;
  occurrenceIndex?: number;
}

/** Literal (and legacy {{signet:…}}) anchors with offsets: 422 naming every anchor not found. */
export async function placeAnchoredFields(auth: KeyAuth, id: string, items: AnchoredFieldInput[]) {
  const { req, doc } = await prepare(auth, id);
  const { byKey } = await findAnchorsIn(doc.sha256, { keys: items.map((f) => f.anchorKey) });
  const fields = placeAtAnchors(items, byKey);
  await assertAnchorsOwnText(
    doc.sha256,
    fields.map((f) => f.anchor),
  );
  return { fields: await store(auth, req.id, fields), skipped: [] };
}
