/** Small typed helpers over pdf-lib's object model, and stream decoding with size limits. */
import zlib from "node:zlib";
import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import { PdfError } from "../errors";
import { activeBudget, exhaust, LIMITS, type ParseBudget } from "../limits";

export function resolve(ctx: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  // Chains of references are legal but short; 16 hops means a loop.
  for (let i = 0; obj instanceof PDFRef && i < 16; i++) obj = ctx.lookup(obj);
  return obj instanceof PDFRef ? undefined : obj;
}

export function get(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFObject | undefined {
  return dict ? resolve(ctx, dict.get(PDFName.of(key))) : undefined;
}

export function getDict(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFDict | undefined {
  const v = get(ctx, dict, key);
  if (v instanceof PDFDict) return v;
  if (v instanceof PDFStream) return v.dict;
  return undefined;
}

export function getNumber(ctx: PDFContext, dict: PDFDict | undefined, key: string): number | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFNumber && Number.isFinite(v.asNumber()) ? v.asNumber() : undefined;
}

export function getName(ctx: PDFContext, dict: PDFDict | undefined, key: string): string | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFName ? v.decodeText() : undefined;
}

export function getArray(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFObject[] | undefined {
  const v = get(ctx, dict, key);
  return v instanceof PDFArray ? v.asArray().map((o) => resolve(ctx, o) ?? PDFName.of("Null")) : undefined;
}

export function numbers(arr: PDFObject[] | undefined): number[] | undefined {
  if (!arr) return undefined;
  return arr.map((o) => (o instanceof PDFNumber ? o.asNumber() : 0));
}

/** Caps on decompressed data (./limits.ts): content is small, so anything bigger is a bomb or an abuse. */
export type DecodeBudget = ParseBudget;

function inflate(data: Uint8Array, limit: number, tooBig: () => PdfError): Uint8Array {
  const opts = { maxOutputLength: limit, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    return zlib.inflateSync(data, opts);
  } catch (e) {
    if (e instanceof RangeError || (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooBig();
    // A bad checksum or a missing zlib header: decode the raw deflate data after the header.
    try {
      return zlib.inflateRawSync(data.subarray(2), opts);
    } catch (e2) {
      if (e2 instanceof RangeError || (e2 as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooBig();
      return new Uint8Array(0);
    }
  }
}

/**
 * Decoded bytes of a stream. Plain Flate (nearly every content stream) goes through Node's zlib,
 * which is several times faster than pdf-lib's decoder and can cap its output; other filters go
 * through pdf-lib. A stream that cannot be decoded reads as empty: its text is lost, but the
 * rest of the page is still extracted.
 */
export function decodeStream(ctx: PDFContext, stream: PDFObject | undefined, budget: DecodeBudget): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return new Uint8Array(0);
  const filter = get(ctx, stream.dict, "Filter");
  const names = filter instanceof PDFArray ? filter.asArray().map((f) => resolve(ctx, f)) : [filter];
  const filters = filter === undefined ? [] : names.map((f) => (f instanceof PDFName ? f.decodeText() : ""));
  const limit = Math.min(LIMITS.streamBytes, budget.remaining);
  const tooBig = () => exhaust(budget, `its page content decompresses to more than ${Math.round(limit / 1024 / 1024)} MB`);
  let out: Uint8Array;
  if (filters.length === 0) out = stream.getContents();
  else if (filters.every((f) => f === "FlateDecode" || f === "Fl") && filters.length <= 4) {
    // Flate, or Flate over Flate (a classic bomb): Node's zlib, each stage capped.
    out = stream.getContents();
    for (let i = 0; i < filters.length && out.length; i++) out = inflate(out, limit, tooBig);
  } else {
    try {
      // Other filters (and chains) go through pdf-lib's decoders, charged by the guard in ../limits.ts
      // (when `budget` is the one in force there) as their buffers grow.
      out = decodePDFRawStream(stream).decode();
    } catch (e) {
      if (e instanceof PdfError) throw e;
      out = new Uint8Array(0);
    }
    if (out.length > limit) throw tooBig();
    if (budget !== activeBudget()) budget.remaining -= out.length;
    return out;
  }
  if (out.length > limit) throw tooBig();
  budget.remaining -= out.length;
  return out;
}
