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
 * the bucket by the time elapsed, takes up to `lease` tokens (as many as there are, when fewer), and
 * says how many it took and how many are left.
 */
async function takeFrom(
  table: "rate_buckets" | "named_rate_buckets",
  column: "key_id" | "bucket",
  key: string,
  limit: number,
  opts: { lease?: boolean } = {},
): Promise<{ taken: number; tokens: number }> {
  const perSecond = limit / 60;
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const db = await getDb();
  // How many to take is decided in SQL, from the tokens there are (the rule is stated at LEASE_FROM).
  const leased = opts.lease
    ? sql`case when cur.t >= ${LEASE_FROM}::float8 then least(${MAX_LEASE}::float8, floor(cur.t / ${LEASE_SHARE}::float8)) else 1 end`
    : sql`1`;
  const result = await db.execute(sql`
    with prev as (
      select tokens, updated_at from ${t} where ${c} = ${key} for update
    ), cur as (
      select coalesce(
        (select least(${limit}::float8, tokens + extract(epoch from (clock_timestamp() - updated_at))::float8 * ${perSecond}::float8) from prev),
        ${limit}::float8) as t
    ), take as (
      select cur.t, case when cur.t >= 1 then least(floor(cur.t), ${leased}) else 0 end as n from cur
    ), up as (
      insert into ${t} (${c}, tokens, updated_at)
      select ${key}, take.t - take.n, clock_timestamp() from take
      on conflict (${c}) do update set tokens = excluded.tokens, updated_at = excluded.updated_at
      returning tokens
    )
    select (select tokens from up) as tokens, (select n from take) as taken`);
  const row = (result as unknown as { rows: { tokens: number | string; taken: number | string }[] }).rows[0]!;
  return { taken: Number(row.taken), tokens: Number(row.tokens) };
}

function decision(limit: number, allowed: boolean, tokens: number): RateDecision {
  const perSecond = limit / 60;
  return {
    allowed,
    limit,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: allowed ? Math.ceil((limit - tokens) / perSecond) : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}

/**
 * A key with plenty of tokens left takes several from the shared bucket at once and spends them in
 * this process: a twentieth of what is left (at most MAX_LEASE) when at least LEASE_FROM are left,
 * one at a time below that (so a key near its limit is counted exactly, call by call). Leased tokens were taken from the database
 * bucket, so every instance together never admits more than the limit; an instance that dies or
 * lets its lease lapse (LEASE_MS) only admits fewer. Nothing that matters is in memory: at worst a
 * few tokens a key could have used.
 */
const LEASE_FROM = 100;
const MAX_LEASE = 50;
const LEASE_SHARE = 20;
const LEASE_MS = 5_000;
const leases = new Map<string, { tokens: number; limit: number; remaining: number; until: number }>();

/** The bucket of an API key (its own limit, or its environment's). */
export async function takeToken(auth: KeyAuth): Promise<RateDecision> {
  const limit = auth.rateLimitPerMinute ?? config.rateLimitPerMinute(auth.environment);
  const now = Date.now();
  const held = leases.get(auth.keyId);
  if (held && held.limit === limit && held.until > now && held.tokens >= 1) {
    held.tokens--;
    return decision(limit, true, held.remaining + held.tokens);
  }
  const { taken, tokens } = await takeFrom("rate_buckets", "key_id", auth.keyId, limit, { lease: true });
  if (taken > 1) {
    // Calls that went to the database together each bring their lease: keep them all.
    const left = held && held.limit === limit && held.until > now ? held.tokens : 0;
    leases.set(auth.keyId, { tokens: left + taken - 1, limit, remaining: tokens, until: now + LEASE_MS });
  }
  // Many keys, each leased once: forget the lapsed ones now and then.
  if (leases.size > 10_000) for (const [k, l] of leases) if (l.until <= now) leases.delete(k);
  return decision(limit, taken >= 1, tokens);
}

/**
 * A bucket by name, for callers without a key: `sign-token:<sha256 of the token>`, `sign-ip:<address>`.
 * `limitPerMinute` tokens, refilled evenly over a minute.
 */
export async function takeNamedToken(bucket: string, limitPerMinute: number): Promise<RateDecision> {
  const { taken, tokens } = await takeFrom("named_rate_buckets", "bucket", bucket, limitPerMinute);
  return decision(limitPerMinute, taken >= 1, tokens);
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
