import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test file gets its own data directory for blobs and outbox, and its own database: a throwaway
// PGlite (memory://), or on the PostgreSQL server TEST_DATABASE_URL names a copy of the run's migrated
// database (test/support/pg-databases.ts), so that no file sees another's rows or runs another's jobs.
if (!process.env.DATA_DIR?.includes("signet-test-")) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-"));
}
if (process.env.TEST_DATABASE_URL) {
  const runId = process.env.SIGNET_TEST_PG_RUN;
  const template = process.env.SIGNET_TEST_PG_TEMPLATE;
  if (!runId || !template) throw new Error("TEST_DATABASE_URL is set but the global setup made no template database");
  const { databaseForThisFile } = await import("./pg-databases");
  process.env.DATABASE_URL = await databaseForThisFile(process.env.TEST_DATABASE_URL, runId, template);
} else {
  process.env.DATABASE_URL = "memory://";
}
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
// Pages drawn ahead at send cost every test that sends; test/api/signer-pages.test.ts turns it on.
process.env.DRAW_PAGES_AHEAD ??= "0";
