import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import type { z, ZodType } from "zod";
import type { ops } from "@/lib/schemas/operations";
import { checkResponse } from "./response-contract";

type Mod = Record<string, (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>>;

// The app's API routes, found on disk the way Next.js finds them, and matched the way it matches them:
// static segments before dynamic ones, catch-alls last.
const appDir = path.resolve(import.meta.dirname, "../../app");
function discover(dir: string, segs: string[] = []): [string[], string][] {
  const out: [string[], string][] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...discover(path.join(dir, e.name), e.name.startsWith("(") ? segs : [...segs, e.name]));
    else if (e.name === "route.ts") out.push([segs, path.join(dir, e.name)]);
  }
  return out;
}
const routes = [
  ...discover(path.join(appDir, "api")).map(([segs, file]) => [["api", ...segs], file] as const),
  // GET /metrics sits beside the API, not under it.
  ...discover(path.join(appDir, "metrics")).map(([segs, file]) => [["metrics", ...segs], file] as const),
  // GET /llms.txt, for agents.
  ...discover(path.join(appDir, "llms.txt")).map(([segs, file]) => [["llms.txt", ...segs], file] as const),
];

function match(pathname: string): { file: string; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  let best: { file: string; params: Record<string, string | string[]>; score: number } | null = null;
  for (const [pp, file] of routes) {
    const params: Record<string, string | string[]> = {};
    let score = 0;
    let ok = true;
    for (const [i, seg] of pp.entries()) {
      const part = parts[i];
      if (seg.startsWith("[...")) {
        if (part === undefined) ok = false;
        else params[seg.slice(4, -1)] = parts.slice(i);
        score -= 1000;
        break;
      }
      if (part === undefined) ok = false;
      else if (seg.startsWith("[")) params[seg.slice(1, -1)] = part;
      else if (seg === part) score++;
      else ok = false;
      if (!ok) break;
    }
    if (ok && !pp.some((s) => s.startsWith("[...")) && pp.length !== parts.length) ok = false;
    if (ok && (!best || score > best.score)) best = { file, params, score };
  }
  return best;
}

/** One part of a multipart body: text, or a file's bytes with its name (and type). */
export type FormPart = string | Blob | { data: Uint8Array; name: string; type?: string };

export interface CallOptions {
  key?: string | null;
  json?: unknown;
  /** a raw body, sent as is */
  body?: BodyInit;
  /** Multipart parts; a list is one part per item, of the same name, in order. */
  form?: Record<string, FormPart | FormPart[]>;
  headers?: Record<string, string>;
  ip?: string;
  /**
   * Skip the contract check of the answer (test/support/response-contract.ts): only for a call that is broken on
   * purpose and whose answer the document cannot describe.
   */
  unchecked?: boolean;
}

/** A JSON value, as JSON.parse gives it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

type Successes<O> = O extends { success: infer S; otherSuccesses?: infer M }
  ? S | (M extends readonly (infer E)[] ? E : never)
  : never;
type DataOf<S> = S extends { data: infer D extends ZodType } ? z.output<D> : never;
/** The `data` of every operation's success, as one union. */
type AnyOperationData = { [K in keyof typeof ops]: DataOf<Successes<(typeof ops)[K]>> }[keyof typeof ops];

type Scalar = string | number | boolean | null | undefined;
type KeysOf<U> = U extends unknown ? keyof U : never;
type ValueAt<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/**
 * A union of shapes read as one: every key any of them has, its value the merge of theirs (null dropped where some
 * shape has a value there). Loose on purpose, and without `any`: what a test reads from an answer it did not type (`r.body.data.id`, `r.body.data.items.map(…)`): one of the operations' answers, and
 * call() has checked it against the operation's schema.
 */
export type Merged<U> =
  // null where another operation has a value: read as the value (the operations that answer null are rare in a test).
  | ([Exclude<U, null | undefined>] extends [never] ? Extract<U, Scalar> : Extract<Exclude<U, null | undefined>, Scalar>)
  | ([Extract<U, readonly unknown[]>] extends [never] ? never : Merged<Extract<U, readonly unknown[]>[number]>[])
  | ([Exclude<U, Scalar | readonly unknown[]>] extends [never]
      ? never
      : { [K in KeysOf<Exclude<U, Scalar | readonly unknown[]>>]: Merged<ValueAt<Exclude<U, Scalar | readonly unknown[]>, K>> });

/** What `data` holds when a test does not say: any operation's answer, merged (see Merged). */
export type AnyData = Merged<AnyOperationData>;

