import "server-only";
import { config } from "../config";
import { errField, log } from "../log";
import { dropAttempt, reserveAttempt, settleAttempt } from "../staff/sign-in-throttle";
import { safeReturnPath } from "../staff/current-staff";
import { mayStartSso } from "./start-limit";
import { acceptSamlResponse, samlConnection, SamlRejected, spMetadataXml, startSamlSignIn } from "./saml";

/**
 * The browser's steps of a SAML sign-in, as the routes under /api/auth/saml/{id}/ answer them: each says where
 * the browser goes next (never a page of its own: a failure returns to the sign-in page with the reason's
 * code), and what cookie it keeps.
 */
export interface BrowserStep {
  location: string;
  cookie?: string;
}

const failedAt = (code = "SSO_FAILED") => `${config.publicBaseUrl}/login?sso=${code}`;
/** At most this much form: a signed response with a few certificates and attributes is a few tens of kilobytes. */
export const SAML_POST_MAX_BYTES = 512 * 1024;

/**
 * "Sign in with …": a connection turned on (or off, when the browser carries an admin's test mark) sends the
 * browser to its identity provider with a new AuthnRequest.
 */
export async function samlLogin(id: string, returnTo: string | null, testing: boolean, ip: string | null): Promise<BrowserStep> {
  if (!(await mayStartSso(ip))) return { location: failedAt("SSO_BUSY") };
  const c = await samlConnection(id);
  if (!c || (!c.enabled && !testing)) return { location: failedAt() };
  const { location, cookie } = await startSamlSignIn(c, safeReturnPath(returnTo));
  return { location, cookie };
}

/**
 * The assertion consumer service (the provider's form post, without the browser's cookies): throttled by client
 * address like a password, checked (saml.ts), and handed to the browser as a one-time code for /login/saml. A
 * refusal is in the auth log with its reason; the browser returns to the sign-in page.
 */
export async function samlPost(id: string, body: Uint8Array, ip: string | null, userAgent: string | null): Promise<BrowserStep> {
  const c = await samlConnection(id);
  if (!c) return { location: failedAt() };
  const form = new URLSearchParams(Buffer.from(body).toString("utf8"));
  const samlResponse = form.get("SAMLResponse");
  const relayState = form.get("RelayState");
  // Keyed by connection and address: a stranger's junk cannot lock a whole connection out.
  const attempt = await reserveAttempt(`saml:${c.id}@${ip ?? "?"}`, ip, userAgent, { method: "SAML", ssoConnectionId: c.id });
  if (attempt.id === undefined) return { location: failedAt("SSO_THROTTLED") };
  try {
    if (!samlResponse || samlResponse.length > SAML_POST_MAX_BYTES) throw new SamlRejected("SAML_INVALID");
    const { code } = await acceptSamlResponse(c, {
      SAMLResponse: samlResponse,
      ...(relayState ? { RelayState: relayState } : {}),
    });
    await dropAttempt(attempt.id);
    const back = new URLSearchParams({ code, callbackUrl: safeReturnPath(relayState) });
    return { location: `${config.publicBaseUrl}/login/saml?${back}` };
  } catch (e) {
    const reason = e instanceof SamlRejected ? e.reason : "SAML_FAILED";
    if (!(e instanceof SamlRejected)) log().error({ sso: c.id, err: errField(e) }, "saml response failed");
    await settleAttempt(attempt.id, "FAILURE", reason);
    log().warn({ sso: c.id, reason }, "saml sign-in refused");
    return { location: failedAt() };
  }
}

/** Signet's service-provider metadata for the connection, or null (no such SAML connection). */
export async function samlMetadata(id: string): Promise<string | null> {
  const c = await samlConnection(id);
  return c ? spMetadataXml(c) : null;
}

/** A refusal at next-auth's callback (the hand-off code), in the auth log like the others. */
export async function recordSamlRefusal(
  connectionId: string | null,
  reason: string,
  ip: string | null,
  userAgent: string | null,
) {
  const attempt = await reserveAttempt(`saml:${connectionId ?? "?"}@${ip ?? "?"}`, ip, userAgent, {
    method: "SAML",
    ...(connectionId ? { ssoConnectionId: connectionId } : {}),
  });
  if (attempt.id !== undefined) await settleAttempt(attempt.id, "FAILURE", reason);
}
