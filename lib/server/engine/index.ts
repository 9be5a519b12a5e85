import "server-only";
import { log } from "../log";
import path from "node:path";
import { eq } from "drizzle-orm";
import Piscina from "piscina";
import type { TaskName, Tasks } from "@/lib/engine/tasks";
import type { TaskReply } from "@/lib/engine/worker";
import { DocxError, type DocxErrorKind } from "@/lib/docx/errors";
import { AppError, type ErrorCode } from "../errors";
import { PdfError, type PdfErrorKind } from "@/lib/pdf/errors";
import { metrics } from "../metrics/registry";
import { config } from "../config";
import { getDb } from "../db";
import { documentRejections } from "../db/schema";

/**
 * The one door to the document engine. Every parse or write of a PDF or a DOCX runs here, in a pool
 * of worker threads, never on the server's main thread: a hostile upload can cost a worker, never the
 * server. Each task has a deadline and a heap limit; a task over either is terminated, its worker
 * replaced, and the caller gets the engine's own refusal (PdfError / DocxError TOO_COMPLEX), which
 * the use cases turn into a 422. The parsers' own budgets (lib/pdf/limits.ts, lib/docx) usually stop
 * a hostile document long before the deadline; the pool is the last line.
 *
 * A document refused for what it is (too complex, a bomb) is remembered by its SHA-256 in the
 * database, so sending the same bytes again is refused at once, on every instance.
 */

type Args<K extends TaskName> = Parameters<Tasks[K]>;
type Result<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

export interface RunOptions {
  /** SHA-256 of the document the task reads: a refusal is remembered under it, and recalled. */
  document?: string;
  timeoutMs?: number;
}

const g = globalThis as unknown as { __signetEngine?: Piscina };

export const engineWorkerFile = () => path.join(/*turbopackIgnore: true*/ process.cwd(), ".engine", "worker.mjs");

function pool(): Piscina {
  if (g.__signetEngine) return g.__signetEngine;
  g.__signetEngine = new Piscina({
    filename: engineWorkerFile(),
    minThreads: config.engineWorkers, // warm: a long document is read by all of them at once
    maxThreads: config.engineWorkers,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: config.engineMemoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  });
  // A worker that dies with no task of ours running (over its heap limit while starting, say) is
  // replaced by the pool; without a listener its error would end the whole server process.
  g.__signetEngine.on("error", (e: unknown) =>
    log().error(`engine worker died outside a task: ${e instanceof Error ? e.message : String(e)}`),
  );
  return g.__signetEngine;
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeEngine(): Promise<void> {
  const p = g.__signetEngine;
  g.__signetEngine = undefined;
  await p?.destroy();
}

/** Kinds that say something about the document itself, whatever the request: worth remembering. */
const REMEMBERED = new Set<string>(["TOO_COMPLEX", "TOO_LARGE"]);
const DOCX_TASKS = new Set<TaskName>(["inspectDocx", "fillDocx", "prepareDocxForConversion"]);

function refusal(task: TaskName, kind: string, message: string): Error {
  return DOCX_TASKS.has(task) ? new DocxError(kind as DocxErrorKind, message) : new PdfError(kind as PdfErrorKind, message);
}

async function remembered(sha256: string): Promise<{ reason: string; message: string } | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(documentRejections).where(eq(documentRejections.sha256, sha256));
  return row;
}

async function remember(sha256: string, reason: string, message: string) {
  const db = await getDb();
  await db.insert(documentRejections).values({ sha256, reason, message }).onConflictDoNothing();
}

/** Runs an engine task in the pool. Throws PdfError / DocxError for the document's faults; Error for ours. */
export async function runEngine<K extends TaskName>(task: K, args: Args<K>, opts: RunOptions = {}): Promise<Result<K>> {
  if (opts.document) {
    const known = await remembered(opts.document);
    if (known) throw refusal(task, known.reason, `${known.message} (this document was refused before)`);
  }
  const timeoutMs = opts.timeoutMs ?? config.engineTimeoutMs;
  let reply: TaskReply;
  try {
    reply = (await pool().run({ task, args }, { signal: AbortSignal.timeout(timeoutMs) })) as TaskReply;
  } catch (e) {
    const err = e as { name?: string; code?: string; message?: string };
    let limit: string | undefined;
    if (err.name === "AbortError" || err.name === "TimeoutError")
      limit = `processing it took longer than ${Math.round(timeoutMs / 1000)} s`;
    else if (err.code === "ERR_WORKER_OUT_OF_MEMORY") limit = `processing it needed more than ${config.engineMemoryMb} MB`;
    if (!limit) throw e;
    const what = DOCX_TASKS.has(task) ? "DOCX" : "PDF";
    reply = {
      ok: false,
      error: {
        source: DOCX_TASKS.has(task) ? "docx" : "pdf",
        kind: "TOO_COMPLEX",
        message: `The ${what} is too complex to process: ${limit}`,
      },
    };
  }
  const m = metrics();
  if (reply.ok) {
    m.engineTasks.inc({ task, outcome: "ok" });
    return reply.value as Result<K>;
  }
  const { error } = reply;
  m.engineTasks.inc({ task, outcome: error.source === "internal" ? "error" : "refused" });
  if (error.source !== "internal") m.engineRefusals.inc({ reason: error.kind });
  if (error.source === "internal") throw new Error(`engine task ${task} failed: ${error.message}`);
  if (opts.document && REMEMBERED.has(error.kind)) await remember(opts.document, error.kind, error.message);
  if (error.source === "docx") throw new DocxError(error.kind as DocxErrorKind, error.message, error.details);
  throw new PdfError(error.kind as PdfErrorKind, error.message);
}

/** Each PDF engine refusal's error code (the catalog gives the status: not a PDF or an image 415, else 422). */
const PDF_ERROR_CODES = {
  NOT_PDF: "NOT_A_PDF",
  ENCRYPTED: "PDF_ENCRYPTED",
  UNPARSEABLE: "PDF_MALFORMED",
  TOO_MANY_PAGES: "PDF_TOO_MANY_PAGES",
  TOO_COMPLEX: "PDF_TOO_COMPLEX",
  NOT_AN_IMAGE: "IMAGE_UNSUPPORTED",
  OUT_OF_PAGE: "POSITION_OUT_OF_PAGE",
  TEXT_DOES_NOT_FIT: "TEXT_DOES_NOT_FIT",
  UNSUPPORTED_TEXT: "TEXT_UNSUPPORTED_CHARACTERS",
} as const satisfies Record<PdfErrorKind, ErrorCode>;

/** The PDF engine's refusals in the API's terms: each kind its own code, the engine's kind as `details.reason`. */
export function pdfErrorToApp(e: unknown): never {
  if (e instanceof PdfError) throw new AppError(PDF_ERROR_CODES[e.kind], e.message, { details: { reason: e.kind } });
  throw e;
}
