// The production server: Next.js behind a plain Node HTTP server, so that the client's address comes
// from the socket (and from nowhere a client can write) and reaches the routes through a header that
// carries a per-process token. Started by `npm start` / `npm run up`.
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import next from "next";
import { isEmbedSigningPath, parseEmbedOrigins } from "../lib/embed-origins.mjs";
import v8 from "node:v8";
import { format } from "node:util";
import { serverHeapMb } from "./lib/server-command.mjs";
import { makeLogger } from "../lib/logger.mjs";
import { requestIdOf } from "../lib/request-id.mjs";
import { dataDirOf, describePrivacyFix, makeDataDirPrivate, setPrivateUmask } from "../lib/private-data-dir.mjs";

// Before anything is written: what this process and its children create is for this user only.
setPrivateUmask();
const log = makeLogger();
// Whatever else writes to the console in this process (Next.js, a library) writes a log line too: every
// line on stdout is JSON.
for (const [method, level] of [
  ["log", "info"],
  ["info", "info"],
  ["warn", "warn"],
  ["error", "error"],
  ["debug", "debug"],
]) {
  console[method] = (...args) => log[level](format(...args).trim());
}

// Started by hand (`node scripts/server.mjs`) rather than by npm start / npm run up: the memory settings
// of scripts/lib/server-command.mjs are missing, and the process will hold far more memory than it needs.
if (v8.getHeapStatistics().heap_size_limit > (serverHeapMb() + 64) * 2 ** 20 || !process.env.MALLOC_ARENA_MAX) {
  log.warn("started without its memory settings: start it with `npm start` (scripts/lib/server-command.mjs)");
}

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME_BIND || "0.0.0.0";
const token = crypto.randomBytes(24).toString("base64url");
process.env.SIGNET_CLIENT_IP_TOKEN = token;

// The origins that may frame the embedded signing page. A wrong value refuses to start: a
// typo would otherwise show only as a blank iframe on the integrator's site.
let embedOrigins;
try {
  embedOrigins = parseEmbedOrigins(process.env.EMBED_ALLOWED_ORIGINS);
} catch (e) {
  log.fatal(`cannot start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}

// The port first: with it taken (an earlier Signet still running, another program), starting would print
// a banner for a server that never listens while the other one answers.
await new Promise((resolve) => {
  const probe = net.createServer();
  probe.once("error", (e) => {
    log.fatal(
      `cannot start: port ${port} is ${e.code === "EADDRINUSE" ? "already in use (another program, or a Signet still running)" : `not available (${e.code ?? e.message})`}; stop it or choose another with PORT=…`,
    );
    process.exit(1);
  });
  probe.listen(port, hostname, () => probe.close(resolve));
});

// DATA_DIR before the store opens: made (700) when missing, also with DATABASE_URL (the outbox and the
// first start's file live there); an earlier version's readable tree made private.
try {
  const dataDir = dataDirOf();
  const report = makeDataDirPrivate(dataDir);
  const fixed = describePrivacyFix(dataDir, report);
  if (fixed) log[report.failed.length ? "warn" : "info"](fixed);
} catch (e) {
  log.fatal(`cannot start: the data directory cannot be made private: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}

const app = next({ dev: false, hostname: "localhost", port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * The Content-Security-Policy of every response. Scripts only from this origin and with this
 * response's nonce (Next.js reads the nonce from the request's own CSP header and puts it on every
 * script it renders; 'strict-dynamic' lets those load the chunks they need). Styles may be inline
 * (server-rendered style attributes); images also from data: and blob: (signatures, rendered pages);
 * pdf.js runs in a worker from this origin and may compile WebAssembly. No page may be framed
 * (`frameAncestors` 'none'), except the embedded signing page by the origins of EMBED_ALLOWED_ORIGINS.
 */
function contentSecurityPolicy(nonce, frameAncestors = "'none'") {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** Methods no route of Signet implements: answered here, before Next.js (which answers TRACE with a 500). */
const NEVER = new Set(["TRACE", "CONNECT"]); // (Node's parser itself refuses unknown methods such as TRACK with 400)
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]); // POST: Next.js server actions

/** The API's 405 envelope, with its code and the request's id like every other error. */
function methodNotAllowedBody(res, allow) {
  return JSON.stringify({
    code: 405,
    statusText: "Method Not Allowed",
    message: allow ? `Method not allowed; use ${allow}` : "Method not allowed",
    data: null,
    errorCode: "METHOD_NOT_ALLOWED",
    requestId: String(res.getHeader("x-request-id")),
  });
}

function methodNotAllowed(res, allow) {
  res.writeHead(405, { "content-type": "application/json; charset=utf-8", allow, "cache-control": "no-store" });
  res.end(methodNotAllowedBody(res, allow));
}

/**
 * A route file that does not export a method makes Next.js answer 405 with an empty body: give it
 * the API's envelope, like every other error.
 */
function envelopeBare405(res) {
  const writeHead = res.writeHead;
  let replace = false;
  res.writeHead = function (status, ...rest) {
    if (status === 405 && !String(res.getHeader("content-type") ?? "").includes("json")) {
      replace = true;
      const allow = String(res.getHeader("allow") ?? "");
      res.removeHeader("content-length");
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.setHeader("cache-control", "no-store");
      const headers = typeof rest[0] === "object" ? rest[0] : typeof rest[1] === "object" ? rest[1] : undefined;
      if (headers) for (const k of Object.keys(headers)) if (/^content-(length|type)$/i.test(k)) delete headers[k];
      res.__signetAllow = allow;
    }
    return writeHead.call(this, status, ...rest);
  };
  const end = res.end;
  res.end = function (chunk, ...rest) {
    if (!replace) return end.call(this, chunk, ...rest);
    return end.call(this, methodNotAllowedBody(res, res.__signetAllow));
  };
  const write = res.write;
  res.write = function (...args) {
    return replace ? true : write.apply(this, args);
  };
}

// METRICS_PORT: GET /metrics on a port of its own, without METRICS_TOKEN (a port only the scraper's
// network reaches). The metrics route knows a call came through it by a per-process token in a header
// that the main port always strips.
const metricsPortToken = crypto.randomBytes(24).toString("base64url");
process.env.SIGNET_METRICS_PORT_TOKEN = metricsPortToken;
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port)) {
  log.fatal(`METRICS_PORT must be a port (1-65535) other than PORT, got "${process.env.METRICS_PORT}"`);
  process.exit(1);
}

