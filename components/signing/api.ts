import type { z } from "zod";
import type { zSignerGate } from "@/lib/schemas/signing";
import type { FieldError } from "./types";

/** A failed call to the signing API, as the page needs it: the HTTP status and the server's words. */
export interface ApiFailure {
  status: number;
  /**
   * The envelope's `errorCode` (the page words it in the signer's language: api-message.ts), or the
   * page's own: NETWORK_ERROR (no answer), BAD_RESPONSE (an answer that is not the API's).
   */
  code?: string;
  /** The server's words (English): shown as they are only when the page has none of its own. */
  message: string;
  errors?: FieldError[];
  /** What the server added: for a 410, the request's `status` and this recipient's `recipientStatus`. */
  details?: Record<string, unknown>;
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number;
}

/** What the page may show before the signer gave their code (details.authentication of a 401). */
export type SignerGate = z.output<typeof zSignerGate>;

/** The gate of a 401 that asks for the signer's code, or null for any other failure. */
export function gateOf(e: ApiFailure): SignerGate | null {
  if (e.status !== 401 || e.details?.reason !== "AUTHENTICATION_REQUIRED") return null;
  const g = e.details.authentication;
  return g && typeof g === "object" ? (g as SignerGate) : null;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** The signer's endpoints; the token is the link's path segment and goes nowhere else. */
export const signingPath = (token: string, rest = "") => `/api/sign/${encodeURIComponent(token)}${rest}`;

declare global {
  interface Window {
    /** The view's first GET, started by the signing page's HTML (view-prefetch.tsx), for the app to take once. */
    __signetView?: { token: string; response: Promise<Response> };
  }
}

/**
 * The view's GET that the page's HTML already started for this link, taken once: the
 * first call of the app reads its answer instead of asking again. Undefined for any other call.
 */
function startedView(token: string, rest: string, body: unknown, method?: string): Promise<Response> | undefined {
  if (typeof window === "undefined" || rest || body !== undefined || method) return undefined;
  const started = window.__signetView;
  if (started?.token !== token) return undefined;
  delete window.__signetView;
  return started.response;
}

/** `opts.method`: PUT for the saved values (else GET, or POST with a body); `opts.keepalive`: sent even as the page goes away. */
export async function callSigning<T>(
  token: string,
  rest = "",
  body?: unknown,
  opts: { method?: "PUT"; keepalive?: boolean } = {},
): Promise<ApiResult<T>> {
  let res: Response;
  const ask = () =>
    fetch(signingPath(token, rest), {
      method: opts.method ?? (body === undefined ? "GET" : "POST"),
      keepalive: opts.keepalive,
      // A FormData body (a file) is sent as multipart, with the boundary the browser sets.
      headers:
        body === undefined || body instanceof FormData
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      cache: "no-store",
      // same-origin: the signer-session cookie of a link that asks for a code (HttpOnly: never read here).
      credentials: "same-origin",
    });
  try {
    const started = startedView(token, rest, body, opts.method);
    // A started view that did not come (the network dropped) is asked for again.
    res = await (started ? started.catch(ask) : ask());
  } catch {
    return {
      ok: false,
      error: {
        status: 0,
        code: "NETWORK_ERROR",
        message: "The server could not be reached. Check your connection and try again.",
      },
    };
  }
  let parsed: { message?: unknown; errorCode?: unknown; data?: unknown; errors?: unknown; details?: unknown } | null = null;
  try {
    parsed = await res.json();
  } catch {
    // A proxy's HTML error page: fall through to a generic message.
  }
  if (res.ok && parsed) return { ok: true, data: parsed.data as T };
  const message =
    typeof parsed?.message === "string" ? parsed.message : `The server answered ${res.status}. Try again in a moment.`;
  const code =
    typeof parsed?.message !== "string" ? "BAD_RESPONSE" : typeof parsed.errorCode === "string" ? parsed.errorCode : undefined;
  const errors = Array.isArray(parsed?.errors) ? (parsed.errors as FieldError[]) : undefined;
  const details = parsed?.details && typeof parsed.details === "object" ? (parsed.details as Record<string, unknown>) : undefined;
  const retryAfter = Number(res.headers.get("retry-after")) || undefined;
  return { ok: false, error: { status: res.status, code, message, errors, details, retryAfter } };
}

/** The answers after which the page is out of date: the session ended (401) or the request moved on (409, 410). */
export const isStale = (e: ApiFailure) => e.status === 401 || e.status === 409 || e.status === 410;
