import "server-only";
import { currentRequestId, errField, log, requestContext } from "../log";
import crypto from "node:crypto";
import type { ZodType } from "zod";
import type { Operation } from "@/lib/schemas/operation";
import { unknownKeys } from "@/lib/schemas/unknown-keys";
import { authenticateKey, requireScopes, type KeyAuth } from "../auth/authenticate";
import { scopesOf } from "@/lib/schemas/operation-scopes";
import { verifyStaffIdentity } from "../staff/forwarded-identity";
import { clientIp } from "../auth/ip";
import { config } from "../config";
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from "../limits/idempotency";
import { rateHeaders, takeToken } from "../limits/rate-limit";
import { envelope, json, type Ok } from "./envelope";
import { AppError, validationError } from "../errors";
import { faultOf } from "./faults";
import { readBodyLimited } from "./body";
import { refuseMalformedText } from "./text-input";
import { metrics } from "../metrics/registry";
import { requestIdOf } from "@/lib/request-id.mjs";

type RouteCtx = { params: Promise<Record<string, string | string[]>> };
export type Handler = (req: Request, ctx: RouteCtx) => Promise<Response>;

export interface CallContext<P, Q, B> {
  auth: KeyAuth;
  params: P;
  query: Q;
  body: B;
  req: Request;
}

type Infer<T> = T extends ZodType<infer O> ? O : undefined;

/**
 * The one wrapper every API route goes through: key → organization and environment, rate limit,
 * zod for params, query and body (each refused first if a string in it is not text: text-input.ts),
 * Idempotency-Key, and errors mapped by the one code → status table.
 */
