import "server-only";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Queryable } from "./index";

/**
 * Several statements on `db`, at once where that is allowed: on the database (a pool, each statement on
 * a connection of its own) in parallel; in a transaction, whose statements share one connection, one
 * after another: node-postgres queues statements given to one client at once, warns that version 9 will
 * refuse them, and a transaction's order would be the queue's, not the code's.
 */
export async function together<T extends readonly unknown[]>(
  db: Queryable,
  ...statements: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(statements.map((s) => s()))) as unknown as T;
  const out: unknown[] = [];
  for (const s of statements) out.push(await s());
  return out as unknown as T;
}
