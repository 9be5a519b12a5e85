import { handleMcp } from "@/lib/server/mcp/server";
import { readBodyLimited } from "@/lib/server/http/body";
import { errorResponse, methodNotAllowed } from "@/lib/server/http/route";

// POST /api/mcp – Signet's MCP server (Model Context Protocol over Streamable HTTP, stateless), for agents: an
// API key (X-API-Key or Authorization: Bearer) and its scopes decide which tools it is offered. GET (a server-sent
// event stream) is not offered: every answer comes with its request.
export async function POST(req: Request) {
  return handleMcp(req, { readBody: (limit) => readBodyLimited(req, limit), errorResponse });
}

export const GET = methodNotAllowed(["POST"]);
export const DELETE = GET;
export const PUT = GET;
export const PATCH = GET;
export const dynamic = "force-dynamic";
