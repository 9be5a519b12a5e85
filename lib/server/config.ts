import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PADES_LEVELS, type PadesLevel } from "@/lib/pdf/seal/levels";
import { parseEmbedOrigins } from "@/lib/embed-origins.mjs";

/** Read at call time (not import time) so that tests and the CLI can set the environment first. */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** A whole number from 0 to `max` (0: off), read at call time like `num`. */
function count(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be a whole number from 0 to ${max}, got "${raw}"`);
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
  /** Documents in one request (MAX_DOCUMENTS). */
  get maxDocuments() {
    return num("MAX_DOCUMENTS", 10);
  },
  /** The stored size of a request's documents together (MAX_REQUEST_MB). */
  get maxRequestBytes() {
    return Math.floor(num("MAX_REQUEST_MB", 100) * 1024 * 1024);
  },
  /**
   * The sealed documents a completed mail attaches together (MAIL_ATTACHMENTS_MAX_MB): above it the mail
   * links to the signer's page, where each is downloaded, instead (many SMTP servers refuse 25 MB).
   */
  get mailAttachmentsMaxBytes() {
    return Math.floor(num("MAIL_ATTACHMENTS_MAX_MB", 15) * 1024 * 1024);
  },
  /**
   * The bytes a signing link may hold in files its signer uploaded, kept or not yet released
   * (SIGNER_UPLOADS_MAX_MB): a few scans and photos of papers; 413 beyond.
   */
  get signerUploadsMaxBytes() {
    return Math.floor(num("SIGNER_UPLOADS_MAX_MB", 50) * 1024 * 1024);
  },
  /** The same for every signer of one request together (REQUEST_UPLOADS_MAX_MB); 413 beyond. */
  get requestUploadsMaxBytes() {
    return Math.floor(num("REQUEST_UPLOADS_MAX_MB", 200) * 1024 * 1024);
  },
  /** The pages of a request's documents together (MAX_REQUEST_PAGES). */
  get maxRequestPages() {
    return num("MAX_REQUEST_PAGES", 1000);
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
  /**
   * A public link's visitors: calls per minute from one client address, every public link together
   * (PUBLIC_LINK_RATE_LIMIT_IP), and to one link from everyone (PUBLIC_LINK_RATE_LIMIT_LINK). Starting a
   * request (and giving a code) has buckets of its own, a fifth of these: it makes a request and mails.
   */
  get publicLinkRateLimitPerIp() {
    return num("PUBLIC_LINK_RATE_LIMIT_IP", 60);
  },
  get publicLinkRateLimitPerLink() {
    return num("PUBLIC_LINK_RATE_LIMIT_LINK", 600);
  },
  /** Calls to the signer's endpoints per minute from one client address, all links together (SIGN_RATE_LIMIT_IP). */
  get signRateLimitPerIp() {
    return num("SIGN_RATE_LIMIT_IP", 300);
  },
  /**
   * The signer's page images and texts (GET /api/sign/{token}/pages/…): a page of 20 drawn at two
   * zooms is 40 calls, so they have their own buckets, per link (SIGN_PAGE_RATE_LIMIT_TOKEN) and per
   * client address (SIGN_PAGE_RATE_LIMIT_IP); and drawing a page not yet kept has its own, per link
   * (SIGN_RENDER_RATE_LIMIT_TOKEN), as that is what costs.
   */
  get signPageRateLimitPerToken() {
    return num("SIGN_PAGE_RATE_LIMIT_TOKEN", 600);
  },
  get signPageRateLimitPerIp() {
    return num("SIGN_PAGE_RATE_LIMIT_IP", 1200);
  },
  get signRenderRateLimitPerToken() {
    return num("SIGN_RENDER_RATE_LIMIT_TOKEN", 120);
  },
  /**
   * How many pages of each document are drawn for the signers when a request is sent, ahead of their first
   * open (DRAW_PAGES_AHEAD; 0: none, each page is drawn when first asked for).
   */
  get drawPagesAhead() {
    return count("DRAW_PAGES_AHEAD", 2, 10);
  },
  /** The page cache's size on each instance's disk, DATA_DIR/cache/pages (PAGE_CACHE_MB). */
  get pageCacheMb() {
    return num("PAGE_CACHE_MB", 512);
  },
  /** How long each of GET /api/ready's checks may take before it counts as not answering (READY_CHECK_TIMEOUT_MS). */
  get readyCheckTimeoutMs() {
    return num("READY_CHECK_TIMEOUT_MS", 5_000);
  },
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset: /metrics answers 404. */
  get metricsToken(): string | null {
    return process.env.METRICS_TOKEN?.trim() || null;
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
  /**
   * EMBED_ALLOWED_ORIGINS: the exact origins that may frame the embedded signing page (the same parser
   * as scripts/server.mjs, which refuses to start on a bad value and sets frame-ancestors from it).
   */
  get embedAllowedOrigins(): string[] {
    return parseEmbedOrigins(process.env.EMBED_ALLOWED_ORIGINS);
  },
  get workerEnabled() {
    return process.env.SIGNET_WORKER !== "0";
  },
  /**
   * The RFC 3161 timestamp authority of seals (TSA_URL, TSA_USERNAME / TSA_PASSWORD for HTTP Basic,
   * TSA_CA_FILE: PEM of its CA, TSA_TIMEOUT_MS), or undefined without TSA_URL.
   */
  get tsa(): TsaConfig | undefined {
    const url = process.env.TSA_URL;
    if (!url) return undefined;
    if (!/^https?:\/\//i.test(url)) throw new Error(`TSA_URL must be an http(s) URL, got "${url}"`);
    return {
      url,
      username: process.env.TSA_USERNAME || undefined,
      password: process.env.TSA_PASSWORD || undefined,
      caFile: process.env.TSA_CA_FILE ? path.resolve(/*turbopackIgnore: true*/ process.env.TSA_CA_FILE) : undefined,
      timeoutMs: num("TSA_TIMEOUT_MS", 15_000),
    };
  },
  /**
   * PEM files of the certificates verify trusts besides the sealing certificate: TSA_CA_FILE (also
   * without TSA_URL, so that seals time-stamped before the TSA was switched off keep their level) and
   * TRUST_BUNDLE_FILE (the operator's own bundle: several certificates, e.g. the CAs of other TSAs).
   */
  get trustFiles(): { name: "TSA_CA_FILE" | "TRUST_BUNDLE_FILE"; file: string }[] {
    return (["TSA_CA_FILE", "TRUST_BUNDLE_FILE"] as const).flatMap((name) => {
      const value = process.env[name];
      return value ? [{ name, file: path.resolve(/*turbopackIgnore: true*/ value) }] : [];
    });
  },
  /** PADES_LEVEL: B-B, B-T, B-LT or B-LTA; default B-LT with a TSA_URL, B-B without. Above B-B needs TSA_URL. */
  get padesLevel(): PadesLevel {
    const raw = process.env.PADES_LEVEL?.trim().toUpperCase();
    const tsa = this.tsa;
    if (!raw) return tsa ? "B-LT" : "B-B";
    if (!(PADES_LEVELS as readonly string[]).includes(raw))
      throw new Error(`PADES_LEVEL must be one of ${PADES_LEVELS.join(", ")}, got "${process.env.PADES_LEVEL}"`);
    if (raw !== "B-B" && !tsa)
      throw new Error(`PADES_LEVEL=${raw} needs a timestamp authority: set TSA_URL (and TSA_CA_FILE), or use PADES_LEVEL=B-B`);
    return raw as PadesLevel;
  },
};

export interface TsaConfig {
  url: string;
  username?: string;
  password?: string;
  caFile?: string;
  timeoutMs: number;
}

/** Checks the settings a mistake in which would only show at the first seal: the server refuses to start instead. */
export function checkSealingConfig(): string[] {
  void config.padesLevel;
  for (const { name, file } of config.trustFiles) {
    if (!fs.existsSync(file)) throw new Error(`${name} names a file that does not exist: ${file}`);
    if (!fs.readFileSync(file, "latin1").includes("-----BEGIN CERTIFICATE-----"))
      throw new Error(`${name} holds no PEM certificate: ${file}`);
  }
  // Warnings: the server starts, and says what it cannot promise.
  const warnings: string[] = [];
  if (config.tsa && config.trustFiles.length === 0)
    warnings.push(
      "TSA_URL is set without TSA_CA_FILE or TRUST_BUNDLE_FILE: seals are time-stamped, but /verify trusts a time-stamp only by a chain to one of those, so it reports these as not vouched for and the seals as B-B. Set TSA_CA_FILE to the authority's CA",
    );
  return warnings;
}
