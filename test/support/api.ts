import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";

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
const routes = discover(path.join(appDir, "api")).map(([segs, file]) => [["api", ...segs], file] as const);

function match(pathname: string): { file: string; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  let best: { file: string; params: Record<string, string | string[]>; score: number } | null = null;
  for (const [pp, file] of routes) {
    const params: Record<string, string | string[]> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pp.length && ok; i++) {
      const seg = pp[i];
      if (seg.startsWith("[...")) {
        if (i >= parts.length) ok = false;
        else params[seg.slice(4, -1)] = parts.slice(i);
        score -= 1000;
        break;
      }
      if (i >= parts.length) ok = false;
      else if (seg.startsWith("[")) params[seg.slice(1, -1)] = parts[i];
      else if (seg === parts[i]) score++;
      else ok = false;
    }
    if (ok && !pp.some((s) => s.startsWith("[...")) && pp.length !== parts.length) ok = false;
    if (ok && (!best || score > best.score)) best = { file, params, score };
  }
  return best;
}

export interface CallOptions {
  key?: string | null;
  json?: unknown;
  /** a raw body, sent as is */
  body?: BodyInit;
  form?: Record<string, string | Blob | { data: Uint8Array; name: string; type?: string }>;
  headers?: Record<string, string>;
  ip?: string;
}

export interface ApiResult<T = any> {
  status: number;
  body: {
    code: number;
    statusText: string;
    message: string;
    data: T;
    errors: { field: string; message: string }[];
    details?: any;
  };
  headers: Headers;
  raw: Response;
}

/** Calls a route handler of the app the way Next.js would, with a real Request. */
export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
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
    for (const [k, v] of Object.entries(opts.form)) {
      if (typeof v === "string" || v instanceof Blob) fd.append(k, v);
      else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? "application/octet-stream" }), v.name);
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
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, headers: res.headers, raw: res };
}

let orgCounter = 0;
/** A fresh organization with its own keys: tests are isolated by organization, not by database. */
export async function makeOrg(opts: { plan?: "FREE" | "ENTERPRISE"; production?: boolean; allowedIps?: string[] } = {}) {
  const db = await getDb();
  const [org] = await db
    .insert(organizations)
    .values({ name: `Test org ${++orgCounter} ${Math.random().toString(36).slice(2, 8)}`, plan: opts.plan ?? "FREE" })
    .returning();
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
