import "server-only";
import { errField, log } from "../log";
import { clientIp } from "../auth/ip";
import { dashboardApiKey } from "../bootstrap";
import type { StaffIdentity } from "../staff/auth-options";
import { dashboardEnvironment } from "../staff/environment";
import { signStaffIdentity } from "../staff/forwarded-identity";
import { config } from "../config";
import { AppError } from "../errors";
import { errorResponse } from "./route";

/** Request headers the API may use; everything else (cookies above all) stays with the dashboard. */
const REQUEST_HEADERS = ["content-type", "content-length", "accept", "idempotency-key", "user-agent", "if-none-match"];
/** Response headers the browser may see. Not content-length/-encoding: fetch has already decoded the body. */
const RESPONSE_HEADERS = [
  "content-type",
  "content-disposition",
  "etag",
  "retry-after",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "x-document-version",
  "idempotent-replayed",
  "allow",
];

/**
 * Where a dashboard path goes: `api-keys/...` to the key endpoints, everything else under the
 * enterprise API. Segments are re-encoded so that `..` or an encoded slash cannot reach another path.
 */
export function upstreamPath(segments: string[]): string | null {
  if (segments.length === 0) return null;
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.includes("/") || s.includes("\\"))) return null;
  const rest = segments.map(encodeURIComponent);
  if (segments[0] === "api-keys") return `/api/v1/${rest.join("/")}`;
  return `/api/v1/enterprise/${rest.join("/")}`;
}

function apiBase(): string {
  return (process.env.SIGNET_API_URL || `http://127.0.0.1:${config.port}`).replace(/\/$/, "");
}

/**
 * The browser's request, sent on to the API with the server-held key of the environment the staff
 * member works in, and their identity (signed: forwarded-identity.ts) so the API records them, not the
 * proxy; the answer comes back as it is.
 */
export async function forwardToApi(req: Request, segments: string[], staff: StaffIdentity): Promise<Response> {
  const path = upstreamPath(segments);
  if (!path) return errorResponse(new AppError("ENDPOINT_NOT_FOUND", "No such dashboard API path"));
  const url = `${apiBase()}${path}${new URL(req.url).search}`;

  const headers = new Headers();
  for (const h of REQUEST_HEADERS) {
    const v = req.headers.get(h);
    if (v !== null) headers.set(h, v);
  }
  headers.set("x-api-key", await dashboardApiKey(await dashboardEnvironment(staff), staff.orgId));
  const who = await signStaffIdentity({
    id: staff.id,
    name: staff.name,
    email: staff.email,
    ip: clientIp(req.headers, config.trustProxy),
    userAgent: req.headers.get("user-agent"),
  });
  for (const [k, v] of Object.entries(who)) headers.set(k, v);

  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body !== null;
  let upstream: Response;
  try {
    // The upload is streamed through, not buffered here: the API enforces its own size limit.
    upstream = await fetch(url, {
      method: req.method,
      headers,
      body: hasBody ? req.body : undefined,
      redirect: "manual",
      cache: "no-store",
      signal: req.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch (e) {
    if (req.signal.aborted) return errorResponse(new AppError("CLIENT_CLOSED_REQUEST", "The browser closed the request"));
    log().error({ err: errField(e) }, "dashboard proxy: the API did not answer");
    return errorResponse(new AppError("API_UNREACHABLE", "The Signet API could not be reached. Try again in a moment."));
  }

  const out = new Headers({ "cache-control": "no-store" });
  for (const h of RESPONSE_HEADERS) {
    const v = upstream.headers.get(h);
    if (v !== null) out.set(h, v);
  }
  return new Response(upstream.body, { status: upstream.status, headers: out });
}
