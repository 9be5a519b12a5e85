import "server-only";
import crypto from "node:crypto";
import { z, type ZodType } from "zod";
import { ops } from "@/lib/schemas/operations";
import { errorStatuses, type Operation, type Success } from "@/lib/schemas/operation";
import { statusText } from "./envelope";
import { errorCodes } from "../errors";
import { scopesOf } from "@/lib/schemas/operation-scopes";
import { SCOPE_MEANINGS, SCOPES } from "@/lib/schemas/scopes";

type Json = Record<string, unknown>;

/** The document cannot be made truthfully: an operation without a declared answer, or a $ref that resolves to nothing. */
export class OpenApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OpenApiError";
  }
}

/**
 * The named schemas of the document. zod puts the schemas it must name (a recursive one, say) in a `$defs` of the
 * schema it returns; a `#/$defs/…` reference inside an operation would resolve against the document's root, where
 * there is none. They are moved here, under components/schemas, and the references rewritten to point at them.
 */
class Components {
  readonly schemas: Record<string, Json> = {};

  add(name: string, schema: Json): string {
    const text = JSON.stringify(schema);
    for (let i = 0; ; i++) {
      const key = i === 0 ? name : `${name}${i + 1}`;
      const existing = this.schemas[key];
      if (existing === undefined) {
        this.schemas[key] = schema;
        return key;
      }
      if (JSON.stringify(existing) === text) return key;
    }
  }

  /** A zod schema as JSON Schema, its `$defs` moved to components/schemas. */
  schemaOf(s: ZodType, io: "input" | "output"): Json {
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
    const defs = (out.$defs ?? {}) as Record<string, Json>;
    delete out.$defs;
    // The names first (a def may refer to another), then the defs with their references rewritten. A def zod named
    // itself (__schema0) is named by its content, so that the same schema used by two operations is one component.
    const all = JSON.stringify(defs);
    const names = new Map<string, string>();
    for (const name of Object.keys(defs)) {
      const hash = crypto.createHash("sha256").update(`${name}\n${all}`).digest("hex").slice(0, 10);
      names.set(name, /^__schema\d+$/.test(name) ? `Schema_${hash}` : name);
    }
    const rewrite = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rewrite);
      if (!v || typeof v !== "object") return v;
      const o: Json = {};
      for (const [k, x] of Object.entries(v)) {
        const target = k === "$ref" && typeof x === "string" && x.startsWith("#/$defs/") ? names.get(x.slice(8)) : undefined;
        o[k] = target ? `#/components/schemas/${target}` : rewrite(x);
      }
      return o;
    };
    for (const [name, def] of Object.entries(defs)) {
      const wanted = names.get(name) ?? name;
      const got = this.add(wanted, rewrite(def) as Json);
      if (got !== wanted) names.set(name, got);
    }
    return rewrite(out) as Json;
  }
}

function parameters(op: Operation, components: Components): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!s) continue;
    const js = components.schemaOf(s, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      list.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema });
    }
  }
  return list;
}

const envelopeSchema = (data: Json): Json => ({
  type: "object",
  required: ["code", "statusText", "message", "data"],
  properties: {
    code: { type: "integer" },
    statusText: { type: "string" },
    message: { type: "string" },
    data,
  },
  additionalProperties: false,
});

const errorSchema: Json = {
  type: "object",
  required: ["code", "statusText", "message", "data", "errorCode"],
  properties: {
    code: { type: "integer" },
    statusText: { type: "string" },
    message: { type: "string" },
    data: { type: "null" },
    errorCode: {
      type: "string",
      enum: errorCodes,
      description:
        "The condition's stable machine code: one per condition, never renamed (docs/api.md, \"Error codes\", gives each one's status and meaning)",
    },
    errors: {
      type: "array",
      items: {
        type: "object",
        properties: { field: { type: "string" }, message: { type: "string" } },
        required: ["field", "message"],
      },
    },
    details: { type: "object" },
    requestId: {
      type: "string",
      description:
        "This request's id, also in the X-Request-Id header and on each of the server's log lines for it: quote it when reporting a problem",
    },
  },
};

/** What each tag of the document groups (an operation's `tag`). */
const TAGS: Record<string, string> = {
  "API keys": "The organization's API keys: create (the key is shown once), list, revoke",
  "Signature requests": "A PDF to sign, from DRAFT to COMPLETED: create, read, send, cancel, remind, reseal, the audit trail",
  Documents: "The PDFs of a request, in order: add to a draft, rename, move, remove, download one",
  Recipients: "Who signs, approves, views or gets a copy of a DRAFT, in which order; embedded signing URLs",
  Fields: "Where recipients fill in and sign, by coordinates",
  Anchors: "Fields, images and text placed at text found in the PDF",
  Templates: "PDF and DOCX templates, and drafts made from them",
  "Bulk send": "One request per row of a CSV or JSON list, from a template",
  Webhooks: "Endpoints told of each request's events, signed, with their delivery log",
  Mail: "What Signet mailed, or wrote to its outbox",
  Settings: "The organization's defaults for new requests: expiry and reminders",
  "Signing (public)": "The signer's endpoints, without an API key: the link's token is the credential",
  "Verify (public)": "Whether a PDF was sealed by this service and is unchanged since, without an API key",
};

