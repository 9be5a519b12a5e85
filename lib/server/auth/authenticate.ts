import "server-only";
import { errField, log } from "../log";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, getHandle, readCache, type Db } from "../db";
import { apiKeys, organizations } from "../db/schema";
import { AppError } from "../errors";
import { constantTimeEqualHex, hashApiKey, keyPrefixOf, type Environment } from "./keys";
import { ipAllowed } from "./ip";
import { SCOPES, type Scope } from "@/lib/schemas/scopes";

/** Who is calling: a key of one organization in one environment. Every query is scoped by it. */
export interface KeyAuth {
  keyId: string;
  keyPrefix: string;
  orgId: string;
  plan: string;
  environment: Environment;
  rateLimitPerMinute: number | null;
  ip: string | null;
  userAgent: string | null;
  /** USER (made by someone) or SYSTEM (the server's own, e.g. the dashboard's). */
  kind: string;
  /** What the key may do; null: every scope (lib/schemas/scopes.ts). */
  scopes: readonly Scope[] | null;
  /** Its production sends wait for a staff member's approval (lib/server/approvals). */
  sendsNeedApproval?: boolean;
  /** Its production sends through the MCP server go out without waiting (by default they wait: lib/server/approvals). */
  mcpSendsDirectly?: boolean;
  /** On a dashboard call (a SYSTEM key with a verified forwarded identity): the staff member behind it. */
  staff?: { id: string; name: string; email: string };
}

/** Every API call looks its key up: the statement is built once per database handle, then only run. */
function prepareLookup(db: Db) {
  return db
    .select({ key: apiKeys, plan: organizations.plan })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("authenticate_key");
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
type KeyRow = Awaited<ReturnType<ReturnType<typeof prepareLookup>["execute"]>>[number];
const cachedKeys = new Map<string, { at: number; value: KeyRow }>();
/** When this process last asked for a key's lastUsedAt to be written (a cached row's may be older). */
const touched = new Map<string, number>();

export async function authenticateKey(apiKey: string | null, ip: string | null, userAgent: string | null): Promise<KeyAuth> {
  if (!apiKey) throw new AppError("API_KEY_MISSING", "Missing API key");
  const hash = hashApiKey(apiKey.trim());
  const handle = await getHandle();
  const { db } = handle;
  // A key looked up again with nothing written since comes from memory (a revocation is a write, so this
  // process sees it at once); with a PostgreSQL server, while the changes other instances make to keys
  // and organizations are heard (migration 0038 announces them); see readCache in lib/server/db.
  const cache = readCache(handle, cachedKeys, { announced: true });
  let row = cache?.get(hash);
  const fromCache = Boolean(row);
  if (!row) {
    const at = cache?.now() ?? 0;
    let lookup = lookups.get(db);
    if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
    [row] = await lookup.execute({ hash });
    if (row) cache?.set(hash, at, row);
  }
  if (!row || !constantTimeEqualHex(row.key.keyHash, hash)) throw new AppError("API_KEY_INVALID", "Invalid API key");
  if (row.key.revokedAt) throw new AppError("API_KEY_REVOKED", "API key has been revoked");
  // Production keys work while the organization is on the Enterprise plan, not only when they were made.
  if (row.key.environment === "PRODUCTION" && row.plan !== "ENTERPRISE") {
    throw new AppError(
      "ENTERPRISE_PLAN_REQUIRED",
      `This organization's plan (${row.plan}) no longer includes the production environment: production API keys stop working until it is on the Enterprise plan again; sandbox keys keep working`,
      { details: { plan: row.plan } },
    );
  }
  if (!ipAllowed(ip, row.key.allowedIps)) {
    throw new AppError("IP_NOT_ALLOWED", `Requests from ${ip ?? "an unknown address"} are not allowed for this API key`);
  }
  // Not awaited: the request does not wait for this write, and a failure of it is only logged.
  // Checked here first so that a busy key does not issue an UPDATE on every call.
  // A row from memory may predate this process's own last write of lastUsedAt: go by that write then.
  const lastUsed = Math.max(row.key.lastUsedAt?.getTime() ?? 0, fromCache ? (touched.get(row.key.id) ?? 0) : 0);
  if (Date.now() - lastUsed >= 60_000) {
    touched.set(row.key.id, Date.now());
    if (touched.size > 10_000) touched.delete(touched.keys().next().value!);
    void touchLastUsed(row.key.id);
  }
  return {
    keyId: row.key.id,
    keyPrefix: keyPrefixOf(apiKey),
    orgId: row.key.orgId,
    plan: row.plan,
    environment: row.key.environment as Environment,
    rateLimitPerMinute: row.key.rateLimitPerMinute,
    ip,
    userAgent,
    kind: row.key.kind,
    scopes: scopesOfRow(row.key.scopes),
    sendsNeedApproval: row.key.sendsNeedApproval,
    mcpSendsDirectly: row.key.mcpSendsDirectly,
  };
}

/** A key's stored scopes, known ones only (a scope a newer server wrote is not one this server grants). */
const scopesOfRow = (stored: string[] | null): readonly Scope[] | null =>
  stored === null ? null : SCOPES.filter((s) => stored.includes(s));

/** The scopes of `needed` the key lacks (none for a key with every scope). */
export const missingScopes = (auth: Pick<KeyAuth, "scopes">, needed: readonly Scope[]): Scope[] =>
  auth.scopes === null ? [] : needed.filter((s) => !auth.scopes!.includes(s));

/**
 * Refuses a call whose key lacks one of the scopes the operation needs, naming them (403 API_KEY_SCOPE_MISSING).
 * `purpose` ends the sentence: what needs them ("that this operation needs", "that send_request needs").
 */
export function requireScopes(
  auth: Pick<KeyAuth, "scopes">,
  needed: readonly Scope[],
  purpose = "that this operation needs",
): void {
  if (auth.scopes === null) return;
  const missing = missingScopes(auth, needed);
  if (missing.length)
    throw new AppError(
      "API_KEY_SCOPE_MISSING",
      `This API key lacks the scope${missing.length > 1 ? "s" : ""} ${missing.join(", ")} ${purpose}`,
      { details: { missing, needed: [...needed], granted: [...auth.scopes] } },
    );
}

/**
 * Writes `lastUsedAt` at most once a minute per key: one conditional UPDATE, so that concurrent
 * requests (and instances) write it once between them. Never throws into a request.
 */
export function touchLastUsed(keyId: string): Promise<void> {
  return (async () => {
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))),
      );
  })().catch((e) => {
    log().error({ err: errField(e) }, `could not record the last use of API key ${keyId}`);
  });
}
