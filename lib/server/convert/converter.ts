import "server-only";
import { log } from "../log";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { minimalDocx } from "@/lib/docx/minimal-docx";
import { AppError } from "../errors";
import { findSoffice, findUnoPython } from "./find-tools";
import { findNetworkIsolation, type NetworkIsolation } from "./network-guard";
import { CliWorker, StartError, UnoWorker, type OfficeWorker } from "./office-worker";

export interface ConverterOptions {
  /** LibreOffice processes kept warm; conversions beyond that queue. Default SIGNET_CONVERTERS or 2. */
  size: number;
  /**
   * Limit for one conversion (SIGNET_CONVERT_TIMEOUT_MS, default 30 s; a 150-page contract takes
   * about 1 s): a document that overruns it is 422 CONVERSION_TIMEOUT, and its LibreOffice, still
   * busy with it, is killed and replaced.
   */
  timeoutMs: number;
  startTimeoutMs: number;
  /** How long a conversion may wait for a free LibreOffice before the caller gets a 503. */
  queueTimeoutMs: number;
  /** The soffice launcher; default SIGNET_SOFFICE or `soffice` on the PATH. */
  soffice?: string;
  /** "uno" (warm listener, needs python3-uno), "cli" (soffice --convert-to per file), "auto": uno when possible. */
  mode: "auto" | "uno" | "cli";
  /**
   * The `unshare` that gives LibreOffice a network namespace of its own (network-guard.ts);
   * default SIGNET_UNSHARE or `unshare` on the PATH. null: none is tried, and LibreOffice shares
   * the server's network with only its profile's settings to keep it off (the log says so).
   */
  unshare?: string | null;
}

const envNumber = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

function defaults(): ConverterOptions {
  return {
    size: Math.floor(envNumber("SIGNET_CONVERTERS", Math.min(2, Math.max(1, os.cpus().length)))),
    timeoutMs: envNumber("SIGNET_CONVERT_TIMEOUT_MS", 30_000),
    startTimeoutMs: envNumber("SIGNET_CONVERT_START_TIMEOUT_MS", 60_000),
    queueTimeoutMs: envNumber("SIGNET_CONVERT_QUEUE_TIMEOUT_MS", 120_000),
    mode: (process.env.SIGNET_CONVERT_MODE as ConverterOptions["mode"]) || "auto",
  };
}

const unavailable = (why: string) =>
  new AppError("CONVERTER_UNAVAILABLE", `Document conversion is unavailable: ${why}`, {
    headers: { "retry-after": "5" },
    details: { reason: "CONVERTER_UNAVAILABLE" },
  });

/** Import and export filters by source format. */
const FORMATS = {
  docx: { inputFilter: "MS Word 2007 XML", ext: "docx" },
  odt: { inputFilter: "writer8", ext: "odt" },
  html: { inputFilter: "HTML (StarWriter)", ext: "html" },
} as const;
export type SourceFormat = keyof typeof FORMATS;

interface Slot {
  n: number;
  worker: OfficeWorker | null;
  busy: boolean;
}

/**
 * A small pool of long-lived LibreOffice processes, started on the first conversion (never at
 * import, so `next build` starts nothing) and stopped when the process exits. A conversion takes
 * a free LibreOffice, or waits in line for one; a LibreOffice that died while idle is restarted
 * before use; one that crashes or overruns during a conversion is killed and replaced.
 */
