import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { apiKeys, mcpCalls } from "../db/schema";
import { notFound } from "../errors";
import { isUuid, keyScope } from "../auth/scope";
import { log } from "../log";

/** How one tool call ended, for the key's trail: the request it named or made, the code it was refused with. */
export interface CallOutcome {
  tool: string;
  requestId: string | null;
  errorCode: string | null;
}

/**
 * Writes one tool call into the key's trail (mcp_calls). A call is answered even when its line cannot be
 * written (the database gone mid-call): that is logged as an error, never hidden.
 */
export async function logMcpCall(auth: KeyAuth, call: CallOutcome) {
  try {
    const db = await getDb();
    await db.insert(mcpCalls).values({
      orgId: auth.orgId,
      keyId: auth.keyId,
      tool: call.tool.slice(0, 100),
      requestId: call.requestId?.slice(0, 100) ?? null,
      errorCode: call.errorCode,
      ip: auth.ip,
    });
  } catch (err) {
    log().error({ err, mcp: call.tool, key: auth.keyPrefix }, "an MCP call could not be written to the key's trail");
  }
}

/** The newest tool calls (`limit` of them) of one key this key may see: its organization and environment. */
export async function listMcpCalls(auth: KeyAuth, keyId: string, q: { limit: number }) {
  if (!isUuid(keyId)) throw notFound("API_KEY_NOT_FOUND", "API key");
  const db = await getDb();
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(keyScope(auth), eq(apiKeys.id, keyId)));
  if (!key) throw notFound("API_KEY_NOT_FOUND", "API key");
  const rows = await db.select().from(mcpCalls).where(eq(mcpCalls.keyId, key.id)).orderBy(desc(mcpCalls.seq)).limit(q.limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      tool: r.tool,
      requestId: r.requestId,
      outcome: r.errorCode ? ("REFUSED" as const) : ("OK" as const),
      errorCode: r.errorCode,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
