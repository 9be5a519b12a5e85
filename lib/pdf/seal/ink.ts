/**
 * Drawing on existing pages with content-stream operators written directly, one stream per page
 * per pass, compressed with Node's zlib.
 *
 * Why not pdf-lib's page.drawText/drawImage: each call lays the text out again with fontkit, and
 * each page gets a content stream that pdf-lib compresses in JavaScript (pako in 1.17, fflate in
 * @cantoo/pdf-lib) when saving. On a 100-page document with the sandbox line on every page that
 * was most of the sealing time.
 */
import zlib from "node:zlib";
import { type PDFDocument, PDFFont, type PDFImage, PDFName, type PDFPage, PDFRawStream } from "@cantoo/pdf-lib";
import type { Matrix } from "../text/walker";
import type { SealFont } from "./fonts";

/** A number as content-stream syntax: at most 4 decimals, no exponent, no "-0". */
export function fmt(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const s = n.toFixed(4).replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" ? "0" : s;
}

export type Rgb = [number, number, number];

/** Operators for one page; `finish` appends them to the page as a new content stream. */
export class PageInk {
  private readonly ops: string[] = [];
  private readonly names = new Map<object, string>();

  constructor(
    private readonly doc: PDFDocument,
    readonly page: PDFPage,
  ) {}

  /** The page's resource name for a font or an image, added on first use. */
  private resource(obj: PDFFont | PDFImage): string {
    let name = this.names.get(obj);
    if (!name) {
      const key =
        obj instanceof PDFFont
          ? this.page.node.newFontDictionary("SignetF", obj.ref)
          : this.page.node.newXObject("SignetIm", obj.ref);
      name = key.toString();
      this.names.set(obj, name);
    }
    return name;
  }

  /** Runs `draw` with `m` applied (q cm ... Q). */
  frame(m: Matrix, draw: () => void): void {
    this.ops.push(`q ${m.map(fmt).join(" ")} cm`);
    draw();
    this.ops.push("Q");
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.ops.push(`${color.map(fmt).join(" ")} rg ${fmt(x)} ${fmt(y)} ${fmt(w)} ${fmt(h)} re f`);
  }

  /**
   * A path in content-stream syntax (m, l, c, h operators), stroked and/or filled: how check marks
   * and radio dots are drawn, so they never depend on a font having the glyph.
   */
  path(ops: string, paint: { stroke?: Rgb; fill?: Rgb; width?: number }): void {
    const set = [
      paint.stroke ? `${paint.stroke.map(fmt).join(" ")} RG ${fmt(paint.width ?? 1)} w 1 J 1 j` : "",
      paint.fill ? `${paint.fill.map(fmt).join(" ")} rg` : "",
    ].filter(Boolean);
    const op = paint.stroke && paint.fill ? "B" : paint.stroke ? "S" : "f";
    this.ops.push(`q ${set.join(" ")} ${ops} ${op} Q`);
  }

  image(image: PDFImage, x: number, y: number, w: number, h: number): void {
    this.ops.push(`q ${fmt(w)} 0 0 ${fmt(h)} ${fmt(x)} ${fmt(y)} cm ${this.resource(image)} Do Q`);
  }

  /** One line of text with its baseline starting at (x, y). */
  text(font: SealFont, text: string, size: number, x: number, y: number, color: Rgb): void {
    this.ops.push(
      `BT ${color.map(fmt).join(" ")} rg ${this.resource(font.pdf)} ${fmt(size)} Tf ${fmt(x)} ${fmt(y)} Td ${font.encode(text)} Tj ET`,
    );
  }

  finish(): void {
    if (this.ops.length === 0) return;
    const data = zlib.deflateSync(Buffer.from(`q\n${this.ops.join("\n")}\nQ\n`, "latin1"));
    const ctx = this.doc.context;
    const stream = PDFRawStream.of(
      ctx.obj({ Filter: PDFName.of("FlateDecode"), Length: data.length }),
      new Uint8Array(data.buffer, data.byteOffset, data.length),
    );
    // addContentStream first wraps the page's existing content in q/Q, so whatever graphics
    // state the original leaves behind does not leak into what is drawn here.
    this.page.node.addContentStream(ctx.register(stream));
    this.ops.length = 0;
  }
}

/** One PageInk per page of a drawing pass. */
export class Inks {
  private readonly byPage = new Map<PDFPage, PageInk>();
  constructor(private readonly doc: PDFDocument) {}
  on(page: PDFPage): PageInk {
    let ink = this.byPage.get(page);
    if (!ink) {
      ink = new PageInk(this.doc, page);
      this.byPage.set(page, ink);
    }
    return ink;
  }
  finish(): void {
    for (const ink of this.byPage.values()) ink.finish();
  }
}

/** Compressed font files, kept per process: the same bytes are embedded whole in every seal. */
const deflatedOnce = new WeakMap<Uint8Array, Uint8Array>();

/**
 * doc.flush() (pdf-lib writes embedded fonts and images into the document) with Node's zlib
 * instead of pdf-lib's fflate for the streams it compresses: several times faster, and the whole
 * script font (63 KB) is compressed once per process instead of once per document.
 */
export async function flushNative(doc: PDFDocument): Promise<void> {
  const ctx = doc.context;
  const own = Object.prototype.hasOwnProperty.call(ctx, "flateStream");
  const original = ctx.flateStream;
  ctx.flateStream = (contents, dict = {}) => {
    let data = typeof contents === "string" ? undefined : deflatedOnce.get(contents);
    if (!data) {
      const raw = typeof contents === "string" ? Buffer.from(contents, "latin1") : contents;
      const out = zlib.deflateSync(raw);
      data = new Uint8Array(out.buffer, out.byteOffset, out.length);
      if (typeof contents !== "string" && contents.length > 16 * 1024) deflatedOnce.set(contents, data);
    }
    return ctx.stream(data, { ...dict, Filter: "FlateDecode" });
  };
  try {
    await doc.flush();
  } finally {
    if (own) ctx.flateStream = original;
    else delete (ctx as { flateStream?: unknown }).flateStream;
  }
}
