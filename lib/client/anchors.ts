"use client";
import { api } from "./api";
import { findOverlaps } from "./overlaps";
import type { FieldDto, RequestBody, ResponseData } from "./types";

/** What POST …/anchors/preview answers (lib/schemas/ops-anchors.ts): either of its two forms. */
export type AnchorPreview = ResponseData<"previewAnchors">;
/** No anchors asked for: every {{…}} anchor of the document, parsed (valid) or not, with where it is. */
type ListedAnchor = Extract<AnchorPreview, { malformed: number }>["anchors"][number];
/** Anchors asked for by key: whether each is in the text layer, and where. */
type FoundAnchor = Extract<AnchorPreview, { missing: string[] }>["anchors"][number];
type ParsedAnchor = Extract<ListedAnchor, { valid: true }>["anchor"];
type Box = Pick<ListedAnchor, "documentId" | "page" | "x" | "y" | "width" | "height">;
/** Where an anchor's field lies, what it covers and the box that fits its line (lib/pdf/anchor-fit.ts). */
export type AnchorLayout = NonNullable<Extract<ListedAnchor, { valid: true }>["layout"]>;
export type FitBox = NonNullable<AnchorLayout["fit"]>;

/** What an anchor's field covers as the preview shows it now: text of the page, other anchors' fields, placed fields. */
export interface Covering {
  /** The covered words, one entry per line. */
  text: string[];
  /** Other anchors whose fields it overlaps, by their text. */
  anchors: string[];
  /** How many placed fields (not at an anchor) it overlaps. */
  fields: number;
}

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
  /** The font size of the field's text, for a field that draws text. */
  fontSize?: number;
  /** Which occurrence of its text this is, as the server counts them (reading order): what /fields/anchored names. */
  occurrence?: number;
  /** Where its field lies (anchors that make a field). */
  layout?: AnchorLayout;
  /** Its field takes the box that fits its line (`layout.fit`), chosen with "Fit to the line". */
  fitted?: boolean;
  /** What its field covers (withCoverage); absent when it covers nothing. */
  covering?: Covering;
}

const boxOf = (o: Box) => ({ documentId: o.documentId, page: o.page, x: o.x, y: o.y, width: o.width, height: o.height });

/** The parsed part of a listed anchor: its type, signer and field size (a legacy anchor has neither). */
function parsedOf(
  a: ListedAnchor,
): Pick<DetectedAnchor, "ok" | "reason" | "type" | "signerRef" | "fieldWidth" | "fieldHeight" | "fontSize" | "layout"> {
  if (!a.valid) return { ok: false, reason: a.reason };
  const p = a.anchor;
  if (p.type === "legacy") return { ok: true, type: p.type };
  const out = { ok: true, type: p.type, signerRef: p.signerRef, fieldWidth: p.width, fieldHeight: p.height };
  const fontSize = "fontSize" in p ? { fontSize: p.fontSize } : {};
  if (!a.layout) return { ...out, ...fontSize };
  // Once placed, the field's own box (it may have been fitted or resized) is what the page shows.
  const f = a.layout.field;
  return { ...out, ...fontSize, fieldWidth: f.width, fieldHeight: f.height, layout: a.layout };
}

/** The box an anchor's field has now, for the overlap check. */
const fieldBoxOf = (a: DetectedAnchor) => ({
  key: a.key,
  page: a.page,
  documentId: a.documentId,
  x: a.layout?.field.x ?? a.x,
  y: a.layout?.field.y ?? a.y,
  width: a.fieldWidth ?? 0,
  height: a.fieldHeight ?? 0,
});

/**
 * What each anchor's field covers: the text and placed fields the server found under its box (none once it
 * is fitted to its line, a box made to cover neither), and other anchors' fields as their boxes are now.
 */
export function withCoverage(anchors: DetectedAnchor[]): DetectedAnchor[] {
  const laid = anchors.filter((a) => a.layout);
  const byDocument = new Map<string, ReturnType<typeof fieldBoxOf>[]>();
  for (const a of laid) byDocument.set(a.documentId ?? "", [...(byDocument.get(a.documentId ?? "") ?? []), fieldBoxOf(a)]);
  const others = new Map<string, string[]>();
  const text = new Map(anchors.map((a) => [a.key, a.text]));
  for (const boxes of byDocument.values()) {
    for (const [p, q] of findOverlaps(boxes)) {
      others.set(p.key, [...(others.get(p.key) ?? []), text.get(q.key) ?? ""]);
      others.set(q.key, [...(others.get(q.key) ?? []), text.get(p.key) ?? ""]);
    }
  }
  return anchors.map((a) => {
    const { covering: _was, ...rest } = a;
    if (!a.layout) return rest;
    const covers = a.fitted ? { text: [], fields: [] } : a.layout.covers;
    const covering = { text: covers.text.map((t) => t.text), anchors: others.get(a.key) ?? [], fields: covers.fields.length };
    return covering.text.length || covering.anchors.length || covering.fields ? { ...rest, covering } : rest;
  });
}

/** The anchors with one of them given the box that fits its line ("Fit to the line"). */
export function fitToLine(anchors: DetectedAnchor[], key: string): DetectedAnchor[] {
  return withCoverage(
    anchors.map((a) => {
      const fit = a.key === key ? a.layout?.fit : null;
      if (!fit) return a;
      return { ...a, fieldWidth: fit.width, fieldHeight: fit.height, fontSize: fit.fontSize ?? a.fontSize, fitted: true };
    }),
  );
}

/** The `sizes` of /fields/anchors for one signer's fitted anchors: each by its text and occurrence. */
export function fittedSizes(anchors: DetectedAnchor[], signerRef: string): AnchorSize[] {
  return anchors.flatMap((a) => {
    const fit = a.fitted && a.signerRef === signerRef ? a.layout?.fit : null;
    return fit ? [{ anchorKey: a.text, occurrenceIndex: a.occurrence ?? 0, ...fit }] : [];
  });
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
  return withCoverage(out.sort((p, q) => at(p) - at(q) || p.page - q.page || p.y - q.y || p.x - q.x));
}

/** What POST …/fields/anchors answers for a request (for a PDF template's id it lists the template's fields). */
export type AnchorFieldsResult = Extract<ResponseData<"anchorFields">, { fields: FieldDto[] }>;
/** One field of POST …/fields/anchored: at an anchor's occurrence, with offsets. */
export type LegacyPlacement = Extract<RequestBody<"anchoredFields">, { fields: unknown }>["fields"][number];
export type TextReplacement = RequestBody<"replaceText">["replacements"][number];
/** A box for one unified anchor's field instead of its own: what "Fit to the line" places. */
export type AnchorSize = NonNullable<Extract<RequestBody<"anchorFields">, { recipientId: string }>["sizes"]>[number];

export const anchorApi = {
  preview: async (id: string) =>
    normalizePreview(await api<AnchorPreview>(`/signature-requests/${id}/anchors/preview`, { method: "POST", json: {} })),
  /** The signer's unified anchors' fields; `sizes` gives fitted anchors their box (none: each anchor's own). */
  createFields: (id: string, recipientId: string, signerRef: string, sizes: AnchorSize[] = []) =>
    api<AnchorFieldsResult>(`/signature-requests/${id}/fields/anchors`, {
      method: "POST",
      json: { recipientId, signerRef, ...(sizes.length && { sizes }) } satisfies RequestBody<"anchorFields">,
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
