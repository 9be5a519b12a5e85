// A restore is bounded: an archive of a few MiB holding a 1 GiB document of zeros (listed in its manifest under
// its real SHA-256) is refused at the per-document limit before any of its bytes is read, encrypted or
// not; under a limit raised above it, `restore` streams it into the blob store with a peak memory far
// below its size (measured in the CLI's own process, as getrusage reports it); and the happy path
// backup → verify → restore goes through the command line as an operator runs it.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptingStream } from "@/lib/server/backup/archive-crypto";
import { newBackupKeyText, parseBackupKey } from "@/lib/server/backup/backup-key";
import { BackupArchiveError, decryptBackup, verifyBackup } from "@/lib/server/backup/read-backup";
import { writeBackup } from "@/lib/server/backup/write-backup";
import { makeOrg } from "../support/api";
import { sentRequest } from "../support/signing";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bounds-"));
const keyText = newBackupKeyText();
const key = parseBackupKey(keyText, "the test key");
const GiB = 2 ** 30;
const good = path.join(dir, "good.tar.gz.enc");
const bombPlain = path.join(dir, "bomb.tar.gz");
const bomb = path.join(dir, "bomb.tar.gz.enc");
let zeroSha = "";

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `n` zero bytes, a MiB at a time. */
function* zeros(n: number) {
  const mib = Buffer.alloc(2 ** 20);
  for (let left = n; left > 0; left -= mib.length) yield left >= mib.length ? mib : mib.subarray(0, left);
}

interface CliRun {
  code: number | null;
  out: string;
  /** The process's peak resident set (getrusage), KiB. */
  maxRssKiB: number;
  /** Its resident set (KiB) sampled every 50 ms while `during()` held. */
  samplesKiB: number[];
}

/** The resident set of process `pid` now, KiB (Linux's /proc); 0 once it is gone. */
function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs `npm run signet -- args` in a process of its own whose memory is measured. */
function cli(args: string[], env: Record<string, string>, during: () => boolean = () => false): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "--import",
        "./test/support/report-max-rss.mjs",
        "scripts/signet-cli.ts",
        ...args,
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: "", BLOB_STORE: "fs", LOG_LEVEL: "warn", ...env }, stdio: "pipe" },
    );
    let out = "";
    const samplesKiB: number[] = [];
    const sampling = setInterval(() => {
      if (!during()) return;
      const kib = rssKiB(child.pid!);
      if (kib) samplesKiB.push(kib);
    }, 50);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      clearInterval(sampling);
      resolve({ code, out, maxRssKiB: Number(/maxRSS (\d+)/.exec(out)?.[1] ?? NaN), samplesKiB });
    });
  });
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  const { sandboxKey } = await makeOrg();
  await sentRequest(sandboxKey, [{ email: "bounds@example.com", name: "Bo Unds", order: 1 }]);
  await writeBackup(fs.createWriteStream(good), key);

  // The good archive's entries, with a 1 GiB document of zeros before the manifest, which lists it.
  const tarGz = new PassThrough();
  const parts: Buffer[] = [];
  tarGz.on("data", (c: Buffer) => parts.push(c));
  await decryptBackup(good, tarGz, key);
  const extract = tar.extract();
  const reading = pipeline(Readable.from([Buffer.concat(parts)]), zlib.createGunzip(), extract);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const e of extract) {
    const chunks: Buffer[] = [];
    for await (const c of e as AsyncIterable<Buffer>) chunks.push(c);
    entries.push({ name: e.header.name, data: Buffer.concat(chunks) });
  }
  await reading;
  const hash = crypto.createHash("sha256");
  for (const c of zeros(GiB)) hash.update(c);
  zeroSha = hash.digest("hex");
  const manifest = JSON.parse(entries.at(-1)!.data.toString("utf8"));
  manifest.blobs[zeroSha] = GiB;
  manifest.counts.blobBytes += GiB;

  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level: 1 }), fs.createWriteStream(bombPlain));
  for (const e of entries.slice(0, -1)) pack.entry({ name: e.name, size: e.data.length }, e.data);
  await pipeline(Readable.from(zeros(GiB)), pack.entry({ name: `blobs/${zeroSha}`, size: GiB }));
  const json = Buffer.from(JSON.stringify(manifest));
  pack.entry({ name: "manifest.json", size: json.length }, json);
  pack.finalize();
  await written;
  await pipeline(fs.createReadStream(bombPlain), await encryptingStream(key), fs.createWriteStream(bomb));
}, 180_000);

