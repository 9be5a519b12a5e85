import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { isolated, networkSafeEnv, writeNetworkSafeProfile } from "./network-guard";

export interface ConvertJob {
  src: string;
  dst: string;
  /** LibreOffice's import filter, e.g. "MS Word 2007 XML"; detection by content when absent. */
  inputFilter?: string;
  /** LibreOffice's export filter, e.g. "writer_pdf_Export". */
  filter: string;
}

export type ConvertOutcome = { ok: true } | { ok: false; kind: "load" | "crash" | "error" | "timeout"; message: string };

/** The converter could not be started: LibreOffice missing, or it would not come up. */
export class StartError extends Error {}

/** One LibreOffice with its own profile; it converts one document at a time. */
export interface OfficeWorker {
  readonly kind: "uno" | "cli";
  /** The LibreOffice process (its process group) while it runs. */
  readonly pid: number | null;
  readonly alive: boolean;
  start(): Promise<void>;
  convert(job: ConvertJob, timeoutMs: number): Promise<ConvertOutcome>;
  kill(): void;
}

function killGroup(pid: number | null | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** LibreOffice's named pipe is a socket file in /tmp that outlives a killed LibreOffice. */
function removePipeFile(pipe: string) {
  for (const dir of new Set(["/tmp", os.tmpdir()])) {
    try {
      for (const f of fs.readdirSync(dir))
        if (f.startsWith("OSL_PIPE_") && f.endsWith(`_${pipe}`)) fs.rmSync(path.join(dir, f), { force: true });
    } catch {
      // nothing to clean
    }
  }
}

/** A child's pipes must not keep the server's (or a test's) event loop alive while it idles. */
function detachFromLoop(child: ChildProcess) {
  child.unref();
  for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?: () => void } | null)?.unref?.();
}

/**
 * The Python bridge (its arguments and protocol are described in the file). It is read at run time
 * from the project's root, the server's working directory, like the migrations and the fonts.
 */
export const unoBridgeFile = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/server/convert/uno_bridge.py");

/**
 * The warm worker: a LibreOffice listener driven over UNO by a small Python bridge (python3-uno).
 * After start-up (~1.5 s) a one-page DOCX converts in well under 100 ms. LibreOffice is started
 * through `isolate` (e.g. `unshare --net`: a network namespace of its own); the bridge reaches it
 * over a named pipe, a socket file in /tmp, which works across network namespaces.
 */
export class UnoWorker implements OfficeWorker {
  readonly kind = "uno" as const;
  private child: ChildProcess | null = null;
  private sofficePid: number | null = null;
  private nextId = 1;
  private waiting = new Map<number, (o: ConvertOutcome) => void>();
  private exited = false;

  constructor(
    private readonly python: string,
    private readonly soffice: string,
    private readonly profileDir: string,
    private readonly startTimeoutMs: number,
    private readonly isolate: string[] = [],
  ) {}

  get pid() {
    return this.sofficePid;
  }

  get alive() {
    return this.child !== null && !this.exited;
  }

  private pipe = "";

