// Signet's MCP server over stdio: an agent starts `node scripts/signet.mjs mcp` as a process (as MCP clients start
// their tools) and speaks MCP on its stdin and stdout; the process carries the messages to a running Signet's
// /api/mcp with the key in SIGNET_API_KEY. Driven by the MCP SDK's own Client and its stdio transport, against
// the real server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { root, startServer, type ServerProcess } from "../support/server-process";

const KEY = "signet_test_McpStdioMcpStdioMcpStdioMcpStdio";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "signet-mcp-"));
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: path.join(tmp, "data"), SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "system-test-pw" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const agent = async (key: string) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, "scripts/signet.mjs"), "mcp", "--url", server.url],
    env: { ...(process.env as Record<string, string>), SIGNET_API_KEY: key, DATA_DIR: path.join(tmp, "cli-data") },
    cwd: root,
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-agent", version: "1.0.0" });
  await client.connect(transport);
  return client;
};

describe("the MCP server over stdio", () => {
  it("lists the key's tools and calls one through a running server", async () => {
    const client = await agent(KEY);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(["search_requests", "send_request", "create_request_from_template"]));
      const r = (await client.callTool({ name: "search_requests", arguments: {} })) as {
        isError?: boolean;
        structuredContent?: { data: { items: unknown[] } };
      };
      expect(r.isError).toBeFalsy();
      expect(Array.isArray(r.structuredContent?.data.items)).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("a wrong key is refused by the server, and the agent is told", async () => {
    await expect(agent("signet_test_wrongwrongwrongwrongwrongwrong12")).rejects.toThrow();
  }, 60_000);
});
