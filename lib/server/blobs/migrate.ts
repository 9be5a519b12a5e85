import "server-only";
import { sha256Of, type BlobStore } from "./store";

export interface MigrationReport {
  copied: number;
  /** Already in the target (a second run after an interrupted one copies only the rest). */
  present: number;
  /** Blobs that could not be read whole from the source, with why. Nothing of theirs was written. */
  failed: { sha256: string; error: string }[];
}

/**
 * Copies every blob of `from` into `to`, checking each one's bytes against its name on the way.
 * The source is left as it was: the operator switches BLOB_STORE once the copy is done (and may
 * delete the old store after). Safe to run again: what the target holds is skipped.
 */
export async function migrateBlobs(
  from: BlobStore,
  to: BlobStore,
  onBlob?: (sha256: string, outcome: "copied" | "present" | "failed") => void,
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, present: 0, failed: [] };
  for await (const sha256 of from.list()) {
    if (await to.has(sha256)) {
      report.present++;
      onBlob?.(sha256, "present");
      continue;
    }
    try {
      const bytes = await from.get(sha256);
      if (sha256Of(bytes) !== sha256) throw new Error("its bytes do not match its name (damaged in the source store)");
      await to.put(bytes);
      report.copied++;
      onBlob?.(sha256, "copied");
    } catch (e) {
      report.failed.push({ sha256, error: e instanceof Error ? e.message : String(e) });
      onBlob?.(sha256, "failed");
    }
  }
  return report;
}
