import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { clientIp } from "../auth/ip";
import { config } from "../config";

/**
 * The browser request next-auth is answering (app/api/auth/[...nextauth]/route.ts runs it inside): its
 * client address and user agent, for the session row and the auth log of a single sign-on, whose callbacks
 * next-auth calls without the request.
 */
export interface SignInRequest {
  ip: string | null;
  userAgent: string | null;
  /** A cookie of the request by name (the admin's "test sign-in" mark, lib/server/sso/test-sign-in.ts). */
  cookie(name: string): string | null;
}

function cookiesOf(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) out.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return out;
}

const current = new AsyncLocalStorage<SignInRequest>();

export function withSignInRequest<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  const cookies = cookiesOf(req.headers.get("cookie"));
  return current.run(
    {
      ip: clientIp(req.headers, config.trustProxy),
      userAgent: req.headers.get("user-agent"),
      cookie: (name) => cookies.get(name) ?? null,
    },
    fn,
  );
}

export const signInRequest = (): SignInRequest => current.getStore() ?? { ip: null, userAgent: null, cookie: () => null };
