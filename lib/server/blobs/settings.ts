import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import type { BlobStoreKind } from "./store";

/**
 * Where documents live (BLOB_STORE): `fs` under DATA_DIR/blobs (the embedded default), `postgres`
 * in the database itself (the default when DATABASE_URL names a PostgreSQL server, so that every
 * instance sees every document), or `s3` in an S3-compatible service.
 */
export function blobStoreKind(): BlobStoreKind {
  const raw = (process.env.BLOB_STORE || "").trim().toLowerCase();
  if (raw === "fs" || raw === "postgres" || raw === "s3") return raw;
  if (raw) throw new Error(`BLOB_STORE must be fs, postgres or s3, got "${process.env.BLOB_STORE}"`);
  return /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL || "") ? "postgres" : "fs";
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  /** Keys are `${prefix}<first two hex digits>/<sha256>`. */
  prefix: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** S3_BUCKET (required), S3_REGION, S3_ENDPOINT, S3_PREFIX, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (else the AWS default chain). */
export function s3Settings(): S3Settings {
  const env = process.env;
  const bucket = (env.S3_BUCKET || "").trim();
  if (!bucket) throw new Error("BLOB_STORE=s3 needs S3_BUCKET");
  const accessKeyId = env.S3_ACCESS_KEY_ID || "";
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || "";
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  const endpoint = (env.S3_ENDPOINT || "").trim() || undefined;
  return {
    endpoint,
    bucket,
    region: (env.S3_REGION || "us-east-1").trim(),
    prefix: (env.S3_PREFIX ?? "blobs/").replace(/^\/+/, ""),
    // A custom endpoint (MinIO, Ceph, a local server) rarely has bucket subdomains.
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE === "true"
      : Boolean(endpoint),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey, sessionToken: env.S3_SESSION_TOKEN || undefined } : undefined,
  };
}

/**
 * A server that kept its documents in DATA_DIR/blobs before PostgreSQL became the default store
 * for a PostgreSQL DATABASE_URL would start without them: refuse, and say what to do.
 */
export async function checkBlobStoreChoice(): Promise<void> {
  if (process.env.BLOB_STORE || blobStoreKind() !== "postgres") return;
  const dir = path.join(config.dataDir, "blobs");
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  if (entries.some((e) => /^[0-9a-f]{2}$/.test(e))) {
    throw new Error(
      `documents are stored in ${dir}, but with a PostgreSQL DATABASE_URL they are now kept in the database. ` +
        "Copy them with `npm run signet -- blobs migrate --from fs --to postgres` (then start again), or set BLOB_STORE=fs to keep them on this disk.",
    );
  }
}
