import "server-only";

/** A positive number from the environment (`fallback` when unset); anything else throws, naming the variable. */
export function positiveFromEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new Error(`${name} must be a number above 0 and at most ${max}, got "${raw}"`);
  return n;
}

export interface ArchiveLimits {
  /** The largest document (or DATA_DIR file) one archive entry may hold: BACKUP_MAX_DOCUMENT_MB, 512 by default. */
  maxDocumentBytes: number;
  /** The most an archive may hold unpacked, every entry together: BACKUP_MAX_TOTAL_GB, 64 by default. */
  maxTotalBytes: number;
}

/**
 * What verify and restore take from one archive. Each entry's size is in its tar header: one over a
 * limit is refused before any of its bytes is read, so a small archive that unpacks to a huge document
 * costs neither memory nor time. The defaults are far above what Signet stores (uploads are at most
 * MAX_UPLOAD_MB, 25 by default; a sealed version adds little): raise them for an archive that needs it.
 */
export function archiveLimits(): ArchiveLimits {
  return {
    maxDocumentBytes: Math.floor(positiveFromEnv("BACKUP_MAX_DOCUMENT_MB", 512, 1024 * 1024) * 2 ** 20),
    maxTotalBytes: Math.floor(positiveFromEnv("BACKUP_MAX_TOTAL_GB", 64, 1024 * 1024) * 2 ** 30),
  };
}
