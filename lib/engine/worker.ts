/**
 * The worker thread's entry (bundled to .engine/worker.mjs by scripts/build-engine.mjs, loaded by
 * piscina). Runs one task at a time, each with a fresh parse budget, and answers with data, never a
 * thrown error: the engine's refusals cross the thread boundary as plain objects with their kind.
 */
import { DocxError } from "../docx/errors";
import { PdfError } from "../pdf/errors";
import { withBudget } from "../pdf/limits";
import { tasks, type TaskName } from "./tasks";

export interface TaskRequest {
  task: TaskName;
  args: unknown[];
}

export type EngineFailure =
  | { source: "pdf" | "docx"; kind: string; message: string; details?: Record<string, unknown> }
  | { source: "internal"; message: string };

export type TaskReply = { ok: true; value: unknown } | { ok: false; error: EngineFailure };

export default async function run({ task, args }: TaskRequest): Promise<TaskReply> {
  try {
    const fn = tasks[task] as (...a: unknown[]) => unknown;
    if (typeof fn !== "function") throw new Error(`No engine task ${String(task)}`);
    return { ok: true, value: await withBudget(async () => fn(...args)) };
  } catch (e) {
    if (e instanceof PdfError) return { ok: false, error: { source: "pdf", kind: e.kind, message: e.message } };
    if (e instanceof DocxError)
      return { ok: false, error: { source: "docx", kind: e.kind, message: e.message, details: e.details } };
    // Deep recursion in a parser: the document nests too deeply to be read.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return {
        ok: false,
        error: { source: "pdf", kind: "TOO_COMPLEX", message: "The document is too complex to process: it nests too deeply" },
      };
    }
    return { ok: false, error: { source: "internal", message: e instanceof Error ? (e.stack ?? e.message) : String(e) } };
  }
}
