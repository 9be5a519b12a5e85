import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import { encodeCompactPng, readPpm, type Pixels } from "./render-png";

const ppm = (p: Pixels) =>
  new Uint8Array(Buffer.concat([Buffer.from(`P6\n${p.width} ${p.height}\n255\n`, "latin1"), Buffer.from(p.rgb)]));

/** A white page with anti-aliased grey "text" rows and, when `colour`, a coloured bar. */
function page(width: number, height: number, colour?: [number, number, number]): Pixels {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let y = 10; y < height; y += 12)
    for (let x = 5; x < width - 5; x++) {
      const v = (x * 37 + y * 11) % 256;
      rgb.set([v, v, v], (y * width + x) * 3);
    }
  if (colour) for (let y = 0; y < 4; y++) for (let x = 0; x < width; x++) rgb.set(colour, (y * width + x) * 3);
  return { width, height, rgb };
}

const decode = (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes));

function maxError(a: Pixels, b: PNG): number {
  let worst = 0;
  for (let p = 0; p < a.width * a.height; p++)
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.rgb[p * 3 + c]! - b.data[p * 4 + c]!));
  return worst;
}

describe("compact PNGs of rendered pages", () => {
  it("reads pdftoppm's P6 header, comments included, and refuses what is not one", () => {
    const p = page(7, 5);
    const read = readPpm(ppm(p));
    expect([read.width, read.height]).toEqual([7, 5]);
    expect(Buffer.from(read.rgb).equals(Buffer.from(p.rgb))).toBe(true);
    const commented = new Uint8Array(Buffer.concat([Buffer.from("P6\n# made here\n7 5\n255\n"), Buffer.from(p.rgb)]));
    expect(readPpm(commented).width).toBe(7);
    expect(() => readPpm(new TextEncoder().encode("P5\n7 5\n255\n"))).toThrow();
    expect(() => readPpm(ppm(p).subarray(0, 40))).toThrow(/cut short/);
  });

  it("writes a grey page as 16 grey levels, 4 bits a pixel, within one level of every pixel", () => {
    const p = page(301, 97);
    const bytes = encodeCompactPng(p)!;
    const png = decode(bytes);
    expect([png.width, png.height]).toEqual([301, 97]);
    expect(bytes[24]).toBe(4); // IHDR bit depth
    expect(bytes[25]).toBe(3); // indexed
    expect(maxError(p, png)).toBeLessThanOrEqual(9);
  });

  it("keeps a logo's few colours in the palette (8 bits a pixel)", () => {
    const p = page(200, 60, [200, 30, 60]);
    const bytes = encodeCompactPng(p)!;
    expect(bytes[24]).toBe(8);
    const png = decode(bytes);
    expect(maxError(p, png)).toBeLessThanOrEqual(15);
    expect([png.data[0], png.data[1], png.data[2]]).toEqual([204, 34, 68]); // each channel the nearest of 0, 17, … 255;
  });

  it("leaves a photograph (too many colours) to the caller", () => {
    const rgb = new Uint8Array(crypto.randomBytes(120 * 80 * 3));
    expect(encodeCompactPng({ width: 120, height: 80, rgb })).toBeNull();
  });
});
