"use client";
import { api } from "./api";
import type { FieldDto, RequestBody, ResponseData } from "./types";

/** What POST …/anchors/preview answers (lib/schemas/ops-anchors.ts): either of its two forms. */
export type AnchorPreview = ResponseData<"previewAnchors">;
/** No anchors asked for: every {{…}} anchor of the document, parsed (valid) or not, with where it is. */
type ListedAnchor = Extract<AnchorPreview, { malformed: number }>["anchors"][number];
/** Anchors asked for by key: whether each is in the text layer, and where. */
type FoundAnchor = Extract<AnchorPreview, { missing: string[] }>["anchors"][number];
type ParsedAnchor = Extract<ListedAnchor, { valid: true }>["anchor"];
type Box = Pick<ListedAnchor, "documentId" | "page" | "x" | "y" | "width" | "height">;

/**
 * One `{{...}}` token the preview found, as the overlay draws it: where it is (points, top-left of the
 * displayed page), its text, whether it parsed (and why not), and the field it asks for.
 */
export interface DetectedAnchor extends Omit<Box, "documentId"> {
  /** The request's document it is in (a template's anchors name none: a template has one document). */
  documentId?: string;
  /** Unique in one preview (a key may occur more than once). */
  key: string;
  text: string;
  ok: boolean;
  /** Why it is malformed, when it is. */
  reason?: string;
  type?: ParsedAnchor["type"];
  signerRef?: string;
  fieldWidth?: number;
  fieldHeight?: number;
  /** Which occurrence of its text this is, as the server counts them (reading order): what /fields/anchored names. */
  occurrence?: number;
}

const boxOf = (o: Box) => ({ documentId: o.documentId, page: o.page, x: o.x, y: o.y, width: o.width, height: o.height });

/** The parsed part of a listed anchor: its type, signer and field size (a legacy anchor has neither). */
function parsedOf(a: ListedAnchor): Pick<DetectedAnchor, "ok" | "reason" | "type" | "signerRef" | "fieldWidth" | "fieldHeight"> {
  if (!a.valid) return { ok: false, reason: a.reason };
  const p = a.anchor;
  if (p.type === "legacy") return { ok: true, type: p.type };
  return { ok: true, type: p.type, signerRef: p.signerRef, fieldWidth: p.width, fieldHeight: p.height };
}

const isFound = (a: ListedAnchor | FoundAnchor): a is FoundAnchor => "occurrences" in a;

/** The preview's anchors, one per occurrence, in reading order (page, then top to bottom, then left to right). */
export function normalizePreview(data: AnchorPreview): DetectedAnchor[] {
  const out: DetectedAnchor[] = [];
  let n = 0;
  const seen = new Map<string, number>();
  for (const a of data.anchors) {
    if (isFound(a)) {
      a.occurrences.forEach((o, occurrence) => out.push({ key: `${n++}`, text: a.anchorKey, ...boxOf(o), ok: true, occurrence }));
    } else {
      // The server lists the tokens in reading order, as it counts a key's occurrences.
      const occurrence = seen.get(a.anchorKey) ?? 0;
      seen.set(a.anchorKey, occurrence + 1);
      out.push({ key: `${n++}`, text: a.anchorKey, ...boxOf(a), ...parsedOf(a), occurrence });
    }
  }
  // Reading order: the documents' (as the preview lists them), then page, top, left.
  const place = new Map(data.documents.map((d, i) => [d.documentId, i]));
  const at = (a: DetectedAnchor) => place.get(a.documentId ?? "") ?? 0;
  return out.sort((p, q) => at(p) - at(q) || p.page - q.page || p.y - q.y || p.x - q.x);
}

/** What POST …/fields/anchors answers for a request (for a PDF template's id it lists the template's fields). */
export type AnchorFieldsResult = Extract<ResponseData<"anchorFields">, { fields: FieldDto[] }>;
/** One field of POST …/fields/anchored: at an anchor's occurrence, with offsets. */
export type LegacyPlacement = Extract<RequestBody<"anchoredFields">, { fields: unknown }>["fields"][number];
export type TextReplacement = RequestBody<"replaceText">["replacements"][number];

export const anchorApi = {
  preview: async (id: string) =>
    normalizePreview(await api<AnchorPreview>(`/signature-requests/${id}/anchors/preview`, { method: "POST", json: {} })),
  createFields: (id: string, recipientId: string, signerRef: string) =>
    api<AnchorFieldsResult>(`/signature-requests/${id}/fields/anchors`, {
      method: "POST",
      json: { recipientId, signerRef } satisfies RequestBody<"anchorFields">,
    }),
  /** Fields at legacy `{{signet:…}}` (or literal) anchors: each at its occurrence's top-left, covering it. */
  placeAtAnchors: (id: string, fields: LegacyPlacement[]) =>
    api<AnchorFieldsResult>(`/signature-requests/${id}/fields/anchored`, {
      method: "POST",
      json: { fields } satisfies RequestBody<"anchoredFields">,
    }),
  replaceText: (id: string, replacements: TextReplacement[]) =>
    api<ResponseData<"replaceText">>(`/signature-requests/${id}/anchors/text-replacements`, {
      method: "POST",
      json: { replacements },
    }),
};

/** How a skipped entry of `/fields/anchors` reads to a person. */
export function describeSkipped(s: AnchorFieldsResult["skipped"][number]): string {
  return s.reason ? `${s.anchorKey}: ${s.reason}` : s.anchorKey;
}

/** Legacy `{{signet:<name>}}` anchors: they name no signer and no field type, so staff choose both. */
export const isLegacyAnchor = (a: DetectedAnchor) => a.ok && a.type === "legacy";
