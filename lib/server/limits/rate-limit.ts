import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../db";
import { config } from "../config";
import type { KeyAuth } from "../auth/authenticate";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the next request is allowed (refused) or until the bucket is full again (allowed). */
  resetSeconds: number;
}

/**
 * A token bucket kept in the database so that every app instance shares it. One statement refills
 * the bucket by the time elapsed, takes a token when there is one, and says whether it did.
 */
async function takeFrom(table: "rate_buckets" | "named_rate_buckets", column: "key_id" | "bucket", key: string, limit: number): Promise<RateDecision> {
  const perSecond = limit / 60;
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const db = await getDb();
  const result = await db.execute(sql`
    with prev as (
      select tokens, updated_at from ${t} where ${c} = ${key} for update
    ), cur as (
      select coalesce(
        (select least(${limit}::float8, tokens + extract(epoch from (clock_timestamp() - updated_at))::float8 * ${perSecond}::float8) from prev),
        ${limit}::float8) as t
    ), up as (
      insert into ${t} (${c}, tokens, updated_at)
      select ${key}, case when t >= 1 then t - 1 else t end, clock_timestamp() from cur
      on conflict (${c}) do update set tokens = excluded.tokens, updated_at = excluded.updated_at
      returning tokens
    )
    select (select tokens from up) as tokens, (select t >= 1 from cur) as allowed`);
  const row = (result as unknown as { rows: { tokens: number | string; allowed: boolean }[] }).rows[0];
  const tokens = Number(row.tokens);
  return {
    allowed: row.allowed,
    limit,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: row.allowed ? Math.ceil((limit - tokens) / perSecond) : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}

/** The bucket of an API key (its own limit, or its environment's). */
export function takeToken(auth: KeyAuth): Promise<RateDecision> {
  return takeFrom("rate_buckets", "key_id", auth.keyId, auth.rateLimitPerMinute ?? config.rateLimitPerMinute(auth.environment));
}

/**
 * A bucket by name, for callers without a key: `sign-token:<sha256 of the token>`, `sign-ip:<address>`.
 * `limitPerMinute` tokens, refilled evenly over a minute.
 */
export function takeNamedToken(bucket: string, limitPerMinute: number): Promise<RateDecision> {
  return takeFrom("named_rate_buckets", "bucket", bucket, limitPerMinute);
}

export function rateHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    "RateLimit-Limit": String(d.limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(d.resetSeconds),
  };
  if (!d.allowed) h["Retry-After"] = String(d.resetSeconds);
  return h;
}
