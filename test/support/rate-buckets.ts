import { sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";

/**
 * Empties a named rate bucket (lib/server/limits/rate-limit.ts) as if its client had just used its minute up: the
 * next call under that name is refused. A test holds the state instead of racing the clock with many calls.
 */
export async function emptyRateBucket(bucket: string): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`insert into named_rate_buckets (bucket, tokens, updated_at) values (${bucket}, 0, clock_timestamp())
        on conflict (bucket) do update set tokens = 0, updated_at = clock_timestamp()`,
  );
}
