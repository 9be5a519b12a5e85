import "server-only";
import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { TokenSet } from "openid-client";
import { authOptions } from "../staff/auth-options";
import { config } from "../config";
import { errField, log } from "../log";
import { connectionIdOfProvider, liveOidcConnections, providerIdOf, type LiveOidcConnection } from "./connections";
import { signInWithSso, SsoRefused, type Claims } from "./sso-sign-in";
import { recordTestSignIn, TEST_COOKIE } from "./test-sign-in";
import { signInRequest } from "../staff/sign-in-request";
import CredentialsProvider from "next-auth/providers/credentials";
import { redeemSamlCode, SAML_REQUEST_COOKIE, SamlRejected, type SamlConnection } from "./saml";
import { recordSamlRefusal } from "./saml-flow";

/**
 * next-auth's provider for one OIDC connection: the authorization code flow with PKCE, state and nonce, the
 * ID token checked by openid-client (signature by the provider's keys, issuer, audience, expiry, nonce), and
 * the person's claims from the ID token, completed by the userinfo endpoint when the provider has one (the
 * ID token's claims win; openid-client checks that userinfo names the same subject).
 */
function oidcProvider(c: LiveOidcConnection): OAuthConfig<Claims> {
  return {
    id: providerIdOf(c.id),
    name: c.name,
    type: "oauth",
    wellKnown: `${c.settings.issuer}/.well-known/openid-configuration`,
    clientId: c.settings.clientId,
    clientSecret: c.clientSecret,
    authorization: { params: { scope: c.settings.scopes } },
    checks: ["pkce", "state", "nonce"],
    idToken: true,
    httpOptions: { timeout: 8_000 },
    userinfo: {
      async request({ tokens: given, client }) {
        // With idToken, next-auth hands over openid-client's TokenSet (its type says only the parameters).
        const tokens = given as TokenSet;
        const fromIdToken = tokens.claims() as Claims;
        if (!client.issuer.metadata.userinfo_endpoint || !tokens.access_token) return fromIdToken;
        try {
          return { ...((await client.userinfo(tokens)) as Claims), ...fromIdToken };
        } catch (e) {
          log().warn(
            { sso: c.id, err: errField(e) },
            "sso: the userinfo endpoint did not answer; the ID token's claims are used",
          );
          return fromIdToken;
        }
      },
    },
    profile: (claims) => ({
      id: String(claims.sub ?? ""),
      email: typeof claims.email === "string" ? claims.email : null,
      name: typeof claims.name === "string" ? claims.name : null,
    }),
  };
}

/** What the "saml" provider's authorize() hands the signIn callback: the checked person, or why not. */
type SamlCarrier = { id: string; saml: { connection: SamlConnection; claims: Claims } | { refused: string } };

/**
 * The last step of a SAML sign-in, as a next-auth provider: /login/saml posts the one-time code the ACS gave
 * (saml.ts); the code is redeemed here, with the browser's cookies. A refusal is logged and carried to the
 * signIn callback, which sends the browser back to the sign-in page.
 */
const samlProvider = CredentialsProvider({
  id: "saml",
  name: "SAML",
  credentials: { code: {} },
  async authorize(credentials): Promise<SamlCarrier> {
    const { ip, userAgent, cookie } = signInRequest();
    try {
      return { id: "saml", saml: await redeemSamlCode(String(credentials?.code ?? ""), cookie(SAML_REQUEST_COOKIE)) };
    } catch (e) {
      const reason = e instanceof SamlRejected ? e.reason : "SAML_FAILED";
      if (!(e instanceof SamlRejected)) log().error({ err: errField(e) }, "saml hand-off failed");
      await recordSamlRefusal(null, reason, ip, userAgent);
      return { id: "saml", saml: { refused: reason } };
    }
  },
});

/**
 * The options for next-auth's own routes (/api/auth/*): the staff options (password sign-in, the session
 * cookie) with a provider for each OIDC connection turned on, read at each request so that a connection an
 * admin turns on or off is seen by every instance at once. A provider's sign-in ends in signIn below: the
 * person becomes a staff identity (the jwt callback keeps it in the cookie), or is sent back to the sign-in
 * page with the refusal's code.
 *
 * next-auth builds its redirect URI from NEXTAUTH_URL; Signet's is PUBLIC_BASE_URL's, never a Host header.
 */
export async function signInRouteOptions(): Promise<NextAuthOptions> {
  process.env.NEXTAUTH_URL = `${config.publicBaseUrl}/api/auth`;
  const base = await authOptions();
  // Those turned off too when the browser carries a test mark: an admin may test one before turning it on.
  // Anyone else's /api/auth/providers lists only the connections that are on (the signIn callback still checks
  // the mark itself: its presence only widens the list).
  const connections = await liveOidcConnections({ includeOff: signInRequest().cookie(TEST_COOKIE) !== null });
  return {
    ...base,
    providers: [...base.providers, samlProvider, ...connections.map(oidcProvider)],
    callbacks: {
      ...base.callbacks,
      async signIn({ user, account, profile }) {
        if (account?.provider === "saml") return finishSaml(user as unknown as SamlCarrier);
        const connectionId = account ? connectionIdOfProvider(account.provider) : null;
        if (!connectionId) return true; // the password provider decided in authorize()
        const connection = connections.find((c) => c.id === connectionId);
        if (!connection || !profile) return "/login?sso=SSO_FAILED";
        try {
          if (await recordTestSignIn(connection, profile as Claims, signInRequest().cookie(TEST_COOKIE)))
            return `/settings/sign-in?tested=${connection.id}`;
          if (!connection.enabled) return "/login?sso=SSO_FAILED";
          // The identity replaces the provider's user: the jwt callback (auth-options.ts) reads it.
          Object.assign(user, await signInWithSso(connection, profile as Claims, "OIDC"));
          return true;
        } catch (e) {
          if (!(e instanceof SsoRefused)) log().error({ sso: connectionId, err: errField(e) }, "sso sign-in failed");
          return `/login?sso=${e instanceof SsoRefused ? e.code : "SSO_FAILED"}`;
        }
      },
    },
  };
}

/** The signIn callback for a SAML sign-in: a test, or the person's session (the identity replaces the carrier). */
async function finishSaml(carrier: SamlCarrier): Promise<true | string> {
  if (!carrier.saml || "refused" in carrier.saml) return "/login?sso=SSO_FAILED";
  const { connection, claims } = carrier.saml;
  try {
    if (await recordTestSignIn(connection, claims, signInRequest().cookie(TEST_COOKIE)))
      return `/settings/sign-in?tested=${connection.id}`;
    if (!connection.enabled) return "/login?sso=SSO_FAILED";
    const identity = await signInWithSso(connection, claims, "SAML");
    delete (carrier as Partial<SamlCarrier>).saml;
    Object.assign(carrier, identity);
    return true;
  } catch (e) {
    if (!(e instanceof SsoRefused)) log().error({ sso: connection.id, err: errField(e) }, "saml sign-in failed");
    return `/login?sso=${e instanceof SsoRefused ? e.code : "SSO_FAILED"}`;
  }
}
