import "server-only";
import { z } from "zod";
import type { Server as McpServerType } from "@modelcontextprotocol/sdk/server/index.js";
import { authenticateKey, missingScopes, requireScopes, type KeyAuth } from "../auth/authenticate";
import { clientIp } from "../auth/ip";
import { keyActor, recordEvent } from "../audit/record-event";
import { logMcpCall } from "./call-log";
import { readResource, resourceTemplates } from "./resources";
import { config } from "../config";
import { getDb } from "../db";
import { AppError, errorStatus } from "../errors";
import { rateHeaders, takeToken } from "../limits/rate-limit";
import { errField, log } from "../log";
import { MCP_TOOLS, toolScopes, type McpTool } from "./tools";
import type { McpFile } from "./tool";

/** The MCP endpoint's path (Streamable HTTP), as docs/api.md and /llms.txt name it. */
export const MCP_PATH = "/api/mcp";
/** An MCP message is a tool's arguments; create_request_from_pdf carries its PDFs in base64 (MAX_UPLOAD_MB together). */
const maxBody = () => Math.ceil(config.maxUploadBytes / 3) * 4 + 256 * 1024;

/**
 * Signet's MCP server (Model Context Protocol, Streamable HTTP, stateless: each POST is answered on its own, so
 * any instance answers any call). The caller is an API key (X-API-Key, or Authorization: Bearer <key>) with its
 * organization, environment, rate limit and scopes: the tools it is offered are the ones its scopes allow, and a
 * tool it may not call is refused naming the scope. A tool's answer is the API's data; a refusal is the API's
 * error code and words. A tool acting on a request is in that request's audit trail (`mcp.<tool>`, the key as
 * actor); every call is logged.
 */
