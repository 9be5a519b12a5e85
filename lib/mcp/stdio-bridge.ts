import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * Signet's MCP server over stdio, for an agent that starts its tools as processes (`npm run --silent signet -- mcp`):
 * each message read on stdin goes to a running Signet's Streamable HTTP endpoint (`/api/mcp`) with the key, and
 * each answer comes back on stdout. The server decides everything (the key, its scopes, approvals); this process
 * only carries messages, so it holds no data directory and runs beside the server.
 */
export async function bridgeStdio(opts: {
  url: string;
  apiKey: string;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  /** Tests give the app's handler in place of the network. */
  fetch?: typeof fetch;
  onError?: (e: Error) => void;
}): Promise<{ closed: Promise<void>; close: () => Promise<void> }> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const endpoint = new URL("/api/mcp", opts.url);
  const http = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { "x-api-key": opts.apiKey } },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const stdio = new StdioServerTransport(
    opts.stdin as ConstructorParameters<typeof StdioServerTransport>[0],
    opts.stdout as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const fail = (e: unknown) => opts.onError?.(e instanceof Error ? e : new Error(String(e)));
  stdio.onmessage = (message: JSONRPCMessage) => {
    http.send(message).catch((e: unknown) => {
      fail(e);
      // A request the server never answered is answered here, so that the agent is not left waiting.
      if ("id" in message && "method" in message)
        void stdio.send({
          jsonrpc: "2.0",
          id: message.id,
          error: { code: -32603, message: `Signet at ${endpoint.origin} did not answer: ${e instanceof Error ? e.message : e}` },
        });
    });
  };
  http.onmessage = (message: JSONRPCMessage) => void stdio.send(message).catch(fail);
  http.onerror = fail;
  stdio.onerror = fail;
  const close = async () => {
    await http.close().catch(() => {});
    await stdio.close().catch(() => {});
    resolveClosed();
  };
  stdio.onclose = () => void close();
  await http.start();
  await stdio.start();
  return { closed, close };
}
