import "server-only";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { errField } from "../log";
import { metrics } from "../metrics/registry";
import { loadBackupKey, type BackupKey } from "./backup-key";
import { verifyBackup } from "./read-backup";
import { positiveFromEnv } from "./settings";
import { writeBackup } from "./write-backup";
import type { Manifest } from "./manifest";

/**
 * signet-backup-20261126T031500Z.tar.gz.enc: the names this schedule writes, and the only ones it
 * deletes (with the .tar.gz of a Signet before backups were encrypted, which the new ones replace).
 */
const NAME = /^signet-backup-(\d{8}T\d{6}Z)\.tar\.gz(?:\.enc)?$/;
export const backupFileName = (at: Date) =>
  `signet-backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}.tar.gz.enc`;

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
  key: BackupKey;
}

/**
 * BACKUP_DIR (unset: no scheduled backups), BACKUP_EVERY_HOURS (24), BACKUP_KEEP (7), and the backup
 * key (BACKUP_KEY or BACKUP_KEY_FILE), which BACKUP_DIR needs. A bad value, or no key, stops the start:
 * the operator finds out on the day of the change, not on the day of a restore.
 */
export function backupSchedule(): BackupSchedule | null {
  const dir = process.env.BACKUP_DIR?.trim();
  if (!dir) return null;
  const keep = positiveFromEnv("BACKUP_KEEP", 7, 10_000);
  if (!Number.isInteger(keep)) throw new Error(`BACKUP_KEEP must be a whole number, got "${process.env.BACKUP_KEEP}"`);
  const everyHours = positiveFromEnv("BACKUP_EVERY_HOURS", 24, 24 * 366);
  return { dir: path.resolve(dir), everyHours, keep, key: loadBackupKey() };
}

async function ours(dir: string): Promise<{ name: string; at: number }[]> {
  const names = await fs.readdir(dir);
  return names
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x) => x.m)
    .map((x) => {
      const s = x.m![1]!;
      return {
        name: x.name,
        at: Date.parse(
          `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
        ),
      };
    })
    .sort((a, b) => a.at - b.at);
}

/**
 * Writes one backup into the schedule's folder: to a .partial file, checked whole (verifyBackup, with the key),
 * then renamed; then the oldest of its own files beyond `keep` are deleted. Returns the file and manifest.
 */
export async function backupNow(s: BackupSchedule, now = new Date()): Promise<{ file: string; manifest: Manifest }> {
  await fs.mkdir(s.dir, { recursive: true });
  const file = path.join(s.dir, backupFileName(now));
  const partial = `${file}.partial`;
  try {
    const manifest = await writeBackup(createWriteStream(partial, { mode: 0o600 }), s.key);
    await verifyBackup(partial, { key: () => s.key });
    await fs.rename(partial, file);
    const all = await ours(s.dir);
    for (const old of all.slice(0, Math.max(0, all.length - s.keep))) await fs.rm(path.join(s.dir, old.name), { force: true });
    return { file, manifest };
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * Backs up every `everyHours`, counting from the newest backup already in the folder (a restart does
 * not make an extra one, nor skip one that is due: a due one is made a minute after the start).
 * Each outcome is logged and counted (signet_backups_total, signet_backup_last_success_timestamp_seconds).
 */
export function startScheduledBackups(s: BackupSchedule, log: Logger): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const every = s.everyHours * 3_600_000;
  const schedule = async (failed = false) => {
    if (stopped) return;
    let newest = 0;
    try {
      newest = (await ours(s.dir)).at(-1)?.at ?? 0;
    } catch {
      /* no folder yet */
    }
    // After a failure, again within the hour (or the period, if shorter): not at once, which a full disk would make a loop.
    const wait = Math.min(
      failed ? Math.min(every, 3_600_000) : Math.max(Math.min(60_000, every), newest + every - Date.now()),
      2 ** 31 - 1,
    );
    timer = setTimeout(run, wait);
    timer.unref();
  };
  const run = async () => {
    const m = metrics();
    const started = Date.now();
    try {
      const { file, manifest } = await backupNow(s);
      m.backups.inc({ outcome: "ok" });
      m.backupLastSuccess.set(Date.now() / 1000);
      log.info(
        { file, ms: Date.now() - started, requests: manifest.counts.requests, documents: Object.keys(manifest.blobs).length },
        "scheduled backup written",
      );
    } catch (e) {
      m.backups.inc({ outcome: "failed" });
      log.error({ dir: s.dir, err: errField(e) }, "scheduled backup failed; trying again within the hour");
      return schedule(true);
    }
    await schedule();
  };
  void schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
