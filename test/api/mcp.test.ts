// Signet's MCP server, driven by the MCP SDK's own Client over Streamable HTTP (its fetch goes to the route
// handler in process): the tools a key is offered follow its scopes, a read-only key cannot call a write tool,
// a sandbox flow runs from a template to a completed, sealed request (the signer signs through the signing API), a production send through MCP waits for a staff
// member's approval, refusals carry the API's codes, and tool calls on a request are in its audit trail.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDb } from "@/lib/server/db";
import { auditEvents } from "@/lib/server/db/schema";
import { decideApproval } from "@/lib/server/approvals/send-approvals";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, dispatch, makeOrg } from "../support/api";
import { dataOf, keyOf, mcpClient, type ToolResult as Result } from "../support/mcp";
import { pdfsig } from "../support/seal-fixtures";
import { tokenOf } from "../support/signing";
import { staffOf } from "../support/staff";
import { pdfTemplate } from "../support/templates";

/** The agent drafts a request from the template for one person (the tool create_request_from_template). */
async function draftVia(agent: Client, templateId: string, title: string, person: { name: string; email: string }) {
  return dataOf(
    await agent.callTool({
      name: "create_request_from_template",
      arguments: { templateId, draft: { title, recipients: [person] } },
    }),
  );
}

/** A template with one signer role and a signature box for it. */
async function signableTemplate(key: string) {
  const tpl = await pdfTemplate(key, "NDA for agents");
  const roles = await call("PUT", `/api/v1/enterprise/templates/${tpl.id}/roles`, {
    key,
    json: { roles: [{ name: "Visitor" }] },
  });
  expect(roles.status).toBe(200);
  const f = await call("POST", `/api/v1/enterprise/templates/${tpl.id}/fields`, {
    key,
    json: { fields: [{ type: "SIGNATURE", roleName: "Visitor", page: 1, x: 72, y: 500, width: 180, height: 50 }] },
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  return tpl.id;
}

describe("the MCP server", () => {
  it("offers a key the tools its scopes allow; a read-only key cannot call a write tool", async () => {
    const org = await makeOrg();
    const all = await mcpClient(org.sandboxKey);
    const names = (await all.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "search_requests",
        "get_request",
        "search_templates",
        "create_request_from_template",
        "send_request",
      ]),
    );
    const tool = (await all.listTools()).tools.find((t) => t.name === "send_request")!;
    expect(tool.description).toMatch(/requests:send/);
    expect(tool.inputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" } } });

    const reader = await mcpClient(await keyOf(org.orgId, "SANDBOX", ["requests:read", "templates:read"]));
    const readable = (await reader.listTools()).tools.map((t) => t.name);
    expect(readable.sort()).toEqual([
      "download_documents",
      "get_request",
      "get_template",
      "preview_anchors",
      "search_requests",
      "search_templates",
    ]);
    const refused = (await reader.callTool({ name: "send_request", arguments: { id: crypto.randomUUID() } })) as Result;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({
      errorCode: "API_KEY_SCOPE_MISSING",
      details: { missing: ["requests:send"] },
    });
    const listed = dataOf(await reader.callTool({ name: "search_requests", arguments: {} }));
    expect(listed).toHaveProperty("items");
  });

  it("runs a sandbox flow from a template to a completed, sealed request, in the request's audit trail", async () => {
    const org = await makeOrg();
    const tplId = await signableTemplate(org.sandboxKey);
    const agent = await mcpClient(org.sandboxKey);
    const templates = dataOf(await agent.callTool({ name: "search_templates", arguments: {} })) as { items: { id: string }[] };
    expect(templates.items.map((t) => t.id)).toContain(tplId);
    const draft = (await draftVia(agent, tplId, "NDA for Vera", { name: "Vera Visitor", email: "vera@example.com" })) as {
      id: string;
      status: string;
    };
    expect(draft.status).toBe("DRAFT");
    const sent = dataOf(await agent.callTool({ name: "send_request", arguments: { id: draft.id } }));
    expect(sent).toMatchObject({ status: "IN_PROGRESS", awaitingApproval: false });
    const read = dataOf(await agent.callTool({ name: "get_request", arguments: { id: draft.id } })) as {
      id: string;
      status: string;
      recipients: { id: string }[];
    };
    expect(read).toMatchObject({ id: draft.id, status: "IN_PROGRESS" });

    // Vera signs through the signing API; the seal runs; the agent downloads the sealed PDF.
    await runDueJobs();
    const token = await tokenOf(read.recipients[0]!.id);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Vera Visitor" }));
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs();
    expect(dataOf(await agent.callTool({ name: "get_request", arguments: { id: draft.id } }))).toMatchObject({
      status: "COMPLETED",
    });
    const download = (await agent.callTool({ name: "download_documents", arguments: { id: draft.id } })) as Result;
    const sealed = download.content?.find((c) => c.type === "resource")?.resource?.blob;
    expect(await pdfsig(Buffer.from(sealed!, "base64"))).toMatch(/Signature Validation: Signature is Valid/);
    const db = await getDb();
    const trail = (await db.select().from(auditEvents).where(eq(auditEvents.requestId, draft.id))).map((e) => [e.type, e.actor]);
    const actor = `api-key:${org.sandboxKey.slice(0, 16)}`;
    expect(trail).toEqual(
      expect.arrayContaining([
        ["mcp.create_request_from_template", actor],
        ["mcp.send_request", actor],
        ["mcp.get_request", actor],
        ["request.sent", actor],
        ["mcp.download_documents", actor],
      ]),
    );
  });

  it("makes a production send wait for a staff member's approval, and answers bad input with the API's codes", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const key = await keyOf(org.orgId, "PRODUCTION");
    const tplId = await signableTemplate(key);
    const agent = await mcpClient(key);
    const draft = (await draftVia(agent, tplId, "Live NDA", { name: "Lia Live", email: "lia@example.com" })) as { id: string };
    const asked = dataOf(await agent.callTool({ name: "send_request", arguments: { id: draft.id } }));
    expect(asked).toMatchObject({ status: "DRAFT", awaitingApproval: true, approval: { state: "PENDING", via: "mcp" } });
    const staff = await staffOf(org.orgId, "ADMIN");
    expect(await decideApproval(staff, draft.id, { decision: "APPROVE" })).toMatchObject({ status: "IN_PROGRESS" });

    const bad = (await agent.callTool({ name: "get_request", arguments: { id: 42 } })) as Result;
    expect(bad).toMatchObject({ isError: true, structuredContent: { errorCode: "VALIDATION_FAILED" } });
    const other = (await agent.callTool({ name: "get_request", arguments: { id: crypto.randomUUID() } })) as Result;
    expect(other.structuredContent).toMatchObject({ errorCode: "REQUEST_NOT_FOUND" });
    const none = (await agent.callTool({ name: "drop_database", arguments: {} })) as Result;
    expect(none.isError).toBe(true);
  });

  it("refuses a call without a valid key, a body that is not JSON, and one too large, over HTTP", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      dispatch(
        new Request("http://localhost:3000/api/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body,
        }),
      );
    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await post({}, init)).status).toBe(401);
    expect((await post({ "x-api-key": "signet_test_nope" }, init)).status).toBe(401);
    const org = await makeOrg();
    const notJson = await post({ "x-api-key": org.sandboxKey }, "{not json");
    expect([notJson.status, ((await notJson.json()) as { errorCode: string }).errorCode]).toEqual([400, "MALFORMED_JSON"]);
    // The body may carry PDFs in base64, up to MAX_UPLOAD_MB (here 0.1 MB: about 400 KB of JSON).
    vi.stubEnv("MAX_UPLOAD_MB", "0.1");
    try {
      const huge = await post({ "x-api-key": org.sandboxKey }, JSON.stringify({ x: "y".repeat(500 * 1024) }));
      expect(huge.status).toBe(413);
    } finally {
      vi.unstubAllEnvs();
    }
    const get = await dispatch(new Request("http://localhost:3000/api/mcp", { headers: { "x-api-key": org.sandboxKey } }));
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
    const llms = await dispatch(new Request("http://localhost:3000/llms.txt"));
    expect(llms.status).toBe(200);
    expect(await llms.text()).toMatch(/\/api\/mcp/);
    expect((await call("GET", "/api/health")).status).toBe(200);
  });
});
