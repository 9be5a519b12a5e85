import zlib from "node:zlib";
import { DocxError } from "./errors";
import { formatMb, isXmlPart, type DocxLimits } from "./limits";

/** One entry of a zip, inflated. */
export interface ZipPart {
  name: string;
  data: Uint8Array;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_END64_LOCATOR = 0x07064b50;
const FULL16 = 0xffff;
const FULL32 = 0xffffffff;

const corrupt = (why: string) => new DocxError("CORRUPT", `The DOCX file is damaged: ${why}`);
const utf8 = new TextDecoder("utf-8");

/** The end-of-central-directory record: the last PK\5\6 in the final 64 KB (the comment may follow it). */
function findEnd(view: DataView): number {
  for (let i = view.byteLength - 22, stop = Math.max(0, view.byteLength - 22 - FULL16); i >= stop; i--) {
    if (view.getUint32(i, true) === SIG_END) return i;
  }
  throw corrupt("its zip directory cannot be found");
}

/** Where the central directory lies and how many entries it lists, from the zip64 record when the classic one is full. */
function readDirectory(view: DataView) {
  const end = findEnd(view);
  let count = view.getUint16(end + 10, true);
  let size = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) throw corrupt("it is a multi-volume zip");
  if (
    (count === FULL16 || size === FULL32 || offset === FULL32) &&
    end >= 20 &&
    view.getUint32(end - 20, true) === SIG_END64_LOCATOR
  ) {
    const at = Number(view.getBigUint64(end - 12, true));
    if (at + 56 > end || view.getUint32(at, true) !== SIG_END64) throw corrupt("its zip64 directory record is missing");
    count = Number(view.getBigUint64(at + 32, true));
    size = Number(view.getBigUint64(at + 40, true));
    offset = Number(view.getBigUint64(at + 48, true));
  }
  if (offset + size > end) throw corrupt("its zip directory lies outside the file");
  return { count, start: offset, end: offset + size };
}

/** A central directory record; sizes and offset from the zip64 extra field where the record says 0xFFFFFFFF. */
function readCentral(view: DataView, bytes: Uint8Array, at: number, limit: number) {
  if (at + 46 > limit || view.getUint32(at, true) !== SIG_CENTRAL) throw corrupt("its zip directory is truncated");
  const nameLength = view.getUint16(at + 28, true);
  const extraLength = view.getUint16(at + 30, true);
  const next = at + 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  if (next > limit) throw corrupt("its zip directory is truncated");
  const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
  const entry = {
    name: utf8.decode(nameBytes),
    nameBytes,
    flags: view.getUint16(at + 8, true),
    method: view.getUint16(at + 10, true),
    crc: view.getUint32(at + 16, true),
    compressedSize: view.getUint32(at + 20, true),
    size: view.getUint32(at + 24, true),
    localOffset: view.getUint32(at + 42, true),
    next,
  };
  for (let x = at + 46 + nameLength, xEnd = x + extraLength; x + 4 <= xEnd; x += 4 + view.getUint16(x + 2, true)) {
    if (view.getUint16(x, true) !== 0x0001) continue;
    let p = x + 4;
    const take = () => {
      if (p + 8 > xEnd) throw corrupt(`the zip64 sizes of ${entry.name} are truncated`);
      p += 8;
      return Number(view.getBigUint64(p - 8, true));
    };
    if (entry.size === FULL32) entry.size = take();
    if (entry.compressedSize === FULL32) entry.compressedSize = take();
    if (entry.localOffset === FULL32) entry.localOffset = take();
  }
  return entry;
}

/**
 * Inflates `raw` to at most `max` bytes; null when there is more. Node's zlib grows its output
 * chunk by chunk and stops at `maxOutputLength`, so nothing is ever allocated by a declared size.
 */
function inflate(name: string, method: number, raw: Uint8Array, max: number): Uint8Array | null {
  if (method === 0) return raw.length > max ? null : raw;
  if (method !== 8) throw corrupt(`${name} uses a compression method Word does not write (${method})`);
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, max) });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return null;
    throw corrupt(`${name} cannot be decompressed`);
  }
}

/**
 * Every entry of a zip, inflated, read from the bytes alone (no zip library sees them first):
 * - the central directory and each local header must agree (name, method, sizes and CRC);
 * - an entry is inflated up to the size its directory declares and no further, and must come out
 *   at exactly that size: a directory that lies about a size is CORRUPT, after inflating at most
 *   what it claimed;
 * - a declared size is believed only when it is over a limit: TOO_LARGE at once. Limits: bytes of
 *   one XML part, bytes of all parts together; TOO_COMPLEX over the part count.
 */
export function readZip(bytes: Uint8Array, limits: DocxLimits): ZipPart[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22) throw corrupt("it is too short to be a zip");
  const dir = readDirectory(view);
  if (dir.count > limits.maxParts) {
    throw new DocxError("TOO_COMPLEX", `The DOCX has ${dir.count} parts; the limit is ${limits.maxParts}`);
  }
  const parts: ZipPart[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let i = 0, at = dir.start; i < dir.count; i++) {
    const e = readCentral(view, bytes, at, dir.end);
    at = e.next;
    if (seen.has(e.name)) throw corrupt(`its zip lists ${e.name} twice`);
    seen.add(e.name);
    if (e.flags & 1) throw corrupt(`${e.name} is encrypted`);

    const local = e.localOffset;
    if (local + 30 > dir.start || view.getUint32(local, true) !== SIG_LOCAL)
      throw corrupt(`the zip entry of ${e.name} is missing`);
    const localName = bytes.subarray(local + 30, local + 30 + view.getUint16(local + 26, true));
    const mismatch =
      Buffer.compare(localName, e.nameBytes) !== 0 ||
      view.getUint16(local + 8, true) !== e.method ||
      // Without a data descriptor (flag 3) the local header repeats CRC and sizes; zip64 puts them elsewhere.
      (!(view.getUint16(local + 6, true) & 8) &&
        view.getUint32(local + 18, true) !== FULL32 &&
        (view.getUint32(local + 14, true) !== e.crc ||
          view.getUint32(local + 18, true) !== e.compressedSize ||
          view.getUint32(local + 22, true) !== e.size));
    if (mismatch) throw corrupt(`the zip's local header and directory disagree about ${e.name}`);
    const dataStart = local + 30 + localName.length + view.getUint16(local + 28, true);
    if (dataStart + e.compressedSize > dir.start) throw corrupt(`the data of ${e.name} runs past its end`);

    const xml = isXmlPart(e.name);
    const budget = Math.min(xml ? limits.maxXmlPartBytes : Infinity, limits.maxTotalBytes - total);
    if (e.size > budget) {
      throw new DocxError(
        "TOO_LARGE",
        budget < limits.maxTotalBytes - total
          ? `${e.name} expands to ${formatMb(e.size)} by its zip directory; the limit for one XML part of a DOCX is ${formatMb(limits.maxXmlPartBytes)}`
          : `The DOCX expands to more than ${formatMb(limits.maxTotalBytes)}, the limit for all its parts together`,
      );
    }
    const data = inflate(e.name, e.method, bytes.subarray(dataStart, dataStart + e.compressedSize), e.size);
    if (data === null || data.length !== e.size)
      throw corrupt(`${e.name} does not hold the ${e.size} bytes its zip directory declares`);
    total += data.length;
    parts.push({ name: e.name, data });
  }
  return parts;
}
