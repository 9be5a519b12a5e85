import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { ops } from "@/lib/schemas/operations";
import type { Operation } from "@/lib/schemas/operation";
import { openApiDocument } from "@/lib/server/http/openapi";

/**
 * The contract every API answer keeps: the one the OpenAPI document (/api/v1/openapi.json) states. test/support/api.ts
 * `call()` checks each answer of an operation in `ops` with `checkResponse`, so a test that gets an undeclared status, a
 * body of another media type or a field the document does not name fails.
 */

/**
 * Routes that are not operations of the document, and so are not checked: the dashboard's proxy (it forwards to the
 * operations, which are checked when called directly) and sign-in, the health and readiness checks, the Prometheus metrics, and the document itself (raw
 * OpenAPI JSON, not an enveloped answer; test/api/openapi-contract.test.ts lints it).
 */
export const UNCHECKED_PREFIXES = [
  "/api/dashboard/",
  "/api/auth/",
  "/api/health",
  "/api/ready",
  "/api/v1/openapi.json",
  "/metrics",
] as const;

type Json = Record<string, unknown>;

export interface ResponseLike {
  status: number;
  /** The Content-Type header, if any. */
  contentType: string | null;
  /** The body as text (JSON) or bytes. */
  body: string | Uint8Array;
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContractViolation";
  }
}

interface Matched {
  name: string;
  op: Operation;
}

const compiledPaths = Object.entries(ops as Record<string, Operation>).map(([name, op]) => {
  const parts = op.path.split("/").filter(Boolean);
  return { name, op, parts, literal: parts.filter((p) => !p.startsWith("{")).length };
});

/** The operation a request names (method and path matched against the operations' OpenAPI paths), or null. */
export function findOperation(method: string, pathname: string): Matched | null {
  const parts = pathname.split("/").filter(Boolean);
  let best: (Matched & { literal: number }) | null = null;
  for (const c of compiledPaths) {
    if (c.op.method !== method.toUpperCase() || c.parts.length !== parts.length) continue;
    if (!c.parts.every((p, i) => p.startsWith("{") || p === parts[i])) continue;
    // A literal segment beats a parameter (…/signature-requests/templates/{templateId}/use over …/{id}/…).
    if (!best || c.literal > best.literal) best = { name: c.name, op: c.op, literal: c.literal };
  }
  return best && { name: best.name, op: best.op };
}

/** Whether calls to this path are outside the contract (not operations of the document). */
export const isUnchecked = (pathname: string) => UNCHECKED_PREFIXES.some((p) => pathname.startsWith(p));

let doc: Json | null = null;
let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

function validator(name: string, op: Operation, status: number, media: string): ValidateFunction {
  const key = `${name} ${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  if (!doc || !ajv) {
    doc = openApiDocument("http://localhost:3000");
    ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
    ajv.addFormat("uri", (s: string) => URL.canParse(s));
    ajv.addFormat("binary", true);
    // The whole document under one id: a response schema's #/components/schemas/… resolve against it.
    ajv.addSchema(doc, "openapi.json");
  }
  const pointer = ["paths", op.path, op.method.toLowerCase(), "responses", String(status), "content", media, "schema"]
    .map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1"))
    .join("/");
  const fn = ajv.compile({ $ref: `openapi.json#/${pointer}` });
  validators.set(key, fn);
  return fn;
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 10)
    .map((e) => `${e.instancePath || "/"} ${e.message ?? ""}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`)
    .join("; ");

/** The declared answers of an operation, by status: the media types of each. */
function declared(op: Operation): Map<number, readonly string[]> {
  const byStatus = new Map<number, readonly string[]>();
  for (const s of [op.success, ...(op.otherSuccesses ?? [])])
    byStatus.set(s.status, typeof s.content === "string" ? [s.content] : (s.content ?? ["application/json"]));
  if (!doc) doc = openApiDocument("http://localhost:3000");
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Json }> }>>;
  const responses = paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
  for (const [status, r] of Object.entries(responses)) {
    if (!byStatus.has(Number(status))) byStatus.set(Number(status), [Object.keys(r.content ?? {})[0] ?? ""]);
  }
  return byStatus;
}

/**
 * Checks one answer of an operation against the document: its status is declared, its media type is the declared one,
 * and a JSON body validates against the declared schema. Throws a ContractViolation naming the operation, the status
 * and what is wrong.
 */
export function checkOperationResponse(name: string, op: Operation, res: ResponseLike): void {
  const where = `${name} (${op.method} ${op.path}) answered ${res.status}`;
  const medias = declared(op).get(res.status);
  if (medias === undefined) {
    const statuses = [...declared(op).keys()].sort((a, b) => a - b).join(", ");
    throw new ContractViolation(`${where}, a status the OpenAPI document does not declare (declared: ${statuses})`);
  }
  const type = (res.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const media = medias.find((m) => m === type);
  if (media === undefined) {
    throw new ContractViolation(
      `${where} with Content-Type ${res.contentType ?? "(none)"}; the document declares ${medias.join(" or ")}`,
    );
  }
  if (media !== "application/json") return;
  const text = typeof res.body === "string" ? res.body : new TextDecoder().decode(res.body);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ContractViolation(`${where} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const validate = validator(name, op, res.status, media);
  if (!validate(value)) {
    throw new ContractViolation(`${where} with a body the document does not describe: ${describeErrors(validate.errors)}`);
  }
}

/** Checks an answer to `method pathname` if it is an operation of the document; other routes are not checked. */
export function checkResponse(method: string, pathname: string, res: ResponseLike): void {
  if (isUnchecked(pathname)) return;
  const found = findOperation(method, pathname);
  if (!found) return;
  checkOperationResponse(found.name, found.op, res);
}
