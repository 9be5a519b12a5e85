/**
 * Budgets that make the engine give up early on a hostile PDF, rather than at the worker pool's
 * deadline or never: bytes produced by every stream decoder (Flate, LZW, ASCII85, ASCIIHex,
 * RunLength, and chains of them), objects parsed (object streams included), pages, page-tree depth.
 *
 * @cantoo/pdf-lib (as pdf-lib 1.17 before it) decodes object streams while it parses, with its own
 * decoders (ports of pdf.js's), and has no limits of its own. Every one of those decoders grows its
 * output through one method, DecodeStream.prototype.ensureBuffer, and every parsed object goes
 * through PDFContext.assign: both are wrapped once to charge the budget of the document being read
 * (a decoder is charged what its buffer grows by, the memory it takes). The budget in force is the
 * one of the current async context (AsyncLocalStorage), so documents read at the same time in one
 * thread never share one. An exhausted budget stays exhausted: pdf-lib's parser swallows errors per
 * object and goes on, so the loader checks `exceeded` after parsing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { decodePDFRawStream, PDFContext, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { PdfError } from "./errors";

export const LIMITS = {
  /** Decoded bytes per document, all streams together; a 300-page Chromium PDF needs about 30 MB. */
  decodedBytes: 256 * 1024 * 1024,
  /** Decoded bytes of any one stream. */
  streamBytes: 64 * 1024 * 1024,
  /** Objects per document (object streams included); a 500-page text PDF has a few tens of thousands. */
  objects: 400_000,
  /** Pages, whatever the caller's own limit: beyond this nothing is read at all. */
  pages: 10_000,
  /** Depth of the page tree (real files: 2–5). */
  pageTreeDepth: 64,
  /** Form XObjects and patterns run while reading one document (a DAG of forms is not a tree). */
  formRuns: 100_000,
  /** Glyphs on one page; a dense page of 6 pt text has about 20,000. */
  pageGlyphs: 250_000,
} as const;

export interface ParseBudget {
  /** Decoded bytes still allowed. */
  remaining: number;
  /** Objects still allowed. */
  objects: number;
  /** Form XObject runs still allowed. */
  formRuns: number;
  /** Why the budget ran out, once it has. */
  exceeded?: string;
}

export function newBudget(): ParseBudget {
  return { remaining: LIMITS.decodedBytes, objects: LIMITS.objects, formRuns: LIMITS.formRuns };
}

const current = new AsyncLocalStorage<ParseBudget>();

export function tooComplex(reason: string): PdfError {
  return new PdfError("TOO_COMPLEX", `The PDF is too complex to process: ${reason}`);
}

/** Marks the budget exhausted and returns the error to throw. */
export function exhaust(budget: ParseBudget, reason: string): PdfError {
  budget.exceeded ??= reason;
  return tooComplex(budget.exceeded);
}

/** Throws TOO_COMPLEX if the budget ran out (pdf-lib may have swallowed the first error). */
export function assertWithinBudget(budget: ParseBudget): void {
  if (budget.exceeded) throw tooComplex(budget.exceeded);
}

/** The budget of the document being read in this async context, if any. */
export function activeBudget(): ParseBudget | undefined {
  return current.getStore();
}

/**
 * Runs `fn` with `budget` charged by every decoder and parser call it makes (its awaits included).
 * Nested calls reuse the outer budget: one document, one budget.
 */
export function withBudget<T>(fn: (budget: ParseBudget) => Promise<T>, budget?: ParseBudget): Promise<T> {
  installGuards();
  const outer = current.getStore();
  if (outer && !budget) return fn(outer);
  const b = budget ?? newBudget();
  return current.run(b, () => fn(b));
}

let installed = false;

interface DecodeStreamLike {
  buffer: Uint8Array;
  ensureBuffer(requested: number): Uint8Array;
}

function installGuards() {
  if (installed) return;
  installed = true;
  // pdf-lib does not export DecodeStream; reach its prototype through a decoder it makes, so the
  // guard sits on the very class its parser uses, however the package was resolved or bundled.
  const ctx = PDFContext.create();
  const probe = decodePDFRawStream(
    PDFRawStream.of(ctx.obj({ Filter: PDFName.of("ASCIIHexDecode") }), new Uint8Array([62])),
  ) as unknown as object;
  let proto: object | null = Object.getPrototypeOf(probe);
  while (proto && !Object.prototype.hasOwnProperty.call(proto, "ensureBuffer")) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error("pdf-lib's DecodeStream.ensureBuffer was not found: the decoder guard cannot be installed");
  const decodeStream = proto as DecodeStreamLike;
  const ensureBuffer = decodeStream.ensureBuffer;
  const tooMuch = (budget: ParseBudget) =>
    exhaust(budget, `its streams decompress to more than ${LIMITS.decodedBytes / 1024 / 1024} MB`);
  decodeStream.ensureBuffer = function (this: DecodeStreamLike, requested: number) {
    const budget = current.getStore();
    const have = this.buffer.byteLength;
    if (!budget || requested <= have) return ensureBuffer.call(this, requested);
    if (budget.exceeded) throw tooComplex(budget.exceeded);
    if (requested > LIMITS.streamBytes)
      throw exhaust(budget, `a stream decompresses to more than ${LIMITS.streamBytes / 1024 / 1024} MB`);
    if (requested - have > budget.remaining) throw tooMuch(budget);
    // The buffer grows to a power of two at least `requested`: charged what it grew by.
    const buffer = ensureBuffer.call(this, requested);
    budget.remaining -= buffer.byteLength - have;
    if (budget.remaining < 0) throw tooMuch(budget);
    return buffer;
  };

  const assign = PDFContext.prototype.assign;
  PDFContext.prototype.assign = function (this: PDFContext, ...args: Parameters<PDFContext["assign"]>) {
    const budget = current.getStore();
    if (budget) {
      if (budget.exceeded) throw tooComplex(budget.exceeded);
      if (--budget.objects < 0) throw exhaust(budget, `it has more than ${LIMITS.objects.toLocaleString("en")} objects`);
    }
    return assign.apply(this, args);
  };
}
