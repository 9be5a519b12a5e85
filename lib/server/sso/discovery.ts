import "server-only";
import { AppError } from "../errors";
import { fetchBounded, FetchRefused } from "./fetch-bounded";

/** What Signet reads of an OpenID provider's discovery document (OpenID Connect Discovery 1.0, section 3). */
export interface OidcDiscovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  jwksUri: string;
}

/** A discovery document is a few kilobytes; a provider that answers more is refused, as is one that takes longer. */
const MAX_BYTES = 256 * 1024;
const TIMEOUT_MS = 8_000;

const failed = (reason: string) =>
  new AppError("SSO_DISCOVERY_FAILED", `The provider's discovery document could not be used: ${reason}`, { details: { reason } });

const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== "string") return false;
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};

/**
 * Reads `<issuer>/.well-known/openid-configuration`: no redirect followed, at most 256 KB in 8 s, and the
 * document must name the same issuer (section 4.3) and the endpoints a sign-in needs. SSO_DISCOVERY_FAILED
 * with the reason otherwise: the admin sees it when saving, before anyone tries to sign in.
 */
export async function discoverOidc(issuer: string): Promise<OidcDiscovery> {
  let text: string;
  try {
    text = await fetchBounded(`${issuer}/.well-known/openid-configuration`, {
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      accept: "application/json",
    });
  } catch (e) {
    throw e instanceof FetchRefused ? failed(e.reason) : e;
  }
  let doc: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    doc = parsed as Record<string, unknown>;
  } catch {
    throw failed("it is not a JSON object");
  }
  if (doc.issuer !== issuer)
    throw failed(`it names the issuer ${JSON.stringify(String(doc.issuer)).slice(0, 200)}, not ${issuer}`);
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"])
    if (!isHttpUrl(doc[key])) throw failed(`it has no ${key}`);
  return {
    issuer,
    authorizationEndpoint: doc.authorization_endpoint as string,
    tokenEndpoint: doc.token_endpoint as string,
    userinfoEndpoint: isHttpUrl(doc.userinfo_endpoint) ? doc.userinfo_endpoint : null,
    jwksUri: doc.jwks_uri as string,
  };
}
