/**
 * Compact PNGs of rendered pages (lib/pdf/render.ts). A contract's page is black text on white with, at
 * most, a logo or a coloured rule: pdftoppm's 24-bit PNG of it spends hundreds of kilobytes on
 * anti-aliasing shades nobody can tell apart. Here every near-grey pixel becomes one of 16 grey levels
 * and every other pixel its colour rounded to 16 levels a channel; when that leaves at most 256
 * entries the page is written as a palette PNG (4 bits a pixel when only greys), else it is left to
 * the caller. Written here rather than with an image library: a palette PNG is a header, a palette and
 * deflated rows (node:zlib), and the quantisation is the point.
 */
import zlib from "node:zlib";

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, rows top to bottom. */
  rgb: Uint8Array;
}

/** A binary PPM (P6, maxval 255) as pdftoppm writes it. */
export function readPpm(ppm: Uint8Array): Pixels {
  const fields: string[] = [];
  let i = 0;
  const space = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
  while (fields.length < 4 && i < ppm.length && i < 200) {
    while (i < ppm.length && space(ppm[i]!)) i++;
    if (ppm[i] === 0x23) {
      while (i < ppm.length && ppm[i] !== 0x0a) i++;
      continue;
    }
    const start = i;
    while (i < ppm.length && !space(ppm[i]!)) i++;
    fields.push(Buffer.from(ppm.subarray(start, i)).toString("latin1"));
  }
  const [magic, w, h, max] = fields;
  const width = Number(w);
  const height = Number(h);
  if (magic !== "P6" || max !== "255" || !(width > 0) || !(height > 0)) throw new Error("pdftoppm wrote no P6 image");
  const rgb = ppm.subarray(i + 1, i + 1 + width * height * 3);
  if (rgb.length !== width * height * 3) throw new Error("pdftoppm's image is cut short");
  return { width, height, rgb };
}

/** A channel to the nearest of 16 levels (0, 17, … 255). */
const q4 = (v: number) => ((v * 15 + 127) / 255) | 0;

/** Pixels whose channels differ by at most this are grey. */
const GREY_TOLERANCE = 10;

export function encodeCompactPng({ width, height, rgb }: Pixels): Uint8Array | null {
  const n = width * height;
  const index = new Uint8Array(n);
  // Palette: entries 0–15 the grey levels, then each colour (4 bits a channel) as first met.
  const colours = new Map<number, number>();
  for (let p = 0, o = 0; p < n; p++, o += 3) {
    const r = rgb[o]!;
    const g = rgb[o + 1]!;
    const b = rgb[o + 2]!;
    const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
    const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (hi - lo <= GREY_TOLERANCE) {
      index[p] = Math.round((r + g + b) / 51);
      continue;
    }
    const key = (q4(r) << 8) | (q4(g) << 4) | q4(b);
    let k = colours.get(key);
    if (k === undefined) {
      if (colours.size >= 240) return null;
      k = 16 + colours.size;
      colours.set(key, k);
    }
    index[p] = k;
  }
  const palette = new Uint8Array(3 * (16 + colours.size));
  for (let l = 0; l < 16; l++) palette.fill(l * 17, l * 3, l * 3 + 3);
  for (const [key, k] of colours) {
    palette[k * 3] = ((key >> 8) & 15) * 17;
    palette[k * 3 + 1] = ((key >> 4) & 15) * 17;
    palette[k * 3 + 2] = (key & 15) * 17;
  }
  const bits = colours.size === 0 ? 4 : 8;
  const rowBytes = bits === 4 ? (width + 1) >> 1 : width;
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1) + 1; // each row starts with filter type 0 (none)
    const src = y * width;
    if (bits === 8) raw.set(index.subarray(src, src + width), row);
    else for (let x = 0; x < width; x++) raw[row + (x >> 1)]! |= index[src + x]! << (x & 1 ? 0 : 4);
  }
  return png(width, height, bits, palette, zlib.deflateSync(raw, { level: 9 }));
}

function png(width: number, height: number, bits: 4 | 8, palette: Uint8Array, idat: Uint8Array): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bits;
  ihdr[9] = 3; // indexed colour
  const parts = [
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("PLTE", palette),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array()),
  ];
  return new Uint8Array(Buffer.concat(parts));
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
