// TypeScript types of the API, generated from its OpenAPI document with openapi-typescript, for a
// typed client (openapi-fetch): lib/sdk/schema.d.ts, the SDK's, committed. Regenerate it after
// changing an operation or a schema in lib/schemas (test/system/openapi-client.test.ts fails until then):
//
//   node --conditions=react-server --import tsx scripts/openapi-types.ts
//
// The document is made in process by lib/server/http/openapi.ts (no server needed); react-server is the
// condition under which its "server-only" import is the empty module, as in the Next.js server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { format, resolveConfig } from "prettier";

export const SCHEMA_FILE = fileURLToPath(new URL("../lib/sdk/schema.d.ts", import.meta.url));
export const REGENERATE_COMMAND = "node --conditions=react-server --import tsx scripts/openapi-types.ts";

const HEADER = `// Generated from the OpenAPI document (/api/v1/openapi.json) by scripts/openapi-types.ts: do not edit.
// Regenerate with: ${REGENERATE_COMMAND}
`;

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));

/**
 * The text of schema.d.ts for an OpenAPI document, formatted as the repository formats TypeScript.
 * A binary string (a multipart file part, a PDF answer) is typed Blob, what FormData and
 * openapi-fetch's parseAs "blob" hold.
 */
export async function openApiTypes(document: Record<string, unknown>): Promise<string> {
  const nodes = await openapiTS(document as unknown as OpenAPI3, {
    silent: true,
    transform: (schema) => (schema.type === "string" && schema.format === "binary" ? BLOB : undefined),
  });
  const text = HEADER + "\n" + astToString(nodes);
  const options = (await resolveConfig(SCHEMA_FILE)) ?? {};
  return format(text, { ...options, filepath: SCHEMA_FILE });
}

async function main() {
  const { openApiDocument } = await import("@/lib/server/http/openapi");
  const text = await openApiTypes(openApiDocument("http://localhost:3000"));
  fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
  fs.writeFileSync(SCHEMA_FILE, text);
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)} (${text.length} characters)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
