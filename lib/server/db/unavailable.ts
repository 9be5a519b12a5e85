import "server-only";
import type { Pool, PoolClient } from "pg";
import { log } from "../log";

/**
 * A query that failed because the PostgreSQL server could not be reached or closed the connection (a
 * restart, a failover, an operator's pg_terminate_backend): not the query's fault, and worth retrying.
 * The route wrapper answers it 503 DATABASE_UNAVAILABLE. Recognised by its name, not `instanceof`: the
 * pool is opened by whichever bundle of the server asks first, and each bundle has its own copy of
 * this class.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is not available: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/**
 * What failed, in a few words for the log: the innermost cause's code and message (a connection's
 * error, not the statement drizzle wraps around it with its parameters).
 */
export function failureOf(e: unknown): string {
  let c: unknown = e;
  for (let depth = 0; c instanceof Error && c.cause instanceof Error && depth < 8; depth++) c = c.cause;
  if (!(c instanceof Error)) return String(c);
  const code = (c as { code?: unknown }).code;
  const message = c instanceof AggregateError && !c.message ? c.errors.map((x) => String(x?.message ?? x)).join("; ") : c.message;
  return typeof code === "string" && !message.includes(code) ? `${code} ${message}` : message;
}

/** True when `e`, or an error it was caused by (drizzle wraps every failed query), is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 8; c = c.cause, depth++) {
    if (c.name === "DatabaseUnavailableError") return true;
  }
  return false;
}

// SQLSTATEs of a server that is going away or not there yet: admin_shutdown (a restart, or a backend
// terminated), crash_shutdown, cannot_connect_now (starting up, shutting down); and class 08, the
// connection exceptions.
const GONE_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
// The socket's errors while connecting or connected.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
// node-postgres's own words for a connection that ended or never came.
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** Whether an error of node-postgres means the connection failed, not the statement. */
export function isConnectionFailure(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && (GONE_SQLSTATES.has(code) || code.startsWith("08") || NETWORK_CODES.has(code))) return true;
  // Node gives an AggregateError when every address of a host refused.
  if (e instanceof AggregateError && e.errors.some(isConnectionFailure)) return true;
  return PG_CONNECTION_MESSAGES.test(e.message);
}

const rethrowing = (e: unknown): never => {
  throw isConnectionFailure(e) ? new DatabaseUnavailableError(e) : e;
};

type AnyFunction = (...a: unknown[]) => unknown;

/**
 * `target` with its `query` failing as a DatabaseUnavailableError when the connection failed, and any
 * other method given by `more` (prop, the method bound to its target) instead of the plain one.
 */
function reportingQueries<T extends object>(
  target: T,
  more: (prop: string | symbol, method: AnyFunction) => AnyFunction | undefined = () => undefined,
): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop, t) as unknown;
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(t);
      if (prop === "query")
        return (...args: unknown[]) => {
          const r = method(...args);
          return r instanceof Promise ? r.catch(rethrowing) : r;
        };
      return more(prop, method) ?? method;
    },
  });
}

/** A client of the pool whose failed queries say when the connection, not the statement, failed. */
const reportingClient = (client: PoolClient): PoolClient => reportingQueries(client);

/**
 * The pool as the app uses it (drizzle calls `query` and, for a transaction, `connect`): a connection
 * failure becomes a DatabaseUnavailableError. And a connection the server closes while no query runs
 * on it (an idle client in the pool, or one held between a transaction's statements) is an event
 * node-postgres emits as 'error': with no listener that is an uncaught exception that ends the
 * process. Here it is one log line; the pool drops that client and the next query opens a new one.
 */
export function reportingUnavailable(pool: Pool): Pool {
  pool.on("error", (e) =>
    log().warn({ cause: failureOf(e) }, "the database closed an idle connection; the next query opens a new one"),
  );
  // A client held by a transaction has no pool listener: its statement fails with the error, which is enough.
  pool.on("connect", (client) => client.on("error", () => {}));
  return reportingQueries(pool, (prop, method) =>
    prop === "connect"
      ? (...args: unknown[]) => {
          if (typeof args[0] === "function") return method(...args);
          return (pool.connect() as Promise<PoolClient>).then(reportingClient, rethrowing);
        }
      : undefined,
  );
}
