import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test worker gets its own data directory for blobs and outbox. The database is either a
// throwaway PGlite (memory://) or the PostgreSQL server named by TEST_DATABASE_URL.
if (!process.env.DATA_DIR?.includes("signet-test-")) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-"));
}
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL || "memory://";
process.env.SIGNET_WORKER = "0";
process.env.RATE_LIMIT_SANDBOX ??= "100000";
process.env.RATE_LIMIT_PRODUCTION ??= "100000";
