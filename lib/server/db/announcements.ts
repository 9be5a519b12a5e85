import "server-only";
import type { Client, Pool, PoolClient, QueryResult } from "pg";
import { errField, log } from "../log";
import { failureOf } from "./unavailable";

/**
 * What a PostgreSQL server tells this process of changes made elsewhere. One connection of its own
 * LISTENs on a channel that triggers NOTIFY (migration 0038); each notification, and each time the
 * connection is lost or made again, calls `changed`, so that what this process keeps in memory from
 * that channel's tables is dropped. `live()` says whether it hears right now: while it does not (not
 * yet connected, or reconnecting after a restart of the server), nothing may be kept from those tables.
 */
export function listenForAnnouncements(url: string, channel: string, changed: () => void) {
  let live = false;
  let closed = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let wait = 250;

  const lost = (why: string) => {
    if (!live && client === null) return;
    live = false;
    changed();
    void drop(client);
    client = null;
    if (closed) return;
    log().warn(
      { channel, cause: why },
      "not hearing the database's announcements; keys are read on every call until it is heard again",
    );
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
    wait = Math.min(wait * 2, 10_000);
  };
  const connect = async () => {
    const { Client } = await import("pg");
    const c = new Client({ connectionString: url });
    client = c;
    c.on("error", (e) => lost(failureOf(e)));
    c.on("end", () => lost("the connection ended"));
    c.on("notification", (n) => {
      if (n.channel === channel) changed();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (closed || client !== c) return void c.end().catch(() => {});
      // Whatever changed while this process was not listening: forgotten, then heard from now on.
      changed();
      live = true;
      wait = 250;
    } catch (e) {
      if (client === c) lost(failureOf(e));
      else log().debug({ err: errField(e) }, "an announcements connection given up");
    }
  };
  void connect();
  return {
    live: () => live && !closed,
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await drop(c);
    },
  };
}

/** Ends a connection given up: what it says from now on is not heard (an error it raises is ignored). */
async function drop(c: Client | null) {
  c?.removeAllListeners();
  c?.on("error", () => {});
  await c?.end().catch(() => {});
}

type AnyFunction = (...a: unknown[]) => unknown;
const textOf = (arg: unknown): string =>
  typeof arg === "string" ? arg : typeof (arg as { text?: unknown })?.text === "string" ? (arg as { text: string }).text : "";

/**
 * Whether a statement may have changed rows: anything but a plain SELECT, unless PostgreSQL said it
 * changed none (an UPDATE that matched nothing, such as the job queue's poll when no job is due).
 */
function mayHaveChanged(text: string, result: unknown): boolean {
  if (/^\s*select\b/i.test(text)) return false;
  const r = result as Partial<QueryResult> | undefined;
  if (
    r &&
    (r.command === "UPDATE" || r.command === "DELETE" || r.command === "INSERT" || r.command === "MERGE") &&
    r.rowCount === 0
  )
    return false;
  return true;
}

/**
 * The pool with `wrote` called after each statement of this process that names a table `tables` matches
 * and may have changed rows and, for such a statement inside a transaction, again when the transaction
 * ends (what it wrote is seen by others from then on): the counter readCache (lib/server/db) goes by.
 */
export function countingWrites(pool: Pool, tables: RegExp, wrote: () => void): Pool {
  const counted =
    (method: AnyFunction, onWrite: () => void) =>
    (...args: unknown[]) => {
      const text = textOf(args[0]);
      const r = method(...args);
      if (!tables.test(text)) return r;
      if (!(r instanceof Promise)) {
        // The callback or submittable form, which this app does not use: counted without looking.
        onWrite();
        return r;
      }
      return r.then((result: unknown) => {
        if (mayHaveChanged(text, result)) onWrite();
        return result;
      });
    };
  const inTransaction = (client: PoolClient): PoolClient => {
    let dirty = false;
    return new Proxy(client, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t) as unknown;
        if (typeof value !== "function") return value;
        const method = (value as AnyFunction).bind(t);
        if (prop !== "query") return method;
        const query = counted(method, () => {
          dirty = true;
          wrote();
        });
        return (...args: unknown[]) => {
          const text = textOf(args[0]).trim().toLowerCase();
          if (text === "commit" || text === "rollback") {
            const had = dirty;
            dirty = false;
            const r = method(...args);
            return r instanceof Promise ? r.finally(() => had && wrote()) : r;
          }
          return query(...args);
        };
      },
    });
  };
  return new Proxy(pool, {
    get(t, prop) {
      const value = Reflect.get(t, prop, t) as unknown;
      if (typeof value !== "function") return value;
      const method = (value as AnyFunction).bind(t);
      if (prop === "query") return counted(method, wrote);
      if (prop === "connect")
        return (...args: unknown[]) => {
          if (typeof args[0] === "function") return method(...args);
          return (method() as Promise<PoolClient>).then(inTransaction);
        };
      return method;
    },
  });
}
