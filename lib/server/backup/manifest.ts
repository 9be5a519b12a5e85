import { z } from "zod";

/**
 * A Signet backup is one gzip-compressed tar archive:
 *   db/<table>.jsonl   each row of one table as a JSON object (PostgreSQL's row_to_json), one per line,
 *                      all tables read in one snapshot;
 *   blobs/<sha256>     every document (content-addressed: the name is the SHA-256 of the bytes);
 *   data/<path>        files of DATA_DIR that are not in the database: the mail written to DATA_DIR/outbox
 *                      when no SMTP server is set, and the sealing certificate of a release that kept it
 *                      there (signing.p12; later ones keep it in the database);
 *   manifest.json      last: what the archive holds, with each file's size and SHA-256.
 * Nothing else may be in it: an unknown entry is refused, never extracted.
 */
export const BACKUP_FORMAT = "signet-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const SHA256 = /^[0-9a-f]{64}$/;
const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;
/** DATA_DIR's files a backup carries: outbox files as deliver-mail writes them, a legacy sealing certificate. */
const DATA_FILE = /^(outbox\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}|signing\.p12|signing\.p12\.password)$/;

const zFile = z.object({ size: z.number().int().nonnegative(), sha256: z.string().regex(SHA256) });

export const zManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string().datetime({ offset: true }),
  signetVersion: z.string().max(100),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** The migrations the rows were written under, in order. */
    migrations: z.array(z.string().max(200)).min(1).max(10_000),
    tables: z.record(z.string().regex(TABLE), zFile.extend({ rows: z.number().int().nonnegative() })),
    /** Each sequence's last value (null: never used). */
    sequences: z.record(
      z.string().regex(TABLE),
      z
        .string()
        .regex(/^-?\d{1,20}$/)
        .nullable(),
    ),
  }),
  /** Every document, by SHA-256, with its size. */
  blobs: z.record(z.string().regex(SHA256), z.number().int().nonnegative()),
  /** DATA_DIR's files, by their path in it. */
  files: z.record(z.string().regex(DATA_FILE), zFile),
  /** For people: what the archive holds, in the dashboard's words. */
  counts: z.object({
    requests: z.number().int().nonnegative(),
    documents: z.number().int().nonnegative(),
    templates: z.number().int().nonnegative(),
    apiKeys: z.number().int().nonnegative(),
    staff: z.number().int().nonnegative(),
    blobBytes: z.number().int().nonnegative(),
  }),
});
export type Manifest = z.infer<typeof zManifest>;

/** What an archive entry's name says it is; null for a name no Signet backup has. */
export function entryKind(
  name: string,
):
  | { kind: "manifest" }
  | { kind: "table"; table: string }
  | { kind: "blob"; sha256: string }
  | { kind: "file"; path: string }
  | null {
  if (name === "manifest.json") return { kind: "manifest" };
  if (name.startsWith("data/") && DATA_FILE.test(name.slice(5))) return { kind: "file", path: name.slice(5) };
  const [dir, file, ...more] = name.split("/");
  if (more.length || !file) return null;
  if (dir === "db" && file.endsWith(".jsonl") && TABLE.test(file.slice(0, -6)))
    return { kind: "table", table: file.slice(0, -6) };
  if (dir === "blobs" && SHA256.test(file)) return { kind: "blob", sha256: file };
  return null;
}

export const isDataFile = (relative: string) => DATA_FILE.test(relative);

/** Tables whose rows are documents' bytes (BLOB_STORE=postgres): written as blobs/…, not as rows. */
export const BLOB_TABLES = ["blob_objects", "blob_chunks"];
