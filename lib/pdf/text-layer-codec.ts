/**
 * The stored text layer's bytes. Most of a layer is its characters' offsets (`charX`, one number per
 * character: three quarters of it as JSON, and most of the time spent writing and reading it), so they are
 * kept apart from the JSON, as whole hundredths of a point (what the reader rounds them to) in 32-bit
 * little-endian integers:
 *
 *   "SGTL" · JSON length (u32 LE) · the layer's JSON without any `charX` (UTF-8) · zeros to a multiple of 4 ·
 *   every item's `charX`, item after item in the JSON's order (an item has one per UTF-16 unit of its `str`)
 *
 * The engine's threads each encode their part of the pages; the server joins the parts as bytes (it never
 * parses a layer); an engine thread decodes the whole to search it. Pure functions over bytes, no imports:
 * the server's main thread loads this module.
 */
import type { TextLayer, TextLayerPage } from "./text-layer";

/** A part of a layer: the JSON elements of its `pages` (without the brackets, without `charX`) and their offsets. */
export interface EncodedLayerPart {
  pagesJson: Uint8Array;
  /** The part's offsets, as the stored bytes (4 per character). */
  charX: Uint8Array;
}

const MAGIC = [0x53, 0x47, 0x54, 0x4c]; // "SGTL"
const HEAD = 8;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** Hundredths, kept inside the 32-bit range (a hostile font's advance can be anything); not a number is 0. */
function hundredths(x: number): number {
  const k = Math.round(x * 100);
  return k > INT_MAX ? INT_MAX : k < INT_MIN ? INT_MIN : k || 0;
}

/** Encodes the pages of a part (lib/engine/tasks.ts readPdf). */
export function encodeLayerPart(pages: readonly TextLayerPage[]): EncodedLayerPart {
  let count = 0;
  for (const p of pages) for (const it of p.items) count += it.str.length;
  const charX = new Uint8Array(count * 4);
  const view = new DataView(charX.buffer);
  let at = 0;
  const bare = pages.map((p) => ({
    ...p,
    items: p.items.map(({ charX: xs, ...rest }) => {
      // One offset per UTF-16 unit, always (lib/pdf/text/items.ts); a missing one is written as 0.
      for (let i = 0; i < rest.str.length; i++, at += 4) view.setInt32(at, hundredths(xs[i] ?? 0), true);
      return rest;
    }),
  }));
  return { pagesJson: new TextEncoder().encode(JSON.stringify(bare).slice(1, -1)), charX };
}

/** The stored bytes of a whole layer, from its parts in page order. */
export function joinLayerParts(version: number, parts: readonly EncodedLayerPart[]): Uint8Array {
  const enc = new TextEncoder();
  const pieces: Uint8Array[] = [enc.encode(`{"version":${version},"pages":[`)];
  parts
    .filter((p) => p.pagesJson.byteLength > 0)
    .forEach((p, i) => {
      if (i) pieces.push(enc.encode(","));
      pieces.push(p.pagesJson);
    });
  pieces.push(enc.encode("]}"));
  const jsonLength = pieces.reduce((n, p) => n + p.byteLength, 0);
  const intsAt = HEAD + Math.ceil(jsonLength / 4) * 4;
  const out = new Uint8Array(intsAt + parts.reduce((n, p) => n + p.charX.byteLength, 0));
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, jsonLength, true);
  let at = HEAD;
  for (const p of pieces) {
    out.set(p, at);
    at += p.byteLength;
  }
  at = intsAt;
  for (const p of parts) {
    out.set(p.charX, at);
    at += p.charX.byteLength;
  }
  return out;
}

/** The layer stored as `bytes`; throws when they are not one (another format, or cut short). */
export function decodeLayer(bytes: Uint8Array): TextLayer {
  if (bytes.byteLength < HEAD || MAGIC.some((b, i) => bytes[i] !== b)) throw new Error("not a stored text layer");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(4, true);
  const intsAt = HEAD + Math.ceil(jsonLength / 4) * 4;
  if (intsAt > bytes.byteLength || (bytes.byteLength - intsAt) % 4 !== 0) throw new Error("a stored text layer cut short");
  const layer = JSON.parse(new TextDecoder().decode(bytes.subarray(HEAD, HEAD + jsonLength))) as TextLayer;
  const count = (bytes.byteLength - intsAt) / 4;
  const all = new Float64Array(count);
  for (let i = 0; i < count; i++) all[i] = view.getInt32(intsAt + i * 4, true) / 100;
  let at = 0;
  for (const p of layer.pages) {
    for (const it of p.items) {
      const n = it.str.length;
      if (at + n > count) throw new Error("a stored text layer with fewer offsets than characters");
      it.charX = all.subarray(at, at + n);
      at += n;
    }
  }
  if (at !== count) throw new Error("a stored text layer with more offsets than characters");
  return layer;
}
