import { afterEach } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getDb } from "@/lib/server/db";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import type { Scope } from "@/lib/schemas/scopes";
import { dispatch } from "./api";

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
});

/** An MCP client (the SDK's own) of `key`, whose HTTP calls reach the app's route handlers in this process. */
export async function mcpClient(key: string) {
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost:3000/api/mcp"), {
    requestInit: { headers: { "x-api-key": key } },
    fetch: (input, init) => dispatch(new Request(input, init)),
  });
  const client = new Client({ name: "signet-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A new key of the organization, with these scopes (null: every scope). */
export async function keyOf(orgId: string, environment: "SANDBOX" | "PRODUCTION", scopes: Scope[] | null = null) {
  return (await insertApiKey(await getDb(), { orgId, name: "agent", environment, scopes })).apiKey;
}

export type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string; uri?: string; resource?: { uri: string; mimeType?: string; blob?: string } }[];
};
/** The API data a tool answered with. */
export const dataOf = (r: unknown) => ((r as ToolResult).structuredContent as { data: Record<string, unknown> }).data;
