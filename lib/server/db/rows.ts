import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./index";

/**
 * The row a statement always produces: INSERT … RETURNING, an UPDATE of a row the transaction has
 * just read and locked, a COUNT(*). None back means a broken invariant (a bug), not a client mistake,
 * so it is a plain Error: the route wrapper turns it into a 500 with a reference.
 */
export function oneRow<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`Expected a row from ${what}, got none`);
  return row;
}

/** The rows of `db.execute(sql…)`: node-postgres and PGlite give `{ rows }`; other drivers an array. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** INSERT … RETURNING of one row: the row as stored (defaults filled in). */
export async function insertRow<T extends PgTable>(
  db: Queryable,
  table: T,
  values: PgInsertValue<T>,
  what: string,
): Promise<T["$inferSelect"]> {
  const rows = (await db.insert(table).values(values).returning()) as unknown as T["$inferSelect"][];
  return oneRow(rows, what);
}
