// An agent drives Signet through the MCP server from a PDF to a sealed request, with the SDK's own Client: a
// draft from a PDF in base64, a recipient, the anchors previewed, fields placed by them, the send; the signer
// signs through the signing API; the agent downloads the sealed PDF (pdfsig says valid) and reads the request
// as a resource. Every call is in the key's trail (GET /api-keys/{id}/mcp-calls), refusals too; bad input
// and another organization's ids are refused with the API's codes and change nothing.
import { describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { dataOf, keyOf, mcpClient, type ToolResult } from "../support/mcp";
import { pdfsig } from "../support/seal-fixtures";
import { simplePdfText } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("an agent through MCP", () => {
  it("drafts from a PDF, places fields by anchors, sends, and downloads the sealed PDF once signed", async () => {
    const org = await makeOrg();
    const agent = await mcpClient(org.sandboxKey);
    const pdf = await simplePdfText("Agreement. Signature: SIGN_HERE");
    const draft = dataOf(
      await agent.callTool({
        name: "create_request_from_pdf",
        arguments: { title: "Agent-made agreement", documents: [{ name: "agreement.pdf", contentBase64: b64(pdf) }] },
      }),
    ) as { id: string; status: string; documents: { id: string }[] };
    expect(draft).toMatchObject({ status: "DRAFT", documents: [expect.any(Object)] });

    const signer = dataOf(
      await agent.callTool({
        name: "add_recipient",
        arguments: { id: draft.id, recipient: { name: "Sam Signer", email: "sam.mcp@example.com", order: 1 } },
      }),
    ) as { id: string };
    const preview = dataOf(
      await agent.callTool({ name: "preview_anchors", arguments: { id: draft.id, anchors: [{ anchorKey: "SIGN_HERE" }] } }),
    );
    expect(JSON.stringify(preview)).toMatch(/SIGN_HERE/);
    const placed = dataOf(
      await agent.callTool({
        name: "place_fields_by_anchors",
        arguments: {
          id: draft.id,
          placement: {
            fields: [{ anchorKey: "SIGN_HERE", type: "SIGNATURE", recipientId: signer.id, yOffset: -10, width: 160, height: 40 }],
          },
        },
      }),
    ) as { fields: unknown[] };
    expect(placed.fields).toHaveLength(1);
    const sent = dataOf(await agent.callTool({ name: "send_request", arguments: { id: draft.id } }));
    expect(sent).toMatchObject({ status: "IN_PROGRESS" });

    // The signer signs through the signing API; the seal job runs.
    await runDueJobs();
    const token = await tokenOf(signer.id);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Sam Signer" }));
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs();

    const done = dataOf(await agent.callTool({ name: "get_request", arguments: { id: draft.id } }));
    expect(done).toMatchObject({ status: "COMPLETED" });
    const download = (await agent.callTool({ name: "download_documents", arguments: { id: draft.id } })) as ToolResult;
    expect(download.isError).toBeFalsy();
    expect(download.structuredContent).toMatchObject({
      data: { sealed: true, documents: [{ name: expect.stringMatching(/\.pdf$/) }] },
    });
    const blob = download.content?.find((c) => c.type === "resource")?.resource;
    expect(blob).toMatchObject({
      uri: `signet://requests/${draft.id}/documents/${draft.documents[0]!.id}`,
      mimeType: "application/pdf",
    });
    const sealed = Buffer.from(blob!.blob!, "base64");
    expect(await pdfsig(sealed)).toMatch(/Signature Validation: Signature is Valid/);

    // The same request and document as resources.
    const templates = await agent.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toContain("signet://requests/{id}");
    const asResource = await agent.readResource({ uri: `signet://requests/${draft.id}` });
    expect(JSON.parse((asResource.contents[0] as { text: string }).text)).toMatchObject({ id: draft.id, status: "COMPLETED" });
    const doc = await agent.readResource({ uri: blob!.uri });
    expect(Buffer.from((doc.contents[0] as { blob: string }).blob, "base64").equals(sealed)).toBe(true);

    // The key's trail lists every call, in order, each naming the request.
    const keys = (await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).body.data.items as {
      id: string;
      keyPrefix: string;
    }[];
    const keyId = keys.find((k) => org.sandboxKey.startsWith(k.keyPrefix))!.id;
    const trail = await call("GET", `/api/v1/api-keys/${keyId}/mcp-calls`, { key: org.sandboxKey });
    expect(trail.status).toBe(200);
    const calls = (trail.body.data.items as { tool: string; requestId: string | null; outcome: string }[]).reverse();
    expect(calls.map((c) => c.tool)).toEqual([
      "create_request_from_pdf",
      "add_recipient",
      "preview_anchors",
      "place_fields_by_anchors",
      "send_request",
      "get_request",
      "download_documents",
      "resources/read",
      "resources/read",
    ]);
    expect(calls.every((c) => c.requestId === draft.id && c.outcome === "OK")).toBe(true);
    const audit = (await call("GET", `/api/v1/enterprise/signature-requests/${draft.id}/audit`, { key: org.sandboxKey })).body
      .data.items as { type: string }[];
    expect(audit.map((e) => e.type)).toEqual(
      expect.arrayContaining(["mcp.create_request_from_pdf", "mcp.place_fields_by_anchors", "mcp.download_documents"]),
    );
  });

  it("refuses bad PDFs, other organizations' ids and unknown URIs with the API's codes, and keeps the refusals in the trail", async () => {
    const org = await makeOrg();
    const other = await makeOrg();
    const agent = await mcpClient(org.sandboxKey);
    const refused = async (name: string, args: Record<string, unknown>) =>
      ((await agent.callTool({ name, arguments: args })) as ToolResult).structuredContent as { errorCode: string };

    expect(
      await refused("create_request_from_pdf", { title: "x", documents: [{ name: "a.pdf", contentBase64: "%%%not base64" }] }),
    ).toMatchObject({
      errorCode: "VALIDATION_FAILED",
    });
    expect(
      await refused("create_request_from_pdf", {
        title: "x",
        documents: [{ name: "a.pdf", contentBase64: b64(new TextEncoder().encode("hello")) }],
      }),
    ).toMatchObject({
      errorCode: "NOT_A_PDF",
    });
    expect(await refused("create_request_from_pdf", { title: "x", documents: [] })).toMatchObject({
      errorCode: "VALIDATION_FAILED",
    });
    const before = (await call("GET", "/api/v1/enterprise/signature-requests", { key: org.sandboxKey })).body.data.items.length;
    expect(before).toBe(0);

    // Another organization's request: not found, by every tool and as a resource.
    const theirs = dataOf(
      await (
        await mcpClient(other.sandboxKey)
      ).callTool({
        name: "create_request_from_pdf",
        arguments: {
          title: "Theirs",
          documents: [{ name: "t.pdf", contentBase64: b64(await simplePdfText("Theirs SIGN_HERE")) }],
        },
      }),
    ) as { id: string; documents: { id: string }[] };
    for (const [name, args] of [
      ["add_recipient", { id: theirs.id, recipient: { name: "Eve", email: "eve@example.com" } }],
      ["preview_anchors", { id: theirs.id }],
      ["place_fields_by_anchors", { id: theirs.id, placement: { recipientId: crypto.randomUUID() } }],
      ["download_documents", { id: theirs.id }],
    ] as const)
      expect(await refused(name, args)).toMatchObject({ errorCode: "REQUEST_NOT_FOUND" });
    await expect(agent.readResource({ uri: `signet://requests/${theirs.id}` })).rejects.toThrow(/REQUEST_NOT_FOUND/);
    await expect(
      agent.readResource({ uri: `signet://requests/${theirs.id}/documents/${theirs.documents[0]!.id}` }),
    ).rejects.toThrow(/REQUEST_NOT_FOUND/);
    await expect(agent.readResource({ uri: "file:///etc/passwd" })).rejects.toThrow(/VALIDATION_FAILED/);
    await expect(agent.readResource({ uri: "signet://requests/../../etc" })).rejects.toThrow(
      /VALIDATION_FAILED|REQUEST_NOT_FOUND/,
    );
    const still = await call("GET", `/api/v1/enterprise/signature-requests/${theirs.id}`, { key: other.sandboxKey });
    expect(still.body.data.recipients).toHaveLength(0);

    // The refusals are in this key's trail; the other organization cannot read it.
    const keys = (await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).body.data.items as {
      id: string;
      keyPrefix: string;
    }[];
    const keyId = keys.find((k) => org.sandboxKey.startsWith(k.keyPrefix))!.id;
    const trail = (await call("GET", `/api/v1/api-keys/${keyId}/mcp-calls?limit=200`, { key: org.sandboxKey })).body.data
      .items as {
      tool: string;
      errorCode: string | null;
    }[];
    expect(
      trail
        .filter((c) => c.errorCode === "REQUEST_NOT_FOUND")
        .map((c) => c.tool)
        .sort(),
    ).toEqual(
      [
        "add_recipient",
        "download_documents",
        "place_fields_by_anchors",
        "preview_anchors",
        "resources/read",
        "resources/read",
      ].sort(),
    );
    expect(trail.some((c) => c.errorCode === "NOT_A_PDF")).toBe(true);
    expect(trail.filter((c) => c.tool === "resources/read").map((c) => c.errorCode)).toEqual(
      expect.arrayContaining(["REQUEST_NOT_FOUND", "VALIDATION_FAILED"]),
    );
    expect((await call("GET", `/api/v1/api-keys/${keyId}/mcp-calls`, { key: other.sandboxKey })).status).toBe(404);
    expect((await call("GET", `/api/v1/api-keys/${keyId}/mcp-calls?limit=9999`, { key: org.sandboxKey })).status).toBe(400);
    const reader = await keyOf(org.orgId, "SANDBOX", ["requests:read"]);
    expect((await call("GET", `/api/v1/api-keys/${keyId}/mcp-calls`, { key: reader })).status).toBe(403);
    // A key that reads requests only is offered their resources, not templates', and refused a template by URI.
    const narrow = await mcpClient(reader);
    expect((await narrow.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "signet://requests/{id}",
      "signet://requests/{id}/documents/{documentId}",
    ]);
    await expect(narrow.readResource({ uri: `signet://templates/${crypto.randomUUID()}` })).rejects.toThrow(
      /API_KEY_SCOPE_MISSING/,
    );
  });
});
