// Signet's logs: JSON lines on stdout (pino), one object per event, with `time` (ISO 8601), `level` (a
// word) and `msg`. LOG_LEVEL picks the least severe level written (info by default). Used by the server
// script (scripts/server.mjs) and, through lib/server/log.ts, by everything on the server.
//
// Nothing secret is written: callers log ids and prefixes, never keys, tokens, codes, passwords or
// document bytes; as a second line of defence, fields with those names are redacted and anything shaped
// like an API key or a signing link in a message is cut down to what identifies it.
import pino from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

const SECRET_FIELDS = ["apiKey", "key", "token", "password", "code", "secret", "authorization", "cookie"];

/** An API key keeps its prefix (as the dashboard shows it); a signing or staff link loses its token. */
export function scrub(text) {
  return String(text)
    .replace(/\b(signet_(?:test|live)_[A-Za-z0-9]{4})[A-Za-z0-9]{8,}/g, "$1…")
    .replace(/\/(sign|embed|staff\/[a-z-]+|set-password|reset-password)\/[A-Za-z0-9_-]{20,}/g, "/$1/[token]");
}

/**
 * @param {{ mixin?: () => object, destination?: import("pino").DestinationStream }} [options] `destination`: stdout unless given (tests)
 * @returns {import("pino").Logger}
 */
export function makeLogger(options = {}) {
  const wanted = (process.env.LOG_LEVEL || "info").trim().toLowerCase();
  const level = LOG_LEVELS.includes(wanted) ? wanted : "info";
  const destination = options.destination ?? unblockedStdout();
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`), 'headers["x-api-key"]'],
        censor: "[redacted]",
      },
      serializers: {
        err: (e) => (e instanceof Error ? { type: e.name, message: scrub(e.message), stack: scrub(e.stack ?? "") } : e),
      },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? scrub(a) : a)),
          );
        },
      },
      mixin: options.mixin,
    },
    destination,
  );
  if (wanted !== level)
    logger.warn({ LOG_LEVEL: wanted, levels: LOG_LEVELS }, "LOG_LEVEL is not a level; writing info and above");
  return logger;
}

/**
 * Standard output, written without waiting: pino's default writes each line synchronously, so a reader
 * of the server's output that falls behind (a full pipe) stalls every request that logs, which is every
 * API request. Here a line goes out as soon as the write before it is done, lines that came meanwhile
 * together; what waits is written synchronously when the process exits (pino does that for its own
 * streams). A reader that stops reading costs at most MAX_WAITING of memory: lines beyond it are dropped,
 * and the next line written says how many.
 */
const MAX_WAITING = 16 * 1024 * 1024;
function unblockedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, maxLength: MAX_WAITING });
  let dropped = 0;
  let telling = false;
  stream.on("drop", () => {
    dropped++;
  });
  // Once the reader takes lines again (a write went out), one line says how many were lost.
  stream.on("write", () => {
    if (dropped === 0 || telling) return;
    telling = true;
    setImmediate(() => {
      telling = false;
      const msg = `${dropped} log lines were dropped: standard output was not being read`;
      dropped = 0;
      stream.write(`${JSON.stringify({ level: "warn", time: new Date().toISOString(), pid: process.pid, msg })}\n`);
    });
  });
  return stream;
}
