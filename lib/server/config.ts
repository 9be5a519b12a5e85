import "server-only";
import os from "node:os";
import path from "node:path";

/** Read at call time (not import time) so that tests and the CLI can set the environment first. */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

export const config = {
  get port() {
    return num("PORT", 3000);
  },
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || "./data");
  },
  /** postgres://… for a PostgreSQL server; memory:// for a throwaway PGlite; unset for PGlite in DATA_DIR. */
  get databaseUrl() {
    return process.env.DATABASE_URL || "";
  },
  get publicBaseUrl() {
    return (process.env.PUBLIC_BASE_URL || `http://localhost:${this.port}`).replace(/\/$/, "");
  },
  get maxUploadBytes() {
    return Math.floor(num("MAX_UPLOAD_MB", 25) * 1024 * 1024);
  },
  get maxJsonBytes() {
    return Math.floor(num("MAX_JSON_KB", 1024) * 1024);
  },
  get maxPages() {
    return num("MAX_PAGES", 500);
  },
  get maxRecipients() {
    return num("MAX_RECIPIENTS", 50);
  },
  get maxFields() {
    return num("MAX_FIELDS", 1000);
  },
  rateLimitPerMinute(environment: "SANDBOX" | "PRODUCTION") {
    return environment === "PRODUCTION" ? num("RATE_LIMIT_PRODUCTION", 1200) : num("RATE_LIMIT_SANDBOX", 120);
  },
  /** Calls to the signer's endpoints per minute for one signing link (SIGN_RATE_LIMIT_TOKEN). */
  get signRateLimitPerToken() {
    return num("SIGN_RATE_LIMIT_TOKEN", 60);
  },
  /** Calls to the signer's endpoints per minute from one client address, all links together (SIGN_RATE_LIMIT_IP). */
  get signRateLimitPerIp() {
    return num("SIGN_RATE_LIMIT_IP", 300);
  },
  get trustProxy() {
    return process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
  },
  get expiryDays() {
    return num("EXPIRY_DAYS", 30);
  },
  /** Sandbox requests older than this (by creation) are purged with everything they hold (SANDBOX_RETENTION_DAYS). */
  get sandboxRetentionDays() {
    return num("SANDBOX_RETENTION_DAYS", 30);
  },
  /** Least time between two sandbox purges, across every instance (PURGE_INTERVAL_MINUTES). */
  get purgeIntervalMinutes() {
    return num("PURGE_INTERVAL_MINUTES", 60);
  },
  /** Worker threads for PDF and DOCX work (ENGINE_WORKERS); default: the core count, at least 2. */
  get engineWorkers() {
    return Math.floor(num("ENGINE_WORKERS", Math.max(2, Math.min(8, os.availableParallelism()))));
  },
  /** Longest a single document task may run before its worker is terminated (ENGINE_TIMEOUT_MS). */
  get engineTimeoutMs() {
    return num("ENGINE_TIMEOUT_MS", 30_000);
  },
  /** V8 heap of each engine worker (ENGINE_MEMORY_MB); decoded data is capped inside the engine. */
  get engineMemoryMb() {
    return num("ENGINE_MEMORY_MB", 768);
  },
  get workerEnabled() {
    return process.env.SIGNET_WORKER !== "0";
  },
};
