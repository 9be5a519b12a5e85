import "server-only";
import { config } from "../config";
import { takeNamedToken } from "../limits/rate-limit";

/**
 * Starting a single sign-on costs Signet more than a page view: a SAML start stores an AuthnRequest, an OIDC
 * start makes next-auth read the provider's discovery document and set its state cookies. A person clicks
 * "Sign in with …" a few times at most; one client address may start this many a minute, OIDC and SAML
 * together. Per address only: a stranger cannot use up a connection for everyone.
 */
export const SSO_STARTS_PER_MINUTE = 20;

/** Takes one start from the address's bucket; false when it is empty. */
export async function mayStartSso(ip: string | null): Promise<boolean> {
  const d = await takeNamedToken(`sso-start-ip:${ip ?? "unknown"}`, SSO_STARTS_PER_MINUTE);
  return d.allowed;
}

/**
 * next-auth's start of an OIDC sign-in (POST /api/auth/signin/sso-…), refused when the address has started too
 * many: the sign-in page again with the reason. next-auth's client posts `json=true` and follows the `url` it
 * is given; a plain form post is redirected. Null: go on.
 */
export async function busySsoStart(req: Request, segments: string[], ip: string | null): Promise<Response | null> {
  if (req.method !== "POST" || segments.length !== 2 || segments[0] !== "signin" || !segments[1]!.startsWith("sso-")) return null;
  if (await mayStartSso(ip)) return null;
  const url = `${config.publicBaseUrl}/login?sso=SSO_BUSY`;
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  if (form?.get("json") === "true") return Response.json({ url }, { headers: { "cache-control": "no-store" } });
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
}
