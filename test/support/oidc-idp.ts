// A real OpenID provider for the tests (panva's oidc-provider, the certified implementation), started by the
// test itself on a free loopback port. Its people are `accounts` (claims as an enterprise IdP sends them:
// email, email_verified, name, groups, all in the ID token); `signInAs(sub)` says who the next person to
// reach its login step is, and that step passes at once (the provider's own login page is not the subject
// under test). Consent is granted for the client's scopes, as a company IdP does for its own apps.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  signInAs(sub: string): void;
  close(): Promise<void>;
}

const SCOPES = ["openid", "email", "profile", "groups"];

/** `port`: listen there (a provider started again with new redirect URIs keeps its issuer); else a free one. */
export async function startIdp(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
}): Promise<TestIdp> {
  const clientId = opts.clientId ?? "signet-test";
  const clientSecret = opts.clientSecret ?? "a-client-secret-for-tests-only";
  const accounts = new Map<string, IdpAccount>();
  let next: string | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    scopes: SCOPES,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    // The claims in the ID token, as Okta, Entra ID and Keycloak can be told to put them.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => {
      const a = accounts.get(id);
      return a ? { accountId: id, claims: async () => ({ ...a }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope(SCOPES.join(" "));
      await grant.save();
      return grant;
    },
    cookies: { keys: ["a-cookie-key-for-tests-only"] },
  });
  const callback = provider.callback();
  server.on("request", (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return void callback(req, res);
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        if (!next || !accounts.has(next)) {
          res.statusCode = 400;
          res.end("the test chose no account (signInAs)");
          return;
        }
        await provider.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false });
      } catch (e) {
        res.statusCode = 500;
        res.end(String(e));
      }
    })();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (sub) => {
      next = sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