export class OfficeConverter {
  readonly options: ConverterOptions;
  private readonly root = path.join(os.tmpdir(), `signet-office-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  private readonly slots: Slot[];
  private readonly queue: { give: (slot: Slot) => void; refuse: (e: AppError) => void }[] = [];
  private mode: Promise<
    ({ kind: "uno"; python: string; soffice: string } | { kind: "cli"; soffice: string }) & { network: NetworkIsolation }
  > | null = null;
  private network: NetworkIsolation["kind"] | null = null;
  private jobs = 0;
  private closed = false;
  private readonly onExit = () => this.shutdown();

  constructor(options: Partial<ConverterOptions> = {}) {
    this.options = { ...defaults(), ...options };
    this.slots = Array.from({ length: Math.max(1, this.options.size) }, (_, n) => ({ n, worker: null, busy: false }));
    process.once("exit", this.onExit);
  }

  /** Which kind of worker this machine allows, found once. */
  private resolveMode() {
    return (this.mode ??= (async () => {
      const explicit = this.options.soffice ?? process.env.SIGNET_SOFFICE;
      const soffice = findSoffice(explicit);
      if (!soffice) {
        throw unavailable(
          explicit
            ? `LibreOffice was not found at ${explicit}`
            : "LibreOffice (soffice) is not installed; install the Debian package libreoffice-writer-nogui",
        );
      }
      const network = await findNetworkIsolation(this.options.unshare);
      this.network = network.kind;
      if (network.kind === "none") {
        log().warn(
          `document converter: LibreOffice runs WITHOUT a network namespace of its own (${network.reason}); ` +
            "only its profile's settings and the removal of external references keep it off the network. Run the server as root, or allow user namespaces, or install util-linux.",
        );
      }
      if (this.options.mode === "cli") return { kind: "cli" as const, soffice, network };
      const python = await findUnoPython();
      if (python) return { kind: "uno" as const, python, soffice, network };
      if (this.options.mode === "uno") throw unavailable("python3-uno is not installed");
      log().warn(
        "python3-uno is not installed: each DOCX conversion starts LibreOffice (about 1.5 s). Install python3-uno to keep it warm.",
      );
      return { kind: "cli" as const, soffice, network };
    })().catch((e) => {
      this.mode = null; // installed later? look again next time
      throw e;
    }));
  }

  /** Prefer a free, running LibreOffice; start another only when all running ones are busy. */
  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(unavailable("the converter is shutting down"));
    const free = this.slots.filter((s) => !s.busy);
    const pick = free.find((s) => s.worker?.alive) ?? free[0];
    if (pick) {
      pick.busy = true;
      return Promise.resolve(pick);
    }
    return new Promise<Slot>((resolve, reject) => {
      const waiter = {
        give: (slot: Slot) => {
          clearTimeout(timer);
          resolve(slot);
        },
        refuse: (e: AppError) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(
          unavailable(`every converter stayed busy for ${Math.round(this.options.queueTimeoutMs / 1000)} s; try again later`),
        );
      }, this.options.queueTimeoutMs);
      this.queue.push(waiter);
    });
  }

  private release(slot: Slot) {
    const next = this.queue.shift();
    if (next) next.give(slot);
    else slot.busy = false;
  }

  private async ready(slot: Slot): Promise<OfficeWorker> {
    if (slot.worker?.alive) return slot.worker;
    slot.worker?.kill();
    const mode = await this.resolveMode();
    const profile = path.join(this.root, `profile-${slot.n}`);
    const worker =
      mode.kind === "uno"
        ? new UnoWorker(mode.python, mode.soffice, profile, this.options.startTimeoutMs, mode.network.prefix)
        : new CliWorker(mode.soffice, profile, this.options.startTimeoutMs, mode.network.prefix);
    slot.worker = worker;
    try {
      await worker.start();
    } catch (e) {
      worker.kill();
      slot.worker = null;
      if (e instanceof StartError) {
        // The detail (paths, LibreOffice's own words) is for the operator, not the API client.
        log().error(`document converter: ${e.message}`);
        throw unavailable("LibreOffice could not be started (the server log says why); try again later");
      }
      throw e;
    }
    return worker;
  }

  /**
   * Starts every idle LibreOffice of the pool now and has it convert a small document, which loads
   * Writer and the DOCX filter (about 0.3 s the first time), so that real conversions find it warm.
   */
  async warmUp(): Promise<void> {
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.busy || slot.worker?.alive) return;
        slot.busy = true;
        const dir = path.join(this.root, `warm-${slot.n}`);
        try {
          const worker = await this.ready(slot);
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, "warm.docx"), minimalDocx("Signet"));
          await worker.convert(
            {
              src: path.join(dir, "warm.docx"),
              dst: path.join(dir, "warm.pdf"),
              inputFilter: FORMATS.docx.inputFilter,
              filter: "writer_pdf_Export",
            },
            this.options.timeoutMs,
          );
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
          this.release(slot);
        }
      }),
    );
  }

  /** The document as PDF, made by LibreOffice. AppError UNAVAILABLE (503) or UNPROCESSABLE (422). */
  async toPdf(bytes: Uint8Array, from: SourceFormat, opts: { timeoutMs?: number } = {}): Promise<Uint8Array> {
    const format = FORMATS[from];
    const slot = await this.acquire();
    const dir = path.join(this.root, `job-${++this.jobs}`);
    try {
      const worker = await this.ready(slot);
      fs.mkdirSync(dir, { recursive: true });
      const src = path.join(dir, `document.${format.ext}`);
      const dst = path.join(dir, "document.pdf");
      fs.writeFileSync(src, bytes);
      const outcome = await worker.convert(
        { src, dst, inputFilter: format.inputFilter, filter: "writer_pdf_Export" },
        opts.timeoutMs ?? this.options.timeoutMs,
      );
      if (!outcome.ok) {
        switch (outcome.kind) {
          case "crash":
            worker.kill();
            throw unavailable("LibreOffice stopped during the conversion; it is being restarted, try again");
          case "timeout":
            worker.kill();
            throw new AppError(
              "CONVERSION_TIMEOUT",
              `The document could not be converted to PDF: ${outcome.message}; it may be too large or too complex`,
              {
                details: { reason: "CONVERSION_TIMEOUT" },
              },
            );
          default:
            if (outcome.kind === "error") log().warn(`document converter: ${outcome.message}`);
            throw new AppError("CONVERSION_FAILED", `The document could not be converted to PDF: LibreOffice could not read it`, {
              details: { reason: "CONVERSION_FAILED" },
            });
        }
      }
      const pdf = fs.existsSync(dst) ? fs.readFileSync(dst) : null;
      if (!pdf?.length) {
        throw new AppError("CONVERSION_FAILED", "The document could not be converted to PDF: LibreOffice produced no output", {
          details: { reason: "CONVERSION_FAILED" },
        });
      }
      return new Uint8Array(pdf);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      this.release(slot);
    }
  }

  /** For diagnostics and tests: the kind of worker, each LibreOffice's process id, and how it is kept off the network. */
  status() {
    return {
      network: this.network,
      slots: this.slots.map((s) => ({
        busy: s.busy,
        kind: s.worker?.kind ?? null,
        alive: s.worker?.alive ?? false,
        pid: s.worker?.pid ?? null,
      })),
      queued: this.queue.length,
    };
  }

  /** Stops every LibreOffice and removes the profiles; synchronous, so it also works in an exit handler. */
  shutdown() {
    this.closed = true;
    process.removeListener("exit", this.onExit);
    for (const s of this.slots) s.worker?.kill();
    for (const w of this.queue.splice(0)) w.refuse(unavailable("the converter is shutting down"));
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

let shared: OfficeConverter | null = null;

/** The process's converter, created on first use. */
export function officeConverter(): OfficeConverter {
  return (shared ??= new OfficeConverter());
}

/** DOCX (or ODT, HTML) bytes → PDF bytes, through the shared pool. */
export function convertToPdf(bytes: Uint8Array, from: SourceFormat = "docx"): Promise<Uint8Array> {
  return officeConverter().toPdf(bytes, from);
}