export function route<Op extends Operation>(
  op: Op,
  handler: (c: CallContext<Infer<Op["params"]>, Infer<Op["query"]>, Infer<Op["body"]>>) => Promise<Ok<unknown> | Response>,
): Handler {
  return measured(op, async (req, ctx) => {
    let rate: Record<string, string> = {};
    let idem: { keyId: string; key: string } | null = null;
    try {
      let auth = await authenticateKey(
        req.headers.get("x-api-key"),
        clientIp(req.headers, config.trustProxy),
        req.headers.get("user-agent"),
      );
      // A dashboard call: the server's own key, and the staff member the proxy signed for.
      const staff = auth.kind === "SYSTEM" ? await verifyStaffIdentity(req.headers) : null;
      if (staff)
        auth = {
          ...auth,
          staff: { id: staff.id, name: staff.name, email: staff.email },
          ip: staff.ip,
          userAgent: staff.userAgent,
        };
      const decision = await takeToken(auth);
      rate = rateHeaders(decision);
      if (!decision.allowed) {
        throw new AppError(
          "RATE_LIMITED",
          `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
        );
      }
      // What the key may do (counted by the rate limit like any call), before anything of the call is read.
      const needed = scopesOf(op);
      if (needed === undefined) throw new Error(`${op.method} ${op.path} has no scopes in lib/schemas/operation-scopes.ts`);
      requireScopes(auth, needed);

      const params = parse(op.params, await ctx.params, "params");
      const query = parse(op.query, Object.fromEntries(new URL(req.url).searchParams), "query");
      const { value: rawBody, hash } = await readBody(req, op);
      refuseUnknownKeys(op, rawBody);
      const body = parse(op.body, rawBody, "body");

      const idemKey = req.headers.get("idempotency-key");
      if (idemKey !== null && req.method === "POST") {
        const claim = await claimIdempotencyKey(auth.keyId, idemKey, req.method, new URL(req.url).pathname, hash);
        if (claim.kind === "replay") {
          return new Response(claim.body, {
            status: claim.status,
            headers: { "content-type": "application/json; charset=utf-8", "idempotent-replayed": "true", ...rate },
          });
        }
        idem = { keyId: auth.keyId, key: idemKey };
      }

      const result = await handler({ auth, params, query, body, req } as CallContext<
        Infer<Op["params"]>,
        Infer<Op["query"]>,
        Infer<Op["body"]>
      >);
      if (result instanceof Response) {
        for (const [k, v] of Object.entries(rate)) result.headers.set(k, v);
        if (idem) await releaseIdempotencyKey(idem.keyId, idem.key);
        return result;
      }
      const text = JSON.stringify(envelope(result.status, result.message, result.data));
      if (idem) await storeIdempotentResponse(idem.keyId, idem.key, result.status, text);
      return new Response(text, {
        status: result.status,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...rate, ...result.headers },
      });
    } catch (e) {
      const res = errorResponse(e, rate);
      if (idem) {
        if (res.status >= 500) await releaseIdempotencyKey(idem.keyId, idem.key).catch(() => {});
        else await storeIdempotentResponse(idem.keyId, idem.key, res.status, await res.clone().text()).catch(() => {});
      }
      return res;
    }
  });
}

export interface PublicCallContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  ip: string | null;
  userAgent: string | null;
}

/**
 * A route without an API key (the signer's page, scoped by its token): the same parsing, limits,
 * envelope and error mapping, but no key, rate limit or Idempotency-Key.
 */
export function publicRoute<Op extends Operation>(
  op: Op,
  handler: (c: PublicCallContext<Infer<Op["params"]>, Infer<Op["query"]>, Infer<Op["body"]>>) => Promise<Ok<unknown> | Response>,
): Handler {
  return measured(op, async (req, ctx) => {
    try {
      const params = parse(op.params, await ctx.params, "params");
      const query = parse(op.query, Object.fromEntries(new URL(req.url).searchParams), "query");
      const { value: rawBody } = await readBody(req, op);
      refuseUnknownKeys(op, rawBody);
      const body = parse(op.body, rawBody, "body");
      const result = await handler({
        params,
        query,
        body,
        req,
        ip: clientIp(req.headers, config.trustProxy),
        userAgent: req.headers.get("user-agent"),
      } as PublicCallContext<Infer<Op["params"]>, Infer<Op["query"]>, Infer<Op["body"]>>);
      if (result instanceof Response) return result;
      return json(envelope(result.status, result.message, result.data), result.status, result.headers);
    } catch (e) {
      return errorResponse(e);
    }
  });
}

/**
 * Counts and times every answer of an operation for GET /metrics: by the operation's path template (a
 * route, never the raw URL with its ids and tokens), method and status.
 */
function measured(op: Operation, handler: Handler): Handler {
  return async (req, ctx) => {
    // The server script gave every request one (scripts/server.mjs); a call in process gets a new one.
    const requestId = requestIdOf(req.headers.get("x-request-id"));
    return requestContext.run({ requestId }, async () => {
      const t0 = performance.now();
      let res = await handler(req, ctx);
      const ms = performance.now() - t0;
      const m = metrics();
      m.httpRequests.inc({ route: op.path, method: op.method, status: String(res.status) });
      m.httpDuration.observe({ route: op.path, method: op.method }, ms / 1000);
      try {
        res.headers.set("x-request-id", requestId);
      } catch {
        // A response with immutable headers (one fetched from elsewhere): a copy that can take it.
        res = new Response(res.body, res);
        res.headers.set("x-request-id", requestId);
      }
      // The route template, never the URL: ids and signing tokens stay out of the logs.
      log()[res.status >= 500 ? "error" : "info"](
        { method: op.method, route: op.path, status: res.status, ms: Math.round(ms) },
        "request",
      );
      return res;
    });
  };
}

/** Routes that exist but not for this method: the envelope and X-Request-Id name the request like any other error's. */
export function methodNotAllowed(allowed: string[]): Handler {
  return async (req) =>
    withRequestId(req, () =>
      errorResponse(
        new AppError("METHOD_NOT_ALLOWED", `Method not allowed; use ${allowed.join(", ")}`, {
          headers: { allow: allowed.join(", ") },
        }),
      ),
    );
}

/** Answers outside the wrapper (a 405, a path with no endpoint) in the request's context: its id in the envelope and the header. */
export function withRequestId(req: Request, answer: () => Response): Response {
  const requestId = requestIdOf(req.headers.get("x-request-id"));
  const res = requestContext.run({ requestId }, answer);
  res.headers.set("x-request-id", requestId);
  return res;
}

export function errorResponse(e: unknown, extraHeaders: Record<string, string> = {}): Response {
  if (!(e instanceof AppError)) e = faultOf(e) ?? e;
  if (e instanceof AppError) {
    const extra: Record<string, unknown> = { errorCode: e.code };
    if (e.errors) extra.errors = e.errors;
    if (e.details) extra.details = e.details;
    const requestId = currentRequestId();
    if (requestId) extra.requestId = requestId;
    return json(envelope(e.status, e.message, null, extra), e.status, { ...extraHeaders, ...e.headers });
  }
  // The request's id is the reference: the client quotes it, the operator finds this line.
  const id = currentRequestId() ?? crypto.randomUUID();
  log().error({ err: errField(e), reference: id }, "unhandled error");
  return json(
    envelope(500, `Internal server error (reference ${id})`, null, { errorCode: "INTERNAL_ERROR", requestId: id }),
    500,
    extraHeaders,
  );
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: "params" | "query" | "body"): T {
  if (!schema) return undefined as T;
  refuseMalformedText(value, where);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw validationError(r.error, where);
}

/**
 * A JSON body's keys the operation does not know are refused (400 UNKNOWN_PARAMETER naming each), before
 * anything else is said of the body: read without them, the call would do something else than asked.
 */
function refuseUnknownKeys(op: Operation, value: unknown) {
  if (!op.body || op.multipart) return;
  const unknown = unknownKeys(op.body, value).slice(0, 50);
  const [first] = unknown;
  if (first === undefined) return;
  const list = unknown
    .slice(0, 5)
    .map((k) => `"${k}"`)
    .join(", ");
  throw new AppError(
    "UNKNOWN_PARAMETER",
    `Unknown parameter${unknown.length > 1 ? "s" : ""} ${list}${unknown.length > 5 ? ", …" : ""}: this operation does not take ${unknown.length > 1 ? "them" : "it"}`,
    { errors: unknown.map((field) => ({ field, message: `Unknown parameter: ${field}` })), details: { unknown } },
  );
}

async function readBody(req: Request, op: Operation): Promise<{ value: unknown; hash: string }> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (op.multipart) {
    if (!type.startsWith("multipart/form-data")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This endpoint takes multipart/form-data");
    }
    const bytes = await readBodyLimited(req, config.maxUploadBytes);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": req.headers.get("content-type")! } }).formData();
    } catch {
      throw new AppError("MALFORMED_MULTIPART", "Malformed multipart/form-data body");
    }
    const value: Record<string, unknown> = {};
    const canon: string[] = [];
    for (const [part, v] of form.entries()) {
      let name = part;
      if (op.repeatedParts?.includes(part)) {
        const list = [...((value[part] as unknown[] | undefined) ?? []), v];
        value[part] = list;
        // A repeated part's place is part of what was asked (the documents' order).
        name = `${part}[${list.length - 1}]`;
      } else if (part in value) throw new AppError("DUPLICATE_PART", `Part "${part}" is given more than once`);
      else value[part] = v;
      if (typeof v === "string") canon.push(`${name}=s:${v}`);
      else {
        const digest = crypto
          .createHash("sha256")
          .update(new Uint8Array(await v.arrayBuffer()))
          .digest("hex");
        canon.push(`${name}=f:${v.name}:${v.type}:${digest}`);
      }
    }
    // A repeated part given once is one value, as a part that cannot repeat is (the spec's single `file`).
    for (const part of op.repeatedParts ?? []) {
      const list = value[part];
      if (Array.isArray(list) && list.length === 1) value[part] = list[0];
    }
    canon.sort();
    return { value, hash: sha(canon.join("\n")) };
  }
  if (!op.body) return { value: undefined, hash: EMPTY_SHA };
  const bytes = await readBodyLimited(req, config.maxJsonBytes);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { value: op.bodyOptional ? {} : {}, hash: EMPTY_SHA };
  if (type && !type.startsWith("application/json") && !type.includes("+json")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This endpoint takes application/json");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("MALFORMED_JSON", "Malformed JSON body");
  }
  refuseDeepJson(value);
  return { value, hash: sha(stableStringify(value)) };
}

/** How deep a JSON body's objects and arrays may nest: well past any operation's shape. */
const MAX_JSON_DEPTH = 32;

/**
 * 400 JSON_TOO_DEEP for a body nested deeper than MAX_JSON_DEPTH, found without recursion: everything after
 * (the control-character check, unknown keys, zod) walks the body recursively, and a megabyte of `[[[[…`
 * would run them out of stack.
 */
function refuseDeepJson(value: unknown) {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > MAX_JSON_DEPTH) {
      throw new AppError("JSON_TOO_DEEP", `The JSON body nests objects and arrays more than ${MAX_JSON_DEPTH} deep`, {
        details: { limit: MAX_JSON_DEPTH },
      });
    }
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
}

const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const EMPTY_SHA = sha("");

function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
