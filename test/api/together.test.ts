// Statements given together: at once on the database (a pool), one after another in a transaction,
// whose statements share one connection (node-postgres would queue them and warn; pg 9 refuses).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, type Queryable } from "@/lib/server/db";
import { together } from "@/lib/server/db/together";

/** Three statements through `together`, each noting when it was asked for and when it answered. */
async function noted(db: Queryable) {
  const events: string[] = [];
  const statement = (n: number) => async () => {
    events.push(`start ${n}`);
    const rows = (await db.execute(sql`select ${n}::int as n`)) as unknown as { rows: { n: number }[] };
    events.push(`end ${n}`);
    return rows.rows[0]!.n;
  };
  const answers = await together(db, statement(1), statement(2), statement(3));
  return { answers, events };
}

describe("together", () => {
  it("runs a transaction's statements one after another, in order, and the database's at once", async () => {
    const db = await getDb();
    const inTx = await db.transaction((tx) => noted(tx));
    expect(inTx.answers).toEqual([1, 2, 3]);
    expect(inTx.events).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);

    const onDb = await noted(db);
    expect(onDb.answers).toEqual([1, 2, 3]);
    expect(onDb.events.slice(0, 3)).toEqual(["start 1", "start 2", "start 3"]);
  });

  it("a statement that fails fails the whole, in a transaction before the next is asked for", async () => {
    const db = await getDb();
    const asked: number[] = [];
    const failing = db.transaction((tx) =>
      together(
        tx,
        async () => (asked.push(1), tx.execute(sql`select 1`)),
        async () => (asked.push(2), tx.execute(sql`select * from no_such_table`)),
        async () => (asked.push(3), tx.execute(sql`select 3`)),
      ),
    );
    await expect(failing).rejects.toThrow();
    expect(asked).toEqual([1, 2]);
  });
});
