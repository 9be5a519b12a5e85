import { config } from "@/lib/server/config";
import { MCP_TOOLS } from "@/lib/server/mcp/tools";

// GET /llms.txt – for agents and the people who set them up: what Signet is, its main flows, and where the
// OpenAPI document and the MCP server are (https://llmstxt.org).
export function GET() {
  const base = config.publicBaseUrl;
  const text = `# Signet

> Electronic signatures on PDF documents: signature requests with ordered recipients, fields placed by
> coordinates or by text anchors, PDF and DOCX templates, sealed PDFs with a certificate of completion.

Every call takes an API key (X-API-Key); a key's scopes decide what it may do, and a key can be made so that its
production sends wait for a person's approval. Sandbox keys make sandbox data only.

## Main flows

- From a PDF: POST /api/v1/enterprise/signature-requests (multipart "file"), add recipients, add fields (by
  coordinates, or by anchors found in the PDF's text), then POST …/{id}/send.
- From a template: POST /api/v1/enterprise/signature-requests/templates/{templateId}/use, then …/{id}/send.
- Follow: GET /api/v1/enterprise/signature-requests/{id}, or webhooks (Standard Webhooks signatures).

## Machine-readable

- [OpenAPI 3.1 document](${base}/api/v1/openapi.json): every operation, its schemas, errors and scopes.
- [MCP server](${base}/api/mcp): Streamable HTTP, stateless; the key in X-API-Key or Authorization: Bearer.
  Tools: ${MCP_TOOLS.map((t) => t.name).join(", ")}.
  Resources: signet://requests/{id}, signet://requests/{id}/documents/{documentId}, signet://templates/{id}.
`;
  return new Response(text, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

export const dynamic = "force-dynamic";
