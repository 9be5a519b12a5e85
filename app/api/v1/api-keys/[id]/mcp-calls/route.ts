import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { listMcpCalls } from "@/lib/server/mcp/call-log";

// GET /api/v1/api-keys/:id/mcp-calls – the key's trail of MCP tool calls, newest first
export const GET = route(ops.listMcpCalls, async ({ auth, params, query }) =>
  ok(200, "MCP tool calls", await listMcpCalls(auth, params.id, query)),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