  start(): Promise<void> {
    const pipe = (this.pipe = `signet-office-${process.pid}-${crypto.randomBytes(6).toString("hex")}`);
    writeNetworkSafeProfile(this.profileDir);
    const args = [this.soffice, this.profileDir, pipe, String(this.startTimeoutMs / 1000), JSON.stringify(this.isolate)];
    const child = spawn(this.python, ["-u", unoBridgeFile(), ...args], {
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
      env: networkSafeEnv(),
    });
    this.child = child;
    this.exited = false;
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString("utf8")).slice(-2000);
    });
    child.stdin!.on("error", () => {}); // EPIPE when the bridge died; the exit handler reports it
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (msg: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.kill();
        reject(new StartError(msg));
      };
      // The bridge has its own start-up limit; this one catches a bridge that hangs before it.
      const timer = setTimeout(
        () => fail(`LibreOffice did not start within ${Math.round(this.startTimeoutMs / 1000) + 5} s`),
        this.startTimeoutMs + 5_000,
      );
      child.on("error", (e) => fail(`the converter could not be started: ${e.message}`));
      child.on("exit", (code, signal) => {
        this.exited = true;
        killGroup(this.sofficePid);
        fail(
          `the converter exited during start-up (${signal ?? `code ${code}`})${stderr ? `: ${stderr.trim().split("\n").at(-1)}` : ""}`,
        );
        for (const done of this.waiting.values())
          done({ ok: false, kind: "crash", message: "LibreOffice stopped during the conversion" });
        this.waiting.clear();
      });
      readline.createInterface({ input: child.stdout! }).on("line", (line) => {
        let msg: { ready?: boolean; pid?: number; fatal?: string; id?: number; ok?: boolean; kind?: string; message?: string };
        try {
          msg = JSON.parse(line);
        } catch {
          return;
        }
        if (msg.fatal) return fail(msg.fatal);
        if (msg.ready) {
          this.sofficePid = msg.pid ?? null;
          settled = true;
          clearTimeout(timer);
          detachFromLoop(child);
          return resolve();
        }
        const done = msg.id !== undefined ? this.waiting.get(msg.id) : undefined;
        if (!done) return;
        this.waiting.delete(msg.id!);
        done(
          msg.ok
            ? { ok: true }
            : {
                ok: false,
                kind: (msg.kind as "load" | "crash" | "error") ?? "error",
                message: msg.message ?? "conversion failed",
              },
        );
      });
    });
  }

  convert(job: ConvertJob, timeoutMs: number): Promise<ConvertOutcome> {
    if (!this.alive) return Promise.resolve({ ok: false, kind: "crash", message: "LibreOffice is not running" });
    const id = this.nextId++;
    return new Promise<ConvertOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        // A conversion that overruns leaves LibreOffice busy with it: the only way out is a new one.
        this.kill();
        resolve({ ok: false, kind: "timeout", message: `the conversion took longer than ${Math.round(timeoutMs / 1000)} s` });
      }, timeoutMs);
      this.waiting.set(id, (o) => {
        clearTimeout(timer);
        resolve(o);
      });
      this.child!.stdin!.write(`${JSON.stringify({ id, ...job })}\n`);
    });
  }

  kill() {
    killGroup(this.sofficePid);
    if (this.pipe) removePipeFile(this.pipe);
    if (this.child && !this.exited) {
      try {
        this.child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
    this.exited = true;
    for (const done of this.waiting.values()) done({ ok: false, kind: "crash", message: "LibreOffice was stopped" });
    this.waiting.clear();
  }
}

/**
 * The fallback when python3-uno is missing: each conversion runs `soffice --convert-to` with a
 * profile that was initialised at start, which saves the profile's creation but not LibreOffice's
 * own start (about 1.5 s a document). Each run goes through `isolate` as the warm worker does.
 */
export class CliWorker implements OfficeWorker {
  readonly kind = "cli" as const;
  private running: ChildProcess | null = null;
  private started = false;

  constructor(
    private readonly soffice: string,
    private readonly profileDir: string,
    private readonly startTimeoutMs: number,
    private readonly isolate: string[] = [],
  ) {}

  get pid() {
    return this.running?.pid ?? null;
  }

  get alive() {
    return this.started;
  }

  private run(args: string[], timeoutMs: number): Promise<{ code: number | null; timedOut: boolean; error?: Error }> {
    return new Promise((resolve) => {
      const [program, argv] = isolated(this.isolate, this.soffice, [
        `-env:UserInstallation=file://${this.profileDir}`,
        "--headless",
        "--invisible",
        "--nologo",
        "--norestore",
        "--nolockcheck",
        ...args,
      ]);
      const child = spawn(program, argv, { stdio: "ignore", detached: true, env: networkSafeEnv() });
      this.running = child;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid);
      }, timeoutMs);
      child.on("error", (error) => {
        clearTimeout(timer);
        this.running = null;
        resolve({ code: null, timedOut, error });
      });
      child.on("exit", (code) => {
        clearTimeout(timer);
        this.running = null;
        resolve({ code, timedOut });
      });
    });
  }

  async start() {
    writeNetworkSafeProfile(this.profileDir);
    const r = await this.run(["--terminate_after_init"], this.startTimeoutMs);
    if (r.error) throw new StartError(`LibreOffice could not be started: ${r.error.message}`);
    if (r.timedOut) throw new StartError(`LibreOffice did not start within ${Math.round(this.startTimeoutMs / 1000)} s`);
    this.started = true;
  }

  async convert(job: ConvertJob, timeoutMs: number): Promise<ConvertOutcome> {
    const outDir = path.dirname(job.dst);
    const target = `${path.extname(job.dst).slice(1)}:${job.filter}`;
    const infilter = job.inputFilter ? [`--infilter=${job.inputFilter}`] : [];
    const r = await this.run([...infilter, "--convert-to", target, "--outdir", outDir, job.src], timeoutMs);
    if (r.error) return { ok: false, kind: "crash", message: r.error.message };
    if (r.timedOut)
      return { ok: false, kind: "timeout", message: `the conversion took longer than ${Math.round(timeoutMs / 1000)} s` };
    const produced = path.join(outDir, `${path.basename(job.src, path.extname(job.src))}${path.extname(job.dst)}`);
    if (r.code !== 0 || !fs.existsSync(produced))
      return { ok: false, kind: "load", message: "LibreOffice could not open the document" };
    if (produced !== job.dst) fs.renameSync(produced, job.dst);
    return { ok: true };
  }

  kill() {
    killGroup(this.running?.pid);
    this.started = false;
  }
}
