"use client";
import { api } from "./api";
import type { FieldDto } from "./types";

/** One `{{...}}` token the preview found, with where it is (points, top-left of the displayed page). */
export interface DetectedAnchor {
  key: string;
  text: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  ok: boolean;
  /** Why it is malformed, when it is. */
  reason?: string;
  /** Parsed: signature | text | date | image | legacy. */
  type?: string;
  signerRef?: string;
  fieldWidth?: number;
  fieldHeight?: number;
}

type Loose = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * The preview's answer read defensively: issue 3 returns the parsed anchors with positions; the exact
 * nesting (a list, `{ anchors }`, `{ items }`, or the per-anchorKey `{ anchorKey, found, occurrences }`
 * form) is accepted in each of its likely shapes, so the overlay works whichever lands.
 */
export function normalizePreview(data: unknown): DetectedAnchor[] {
  const list: unknown[] = Array.isArray(data)
    ? data
    : data && typeof data === "object"
      ? (((data as Loose).anchors ?? (data as Loose).items ?? (data as Loose).results ?? []) as unknown[])
      : [];
  const out: DetectedAnchor[] = [];
  let n = 0;
  for (const raw of Array.isArray(list) ? list : []) {
    if (!raw || typeof raw !== "object") continue;
    const a = raw as Loose;
    const parsed = (a.anchor ?? a.parsed ?? {}) as Loose;
    const text = str(a.text) ?? str(a.anchorKey) ?? str(a.key) ?? "";
    const occurrences = Array.isArray(a.occurrences) ? (a.occurrences as Loose[]) : [a];
    for (const o of occurrences) {
      const page = num(o.page);
      const x = num(o.x);
      const y = num(o.y);
      if (page === undefined || x === undefined || y === undefined) continue;
      const flag = a.valid ?? a.ok;
      const ok = flag === undefined ? a.error === undefined && a.reason === undefined : flag === true;
      out.push({
        key: `${n++}`,
        text,
        page,
        x,
        y,
        width: num(o.width) ?? 0,
        height: num(o.height) ?? 0,
        ok,
        reason: str(a.reason) ?? str(a.error),
        type: str(parsed.type) ?? str(a.type),
        signerRef: str(parsed.signerRef) ?? str(a.signerRef),
        fieldWidth: num(parsed.width) ?? num(a.fieldWidth),
        fieldHeight: num(parsed.height) ?? num(a.fieldHeight),
      });
    }
  }
  return out.sort((p, q) => p.page - q.page || p.y - q.y || p.x - q.x);
}

export const anchorApi = {
  preview: async (id: string) =>
    normalizePreview(await api<unknown>(`/signature-requests/${id}/anchors/preview`, { method: "POST", json: {} })),
  createFields: (id: string, recipientId: string, signerRef: string) =>
    api<{ fields: FieldDto[]; skipped: unknown[] }>(`/signature-requests/${id}/fields/anchors`, {
      method: "POST",
      json: { recipientId, signerRef },
    }),
  replaceText: (
    id: string,
    replacements: { anchorKey: string; text: string; width: number; height: number; fontSize: number }[],
  ) => api<unknown>(`/signature-requests/${id}/anchors/text-replacements`, { method: "POST", json: { replacements } }),
};

/** How a skipped entry of `/fields/anchors` reads to a person. */
export function describeSkipped(s: unknown): string {
  if (typeof s === "string") return s;
  if (!s || typeof s !== "object") return String(s);
  const o = s as Loose;
  const what = str(o.text) ?? str(o.anchorKey) ?? str(o.anchor) ?? "an anchor";
  const why = str(o.reason) ?? str(o.message) ?? "";
  return why ? `${what}: ${why}` : what;
}
