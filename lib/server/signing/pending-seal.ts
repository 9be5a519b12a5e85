import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { jobs } from "../db/schema";

/** The seal jobs that will still run, or are running: QUEUED (between retries too) or RUNNING. */
export const pendingSealJobs = () => and(eq(jobs.type, "seal"), inArray(jobs.status, ["QUEUED", "RUNNING"]));

/** The id of a seal job of this request that is queued or running, if there is one. */
export async function pendingSealJob(db: Queryable, requestId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(pendingSealJobs(), sql`${jobs.payload}->>'requestId' = ${requestId}`))
    .limit(1);
  return row?.id ?? null;
}