export async function handleMcp(
  req: Request,
  http: {
    readBody: (limit: number) => Promise<Uint8Array>;
    /** The API's error envelope for a refusal before any MCP message is read (no key, rate limit, body). */
    errorResponse: (e: unknown, headers: Record<string, string>) => Response;
  },
): Promise<Response> {
  let auth: KeyAuth;
  let rate: Record<string, string> = {};
  let parsedBody: unknown = undefined;
  try {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
    auth = await authenticateKey(
      req.headers.get("x-api-key") ?? bearer,
      clientIp(req.headers, config.trustProxy),
      req.headers.get("user-agent"),
    );
    const decision = await takeToken(auth);
    rate = rateHeaders(decision);
    if (!decision.allowed)
      throw new AppError(
        "RATE_LIMITED",
        `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
      );
    if (req.method === "POST") {
      const bytes = await http.readBody(maxBody());
      try {
        parsedBody = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      } catch {
        throw new AppError("MALFORMED_JSON", "An MCP message is a JSON-RPC message in UTF-8 JSON");
      }
    }
  } catch (e) {
    const challenge: Record<string, string> =
      e instanceof AppError && e.code === "API_KEY_MISSING" ? { "www-authenticate": 'Bearer realm="signet"' } : {};
    return http.errorResponse(e, { ...rate, ...challenge });
  }
  const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { WebStandardStreamableHTTPServerTransport } =
    await import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js");
  const server = await mcpServerFor(Server, auth);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(req, { parsedBody });
    for (const [k, v] of Object.entries(rate)) res.headers.set(k, v);
    return res;
  } finally {
    await server.close().catch(() => {});
  }
}

const mayCall = (auth: KeyAuth, t: McpTool) => missingScopes(auth, toolScopes(t)).length === 0;

/** An MCP server for one call of one key: its tools, bound to it. */
export function mcpServerFor(ServerClass: typeof McpServerType, auth: KeyAuth) {
  const server = new ServerClass(
    { name: "signet", version: "1.0.0" },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        "Signet sends PDFs for electronic signature. Draft a request from a template (search_templates, create_request_from_template) or from PDFs (create_request_from_pdf, then add_recipient, preview_anchors and place_fields_by_anchors or add_fields); send it (send_request: in production it may wait for a person's approval); follow it (get_request) and, once COMPLETED, download the sealed PDFs (download_documents). A request is also a resource: signet://requests/{id}; a template: signet://templates/{id}. Every answer is the Signet API's data; a refusal names the API's error code.",
    },
  );
  return import("@modelcontextprotocol/sdk/types.js").then((types) => {
    const { ListToolsRequestSchema, CallToolRequestSchema } = types;
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: MCP_TOOLS.filter((t) => mayCall(auth, t)).map((t) => ({
        name: t.name,
        title: t.title,
        description: `${t.description} Needs the key scope${toolScopes(t).length > 1 ? "s" : ""} ${toolScopes(t).join(", ")}.`,
        inputSchema: inputSchemaOf(t),
        annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: !t.readOnly && t.name === "cancel_request" },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) =>
      callTool(auth, request.params.name, request.params.arguments),
    );
    server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({ resources: [] }));
    server.setRequestHandler(types.ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: resourceTemplates.filter((r) => missingScopes(auth, r.scopes).length === 0).map((r) => r.template),
    }));
    server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
      const { McpError, ErrorCode } = types;
      const requestId = /^signet:\/\/requests\/([^/?#]{1,100})/.exec(request.params.uri)?.[1] ?? null;
      try {
        const read = await readResource(auth, request.params.uri);
        await logMcpCall(auth, { tool: "resources/read", requestId, errorCode: null });
        return read;
      } catch (e) {
        const err = e instanceof AppError ? e : null;
        await logMcpCall(auth, { tool: "resources/read", requestId, errorCode: err?.code ?? "INTERNAL_ERROR" });
        if (!err) log().error({ err: errField(e), uri: request.params.uri.slice(0, 200) }, "mcp resource read failed");
        throw new McpError(
          err && errorStatus(err.code) < 500 ? ErrorCode.InvalidParams : ErrorCode.InternalError,
          err ? `${err.code}: ${err.message}` : "INTERNAL_ERROR: The resource could not be read",
          err ? { errorCode: err.code } : { errorCode: "INTERNAL_ERROR" },
        );
      }
    });
    return server;
  });
}

/** A tool's input as JSON Schema, from its zod schema as the API's document makes it (what a call may give). */
function inputSchemaOf(t: McpTool) {
  const s = z.toJSONSchema(t.input, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as Record<string, unknown>;
  delete s.$schema;
  return { ...s, type: "object" as const };
}

/**
 * One tool call: its scopes, its input by its schema, its use case; a refusal as the API's code and words. Every
 * call, answered or refused, is in the key's trail (mcp_calls); one that names a request it may see is in that
 * request's audit trail too.
 */
export async function callTool(auth: KeyAuth, name: string, args: unknown) {
  const t = MCP_TOOLS.find((x) => x.name === name);
  let requestId: string | null = null;
  try {
    if (!t) throw new AppError("VALIDATION_FAILED", `No tool named ${JSON.stringify(name.slice(0, 100))}`);
    requireScopes(auth, toolScopes(t), `that ${t.name} needs`);
    const parsed = t.input.safeParse(args ?? {});
    if (!parsed.success)
      throw new AppError("VALIDATION_FAILED", "The tool's arguments are not valid", {
        errors: parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
      });
    requestId = t.request?.(parsed.data as never, undefined) ?? null;
    const { data, message, files } = await t.run(auth, parsed.data as never);
    requestId = t.request?.(parsed.data as never, data) ?? null;
    if (requestId) await recordEvent(await getDb(), requestId, `mcp.${t.name}`, keyActor(auth), { tool: t.name });
    await logMcpCall(auth, { tool: t.name, requestId, errorCode: null });
    log().info({ mcp: t.name, key: auth.keyPrefix }, "mcp tool called");
    return {
      content: [{ type: "text" as const, text: `${message}\n${JSON.stringify(data)}` }, ...(files ?? []).map(fileContent)],
      structuredContent: { data },
    };
  } catch (e) {
    const err = e instanceof AppError ? e : null;
    if (!err) log().error({ err: errField(e), mcp: name }, "mcp tool failed");
    const body = err
      ? {
          errorCode: err.code,
          message: err.message,
          ...(err.details ? { details: err.details } : {}),
          ...(err.errors?.length ? { errors: err.errors } : {}),
        }
      : { errorCode: "INTERNAL_ERROR", message: "The tool failed on the server" };
    log().info({ mcp: name, key: auth.keyPrefix, refused: body.errorCode }, "mcp tool refused");
    await logMcpCall(auth, { tool: t?.name ?? `unknown:${name}`, requestId, errorCode: body.errorCode });
    return {
      isError: true,
      content: [{ type: "text" as const, text: `${body.errorCode}: ${body.message}` }],
      structuredContent: body,
    };
  }
}

/** A file in a tool's answer: its bytes as an embedded resource, or only a link to read it by. */
function fileContent(f: McpFile) {
  return f.linkOnly
    ? { type: "resource_link" as const, uri: f.uri, name: f.name, mimeType: f.type, size: f.bytes.byteLength }
    : { type: "resource" as const, resource: { uri: f.uri, mimeType: f.type, blob: Buffer.from(f.bytes).toString("base64") } };
}
