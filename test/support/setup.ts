import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test worker gets its own data directory for blobs and outbox. The database is either a
// throwaway PGlite (memory://) or the PostgreSQL server named by TEST_DATABASE_URL.
// On a shared PostgreSQL server the files run one after another (scripts/test.mjs) and share one
// data directory, as instances sharing a database share their blob store: a job queued by one
// file and run by the next then finds its documents.
if (process.env.TEST_DATABASE_URL) {
  const id = crypto.createHash("sha1").update(process.env.TEST_DATABASE_URL).digest("hex").slice(0, 12);
  process.env.DATA_DIR = path.join(os.tmpdir(), `signet-test-pg-${id}`);
  fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
} else if (!process.env.DATA_DIR?.includes("signet-test-")) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-"));
}
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL || "memory://";
// The suite reads and ages blob files directly; each store has its own tests (test/api/blob-stores.test.ts).
process.env.BLOB_STORE ??= "fs";
process.env.SIGNET_WORKER = "0";
// Each API call writes an info line (lib/server/log.ts): the suite keeps warnings and errors.
process.env.LOG_LEVEL ??= "warn";
process.env.RATE_LIMIT_SANDBOX ??= "100000";
process.env.RATE_LIMIT_PRODUCTION ??= "100000";
// The signer's endpoints are limited per link and per address; every test calls from 127.0.0.1.
process.env.SIGN_RATE_LIMIT_TOKEN ??= "100000";
process.env.SIGN_RATE_LIMIT_IP ??= "100000";
process.env.ENGINE_WORKERS ??= "2";
