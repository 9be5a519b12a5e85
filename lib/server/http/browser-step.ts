import "server-only";
import { clientIp } from "../auth/ip";
import { config } from "../config";

/**
 * A step of a browser's sign-in round trip (SAML): 303 to where it goes next, never cached, no Referer sent on
 * (the next address may carry a one-time code), and the cookie it keeps, when there is one (HttpOnly, SameSite
 * Lax, sent only to /api/auth, for the 10 minutes a person may take at the identity provider).
 */
export function browserStep(step: { location: string; cookie?: string }, cookieName?: string): Response {
  const headers = new Headers({
    location: step.location,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
  });
  if (step.cookie && cookieName) {
    const secure = config.publicBaseUrl.startsWith("https://") ? "; Secure" : "";
    headers.append("set-cookie", `${cookieName}=${step.cookie}; Path=/api/auth; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
  }
  return new Response(null, { status: 303, headers });
}

/** The request's client address (as the server trusts proxies) and user agent, for the auth log. */
export function clientOf(req: Request): { ip: string | null; userAgent: string | null } {
  return { ip: clientIp(req.headers, config.trustProxy), userAgent: req.headers.get("user-agent") };
}
