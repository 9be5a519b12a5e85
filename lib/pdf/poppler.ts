/**
 * Running one of poppler's tools (pdftoppm, pdftotext, pdftocairo, pdfinfo) as its own process, with an address-space and a
 * CPU-time limit (prlimit), a wall-clock deadline and a cap on its output, so that a hostile file costs
 * at most those. The tools are kept renderers: what they draw is what the signer's page shows.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { PdfError } from "./errors";

const PRLIMIT = ["/usr/bin/prlimit", "/bin/prlimit"].find((p) => existsSync(p));
const ADDRESS_SPACE = 1536 * 1024 * 1024;

/** pdftocairo draws the print view (its PDF and PostScript output use the printing flags); pdfinfo describes the file. */
export type PopplerTool = "pdftoppm" | "pdftotext" | "pdftocairo" | "pdfinfo";

export interface PopplerRun {
  /** Bytes written to the tool's standard input (the PDF, when the arguments name no file). */
  input?: Uint8Array;
  /** Wall-clock limit; default 15 s. */
  timeoutMs?: number;
  /** Most bytes of output taken; default 64 MB. */
  maxOutput?: number;
  /** What the run does to the page, for its errors. */
  doing?: "draw" | "read";
}

/** The tool's standard output; PdfError TOO_COMPLEX past a limit, UNPARSEABLE when the tool fails. */
export function runPoppler(tool: PopplerTool, args: string[], opts: PopplerRun = {}): Promise<Uint8Array> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxOutput = opts.maxOutput ?? 64 * 1024 * 1024;
  const doing = opts.doing ?? "read";
  // The CPU-time limit backs the deadline; the address-space limit bounds what a page may allocate.
  const cpu = Math.max(1, Math.ceil(timeoutMs / 1000));
  const [cmd, argv] = PRLIMIT ? [PRLIMIT, [`--as=${ADDRESS_SPACE}`, `--cpu=${cpu}`, "--", tool, ...args]] : [tool, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let outLength = 0;
    let stderr = "";
    let failure: Error | null = null;
    const stop = (e: Error) => {
      failure ??= e;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () =>
        stop(
          new PdfError(
            "TOO_COMPLEX",
            `The page is too complex to ${doing}: it took longer than ${Math.round(timeoutMs / 1000)} s`,
          ),
        ),
      timeoutMs,
    );
    child.stdout.on("data", (d: Buffer) => {
      outLength += d.length;
      if (outLength > maxOutput)
        stop(new PdfError("TOO_COMPLEX", `The page is too complex to ${doing}: its output is too large`));
      else out.push(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString("utf8");
    });
    // The tool may stop reading early (a page it cannot find); that is its answer, not ours to raise.
    child.stdin.on("error", () => undefined);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${tool} could not be started (is poppler-utils installed?): ${e.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code === 0) return resolve(new Uint8Array(Buffer.concat(out)));
      // Killed by its limits (SIGXCPU, SIGKILL, SIGSEGV from an allocation refused): the page costs too much.
      if (signal) return reject(new PdfError("TOO_COMPLEX", `The page is too complex to ${doing} (${tool} stopped: ${signal})`));
      reject(
        new PdfError(
          "UNPARSEABLE",
          `The page could not be ${doing === "draw" ? "drawn" : "read"}: ${stderr.trim().split("\n").pop() || `exit ${code}`}`,
        ),
      );
    });
    if (opts.input) child.stdin.end(Buffer.from(opts.input.buffer, opts.input.byteOffset, opts.input.byteLength));
    else child.stdin.end();
  });
}
