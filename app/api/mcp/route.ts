import { handleMcp } from "@/lib/server/mcp/server";
import { readBodyLimited } from "@/lib/server/http/body";

// POST /api/mcp – Signet's MCP server (Model Context Protocol over Streamable HTTP, stateless), for agents: an
// API key (X-API-Key or Authorization: Bearer) and its scopes decide which tools it is offered. GET (a server-sent
// event stream) is not offered: every answer comes with its request.
export async function POST(req: Request) {
  return handleMcp(req, (limit) => readBodyLimited(req, limit));
}

export async function GET(req: Request) {
  return handleMcp(req, async () => new Uint8Array());
}
export const DELETE = GET;
export const dynamic = "force-dynamic";