/** The envelope of every JSON answer; `data` is null on an error. */
export interface ApiBody<T> {
  code: number;
  statusText: string;
  message: string;
  data: T;
  /** A validation failure: each field and what is wrong with it (an empty list otherwise). */
  errors: { field: string; message: string }[];
  errorCode?: string;
  details?: Record<string, JsonValue>;
}

/** An answer: `body` is the parsed envelope (null for a body that is not JSON, a PDF say). */
export interface ApiResult<T = AnyData> {
  status: number;
  body: ApiBody<T>;
  headers: Headers;
  raw: Response;
}

/** Calls a route handler of the app the way Next.js would, with a real Request. */
export async function call<T = AnyData>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, "http://localhost:3000");
  const headers = new Headers(opts.headers);
  if (opts.key) headers.set("x-api-key", opts.key);
  process.env.SIGNET_CLIENT_IP_TOKEN ??= "test-token";
  headers.set("x-signet-client-ip", opts.ip ?? "127.0.0.1");
  headers.set("x-signet-client-ip-token", process.env.SIGNET_CLIENT_IP_TOKEN);
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    body = typeof opts.json === "string" ? opts.json : JSON.stringify(opts.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (opts.form) {
    const fd = new FormData();
    for (const [k, parts] of Object.entries(opts.form)) {
      for (const v of Array.isArray(parts) ? parts : [parts]) {
        if (typeof v === "string" || v instanceof Blob) fd.append(k, v);
        else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? "application/octet-stream" }), v.name);
      }
    }
    // Serialise through a Response to get the real multipart bytes and boundary.
    const r = new Response(fd);
    headers.set("content-type", r.headers.get("content-type")!);
    body = new Uint8Array(await r.arrayBuffer());
  }
  const req = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  const m = match(url.pathname);
  if (!m) throw new Error(`No route file matches ${url.pathname}`);
  const mod = (await import(/* @vite-ignore */ m.file)) as Mod;
  const handler = mod[method];
  if (!handler) throw new Error(`${method} is not exported by ${m.file}`);
  const res = await handler(req, { params: Promise.resolve(m.params) });
  const text = await res.clone().text();
  if (!opts.unchecked) {
    checkResponse(method, url.pathname, { status: res.status, contentType: res.headers.get("content-type"), body: text });
  }
  let parsed: ApiBody<T> | null = null;
  try {
    parsed = JSON.parse(text) as ApiBody<T>;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as ApiBody<T>, headers: res.headers, raw: res };
}

/**
 * A Request to the route handler that answers it, routed as call() routes it (with the same client
 * address headers and answer check): the `fetch` of a client that takes one (test/api/openapi-client.test.ts).
 */
export async function dispatch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  process.env.SIGNET_CLIENT_IP_TOKEN ??= "test-token";
  if (!headers.has("x-signet-client-ip")) headers.set("x-signet-client-ip", "127.0.0.1");
  headers.set("x-signet-client-ip-token", process.env.SIGNET_CLIENT_IP_TOKEN);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  const m = match(url.pathname);
  if (!m) throw new Error(`No route file matches ${url.pathname}`);
  const handler = ((await import(/* @vite-ignore */ m.file)) as Mod)[request.method];
  if (!handler) throw new Error(`${request.method} is not exported by ${m.file}`);
  const res = await handler(new Request(url, { method: request.method, headers, body }), { params: Promise.resolve(m.params) });
  const text = await res.clone().text();
  checkResponse(request.method, url.pathname, { status: res.status, contentType: res.headers.get("content-type"), body: text });
  return res;
}

let orgCounter = 0;
/** A fresh organization with its own keys: tests are isolated by organization, not by database. */
export async function makeOrg(opts: { plan?: "FREE" | "ENTERPRISE"; production?: boolean; allowedIps?: string[] } = {}) {
  const db = await getDb();
  const [org] = await db
    .insert(organizations)
    .values({ name: `Test org ${++orgCounter} ${Math.random().toString(36).slice(2, 8)}`, plan: opts.plan ?? "FREE" })
    .returning();
  if (!org) throw new Error("makeOrg: the organization was not inserted");
  const sandbox = await insertApiKey(db, {
    orgId: org.id,
    name: "test sandbox",
    environment: "SANDBOX",
    allowedIps: opts.allowedIps,
  });
  const production = opts.production
    ? await insertApiKey(db, { orgId: org.id, name: "test production", environment: "PRODUCTION" })
    : null;
  return {
    orgId: org.id,
    sandboxKey: sandbox.apiKey,
    sandboxKeyId: sandbox.row.id,
    productionKey: production?.apiKey ?? null,
    setPlan: (plan: string) => db.update(organizations).set({ plan }).where(eq(organizations.id, org.id)),
  };
}