const server = http.createServer((req, res) => {
  delete req.headers["x-signet-metrics-port"];
  // Every response carries the request's id; the API's log lines and error envelopes name it (lib/server/http/route.ts).
  const requestId = requestIdOf(req.headers["x-request-id"]);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  delete req.headers["x-signet-client-ip"];
  delete req.headers["x-signet-client-ip-token"];
  const addr = req.socket.remoteAddress ?? "";
  req.headers["x-signet-client-ip"] = addr.startsWith("::ffff:") ? addr.slice(7) : addr;
  req.headers["x-signet-client-ip-token"] = token;

  const path = (req.url ?? "/").split("?")[0];
  const nonce = crypto.randomBytes(16).toString("base64");
  // Only /sign/embed/{token} may be framed, and only by this server and the allowed origins; with no
  // allowed origin it is refused like every other page. X-Frame-Options has no way to name an origin
  // (ALLOW-FROM is gone from browsers), so the framable page carries none and frame-ancestors decides.
  const framable = embedOrigins.length > 0 && isEmbedSigningPath(path);
  const csp = contentSecurityPolicy(nonce, framable ? ["'self'", ...embedOrigins].join(" ") : "'none'");
  req.headers["content-security-policy"] = csp;
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (!framable) res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  // A signing page's address is a bearer token: never send it on as a Referer.
  res.setHeader(
    "Referrer-Policy",
    path.startsWith("/sign/") || path.startsWith("/api/sign/") ? "no-referrer" : "strict-origin-when-cross-origin",
  );

  const method = (req.method ?? "GET").toUpperCase();
  const api = path.startsWith("/api/");
  // SCIM's routes answer their own methods (PUT, PATCH, DELETE) and errors, in SCIM's shape.
  const scim = path.startsWith("/scim/v2/");
  if (NEVER.has(method)) return methodNotAllowed(res, api ? "GET, POST, PATCH, DELETE" : "GET, HEAD");
  if (!api && !scim && !PAGE_METHODS.has(method) && !path.startsWith("/_next/")) return methodNotAllowed(res, "GET, HEAD");
  if (api) envelopeBare405(res);
  handle(req, res);
});
server.requestTimeout = 10 * 60_000;
// An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client (or a load balancer, whose idle
// limit is commonly 60 s) that sends on a connection the server is closing that moment gets a reset, and a POST
// is not retried. Headers must still come within a little more than that.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.once("error", (e) => {
  log.fatal(`cannot listen on port ${port}: ${e.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  log.info({ port, hostname }, `listening on http://localhost:${port}`);
});

if (metricsPort !== null) {
  const metricsServer = http.createServer((req, res) => {
    for (const h of Object.keys(req.headers)) if (h.startsWith("x-signet-")) delete req.headers[h];
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only GET /metrics is served on METRICS_PORT\n");
      return;
    }
    req.headers["x-signet-metrics-port"] = metricsPortToken;
    handle(req, res);
  });
  metricsServer.once("error", (e) => {
    log.fatal(`cannot listen on METRICS_PORT ${metricsPort}: ${e.message}`);
    process.exit(1);
  });
  metricsServer.listen(metricsPort, hostname, () =>
    log.info({ port: metricsPort }, `metrics on http://localhost:${metricsPort}/metrics`),
  );
}

const stop = (sig) => {
  log.info({ signal: sig }, "shutting down");
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
