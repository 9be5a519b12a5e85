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
}

const current = new AsyncLocalStorage<SignInRequest>();

export function withSignInRequest<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  return current.run({ ip: clientIp(req.headers, config.trustProxy), userAgent: req.headers.get("user-agent") }, fn);
}

export const signInRequest = (): SignInRequest => current.getStore() ?? { ip: null, userAgent: null };
