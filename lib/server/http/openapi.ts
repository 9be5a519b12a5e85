import "server-only";
import { z, type ZodType } from "zod";
import { ops } from "@/lib/schemas/operations";
import type { Operation } from "@/lib/schemas/operation";
import { statusText } from "./envelope";

type Json = Record<string, unknown>;

function schemaOf(s: ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(s, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === "custom") Object.assign(ctx.jsonSchema, { type: "string", format: "binary" });
    },
  }) as Json;
  delete out.$schema;
  return out;
}

function parameters(op: Operation): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!s) continue;
    const js = schemaOf(s, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      list.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema });
    }
  }
  return list;
}

const envelopeSchema = (data: Json | null): Json => ({
  type: "object",
  required: ["code", "statusText", "message", "data"],
  properties: {
    code: { type: "integer" },
    statusText: { type: "string" },
    message: { type: "string" },
    data: data ?? { type: "null" },
  },
});

const errorSchema: Json = {
  type: "object",
  required: ["code", "statusText", "message", "data"],
  properties: {
    code: { type: "integer" },
    statusText: { type: "string" },
    message: { type: "string" },
    data: { type: "null" },
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: { field: { type: "string" }, message: { type: "string" } },
        required: ["field", "message"],
      },
    },
    details: { type: "object" },
  },
};

/** The OpenAPI 3.1 document, made from the same zod schemas the routes validate with. */
export function openApiDocument(serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, op] of Object.entries(ops) as [string, Operation][]) {
    const item: Json = {
      operationId: name,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: op.public ? [] : [{ ApiKey: [] }],
      parameters: parameters(op),
      responses: {
        [op.success.status]: op.success.data
          ? {
              description: op.success.description,
              content: { "application/json": { schema: envelopeSchema(schemaOf(op.success.data, "output")) } },
            }
          : {
              description: op.success.description,
              content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
            },
        ...Object.fromEntries(
          op.errors.map((s) => [
            s,
            { description: statusText(s), content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          ]),
        ),
      },
    };
    if (op.method === "POST" && !op.public) {
      (item.parameters as Json[]).push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "Replays the first response for 24 h; the same key with another body is a 422",
        schema: { type: "string", maxLength: 255 },
      });
    }
    if (op.body) {
      item.requestBody = {
        required: !op.bodyOptional,
        content: { [op.multipart ? "multipart/form-data" : "application/json"]: { schema: schemaOf(op.body, "input") } },
      };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Signet API",
      version: "1.0.0",
      description: "Electronic signatures on PDF documents. Every response is an envelope { code, statusText, message, data }.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}