/** The media types a binary success may have (Success["content"]). */
const binarySchema = { type: "string", format: "binary" };

function successResponse(name: string, s: Success | undefined, components: Components): Json {
  if (s?.data) {
    return {
      description: s.description,
      content: { "application/json": { schema: envelopeSchema(components.schemaOf(s.data, "output")) } },
    };
  }
  if (s?.content) {
    const media: readonly string[] = typeof s.content === "string" ? [s.content] : s.content;
    return { description: s.description, content: Object.fromEntries(media.map((m) => [m, { schema: binarySchema }])) };
  }
  throw new OpenApiError(
    `Operation ${name} declares no success answer: give success.data (a zod schema of the envelope's data) or success.content (a binary media type)`,
  );
}

/** Every `$ref` of the document must resolve inside it. */
function checkReferences(doc: Json): void {
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith("#/")) return undefined;
    let at: unknown = doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      if (!at || typeof at !== "object" || !Object.hasOwn(at, key)) return undefined;
      at = (at as Json)[key];
    }
    return at;
  };
  const walk = (v: unknown, where: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${where}/${i}`));
    if (!v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      if (k === "$ref" && typeof x === "string" && resolve(x) === undefined) {
        throw new OpenApiError(`Dangling $ref ${x} at ${where}`);
      }
      walk(x, `${where}/${k}`);
    }
  };
  walk(doc, "#");
}

/**
 * The OpenAPI 3.1 document, made from the same zod schemas the routes validate with. Every operation declares its
 * answers: its success (JSON data or a binary body), and every error status it or the route wrapper can give.
 * `operations` is for tests; the API's are `ops`.
 */
export function openApiDocument(serverUrl: string, operations: Record<string, Operation> = ops): Json {
  const components = new Components();
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const [name, op] of Object.entries(operations)) {
    tags.add(op.tag);
    const responses: Json = {};
    for (const s of [op.success, ...(op.otherSuccesses ?? [])])
      responses[String(s?.status)] = successResponse(name, s, components);
    for (const status of errorStatuses(op)) {
      responses[String(status)] = {
        description: statusText(status),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    // The scopes the key needs (OpenAPI 3.1 lets an apiKey requirement list them), also said in words.
    const scopes = [...(scopesOf(op) ?? [])];
    const needs = scopes.length ? `Needs the API key scope${scopes.length > 1 ? "s" : ""} ${scopes.join(" and ")}.` : "";
    const description = [op.description, needs].filter(Boolean).join("\n\n");
    const item: Json = {
      operationId: name,
      summary: op.summary,
      ...(description ? { description } : {}),
      tags: [op.tag],
      security: op.public ? [] : [{ ApiKey: scopes }],
      ...(op.public ? {} : { "x-scopes": scopes }),
      parameters: parameters(op, components),
      responses,
    };
    if (op.method === "POST" && !op.public) {
      (item.parameters as Json[]).push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Replays the first response for 24 h; the same key with another body is a 422, and a 409 while the first is still being processed",
        schema: { type: "string", maxLength: 255 },
      });
    }
    if (op.body) {
      item.requestBody = {
        required: !op.bodyOptional,
        content: {
          [op.multipart ? "multipart/form-data" : "application/json"]: { schema: components.schemaOf(op.body, "input") },
        },
      };
    }
    const methods = (paths[op.path] ??= {});
    const method = op.method.toLowerCase();
    if (methods[method]) throw new OpenApiError(`Two operations for ${op.method} ${op.path}`);
    methods[method] = item;
  }
  const doc: Json = {
    openapi: "3.1.0",
    info: {
      title: "Signet API",
      version: "1.0.0",
      description: "Electronic signatures on PDF documents. Every response is an envelope { code, statusText, message, data }.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].map((name) => ({ name, description: TAGS[name] ?? name })),
    components: {
      securitySchemes: {
        ApiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: `An API key. Its scopes decide what it may call (each operation lists the ones it needs; a key made without scopes holds all): ${SCOPES.map((s) => `${s}: ${SCOPE_MEANINGS[s]}`).join("; ")}.`,
        },
      },
      schemas: { Error: errorSchema, ...components.schemas },
    },
    paths,
  };
  checkReferences(doc);
  return doc;
}