describe.skipIf(!!process.env.TEST_DATABASE_URL)("a restore's bounds", () => {
  it("refuses a 1 GiB document in an archive of a few MiB at the per-document limit, before reading it", async () => {
    expect(fs.statSync(bomb).size).toBeLessThan(8 * 2 ** 20);
    for (const [file, opts] of [
      [bombPlain, { key: () => key, allowUnauthenticated: true }],
      [bomb, { key: () => key }],
    ] as const) {
      const before = process.memoryUsage().rss;
      const e = await verifyBackup(file, opts).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(BackupArchiveError);
      expect((e as Error).message).toBe(
        `${path.basename(file)}: blobs/${zeroSha} holds 1024 MiB, more than the largest document a restore takes (BACKUP_MAX_DOCUMENT_MB, 512 MiB)`,
      );
      // Refused from the entry's header (the size in the message is the header's): its gigabyte of zeros is not
      // held (a quarter of it is far above this process's own noise: other tests' garbage, PGlite's pages).
      expect(process.memoryUsage().rss - before).toBeLessThan(256 * 2 ** 20);
    }
    // The command line says the same and writes nothing.
    const target = path.join(dir, "refused");
    const run = await cli(["restore", bomb], { DATA_DIR: target, BACKUP_KEY: keyText });
    expect(run.code, run.out).toBe(3);
    expect(run.out).toContain(`bomb.tar.gz.enc: blobs/${zeroSha} holds 1024 MiB, more than the largest document`);
    expect(fs.existsSync(target)).toBe(false);
  });

  it("under a raised limit, streams the 1 GiB document into the blob store with a peak memory far below its size", async () => {
    const target = path.join(dir, "streamed");
    const folder = path.join(target, "blobs", zeroSha.slice(0, 2));
    // The document is being written while its temporary file is in its folder of the blob store.
    const writing = () => fs.existsSync(folder) && fs.readdirSync(folder).some((f) => f.endsWith(".tmp"));
    const run = await cli(["restore", bomb], { DATA_DIR: target, BACKUP_KEY: keyText, BACKUP_MAX_DOCUMENT_MB: "2048" }, writing);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Restored .*bomb\.tar\.gz\.enc/);
    expect(fs.statSync(path.join(folder, zeroSha)).size).toBe(GiB);
    // While its 1024 MiB went through, the process's memory stayed within a few buffers' worth, the
    // garbage of the pieces streamed through included (a whole copy would add 1 GiB, two before)...
    const samples = `${run.samplesKiB.length} samples (KiB): ${run.samplesKiB.join(" ")}`;
    expect(run.samplesKiB.length, samples).toBeGreaterThanOrEqual(5);
    // Growth is the largest rise from a sample to a later one: memory PGlite's start gave back while the
    // document was being written (a fall of 360 MiB was seen on a loaded machine) is no growth.
    let low = Infinity;
    let riseKiB = 0;
    for (const kib of run.samplesKiB) {
      low = Math.min(low, kib);
      riseKiB = Math.max(riseKiB, kib - low);
    }
    expect(riseKiB / 1024, samples).toBeLessThan(160);
    // ...and the peak of the whole run (Node, PGlite creating its database, the restore: about 850 MiB, most of
    // it PGlite's start, a transient peak before the documents) stays below what holding the document took
    // before: 2.4 GB.
    expect(run.maxRssKiB, run.out).toBeLessThan(1.5 * 1024 * 1024);
    fs.rmSync(target, { recursive: true, force: true });
  }, 240_000);

  it("backs up, verifies and restores through the command line, the archive checked with the key", async () => {
    const target = path.join(dir, "restored");
    const verified = await cli(["verify", good], { DATA_DIR: target, BACKUP_KEY: keyText });
    expect(verified.code, verified.out).toBe(0);
    expect(verified.out).toMatch(/is authentic \(it was encrypted with this backup key\) and whole/);
    // Without the key, or with another: refused, and nothing is written.
    const none = await cli(["restore", good], { DATA_DIR: target, BACKUP_KEY: "", BACKUP_KEY_FILE: "" });
    expect(none.code, none.out).toBe(2);
    expect(none.out).toMatch(/No backup key is set/);
    const other = await cli(["restore", good], { DATA_DIR: target, BACKUP_KEY: newBackupKeyText() });
    expect(other.code, other.out).toBe(3);
    expect(other.out).toMatch(/good\.tar\.gz\.enc was encrypted with another backup key/);
    expect(fs.existsSync(target)).toBe(false);
    const keyFile = path.join(dir, "backup.key");
    fs.writeFileSync(keyFile, keyText + "\n", { mode: 0o600 });
    const restored = await cli(["restore", good, "--key-file", keyFile], { DATA_DIR: target, BACKUP_KEY: "" });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/Restored .*good\.tar\.gz\.enc into DATA_DIR/);
    // And backed up again from the restored store (the server is not running: the CLI opens it).
    const again = path.join(dir, "again.tar.gz.enc");
    const backup = await cli(["backup", "--out", again], { DATA_DIR: target, BACKUP_KEY_FILE: keyFile });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`encrypted with the backup key ${key.id}, and checked`);
    expect((await verifyBackup(again, { key: () => key })).authenticated).toBe(true);
  }, 240_000);
});
