// A real SAML 2.0 identity provider for the tests (samlify, in its IdP role), started by the test itself on a
// free loopback port and signing with a throwaway key and self-signed certificate. It reads Signet's
// service-provider metadata (`setSp`), answers an AuthnRequest sent by HTTP-Redirect at /sso with an
// auto-submitting form to the ACS (SP-initiated), and starts a sign-in at /init?as=subject (IdP-initiated, a
// portal tile). `loginResponse` gives the same signed response to a test that posts it itself; `tweak` edits
// the XML before it is signed (another audience, recipient or issuer, an old IssueInstant), so a test can show
// that each of Signet's checks bites on a response whose signature is good.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as samlifyModule from "samlify";
import { selfSignedCertificate } from "@/lib/pdf/seal/self-signed";

export interface SamlAccount {
  subject: string;
  email: string;
  name: string;
  groups: string[];
}

export interface LoginResponse {
  acs: string;
  SAMLResponse: string;
  RelayState?: string;
}

export interface TestSamlIdp {
  base: string;
  metadataUrl: string;
  metadataXml: string;
  entityId: string;
  accounts: Map<string, SamlAccount>;
  signInAs(subject: string): void;
  /** The last response the IdP's pages sent a browser (to post again: a replay). */
  last(): LoginResponse | null;
  setSp(spMetadataXml: string): void;
  loginResponse(
    subject: string,
    opts?: { inResponseTo?: string | null; relayState?: string; tweak?: (xml: string) => string; issueInstant?: Date },
  ): Promise<LoginResponse>;
  close(): Promise<void>;
}

// samlify is CommonJS: Node's ESM loader (vitest) sees its exports as one default object, a CommonJS loader
// (Playwright's) as the module itself.
const samlify = ((samlifyModule as unknown as { default?: typeof samlifyModule }).default ??
  samlifyModule) as typeof samlifyModule;

// The test IdP reads AuthnRequests without checking them against the schema (samlify asks for a validator).
samlify.setSchemaValidator({ validate: async () => "not checked by the test identity provider" });

const BINDING = {
  redirect: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect",
  post: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST",
};
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END CERTIFICATE-----\n`;

type SamlifyEntity = ReturnType<typeof samlify.ServiceProvider>;

export async function startSamlIdp(): Promise<TestSamlIdp> {
  const { privateKey, der } = selfSignedCertificate("Signet test IdP", 1);
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const accounts = new Map<string, SamlAccount>();
  let next: string | null = null;
  let last: LoginResponse | null = null;
  let spMetadata: string | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: keyPem,
    signingCert: pem(der),
    singleSignOnService: [{ Binding: BINDING.redirect, Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: BINDING.redirect, Location: `${base}/slo` }],
    nameIDFormat: ["urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"],
  });
  const sp = (): SamlifyEntity => {
    if (!spMetadata) throw new Error("the test IdP has no SP metadata (setSp)");
    return samlify.ServiceProvider({ metadata: spMetadata });
  };

  async function loginResponse(
    subject: string,
    opts: { inResponseTo?: string | null; relayState?: string; tweak?: (xml: string) => string; issueInstant?: Date } = {},
  ): Promise<LoginResponse> {
    const a = accounts.get(subject);
    if (!a) throw new Error(`the test IdP has no account ${subject}`);
    const spEntity = sp();
    const acs = spEntity.entityMeta.getAssertionConsumerService("post") as string;
    const now = opts.issueInstant ?? new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const inResponseTo = opts.inResponseTo ?? null;
    const res = await idp.createLoginResponse(
      spEntity,
      (inResponseTo ? { extract: { request: { id: inResponseTo } } } : {}) as never,
      "post",
      {},
      {
        relayState: opts.relayState,
        customTagReplacement: (template: string) => {
          const id = `_${crypto.randomUUID()}`;
          const attr = (name: string, values: string[]) =>
            `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
              .map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`)
              .join("")}</saml:Attribute>`;
          // XML fragments go in as they are (samlify escapes every value it replaces).
          const raw = template
            .replace(
              "{AuthnStatement}",
              `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
            )
            .replace(
              "{AttributeStatement}",
              `<saml:AttributeStatement>${attr("email", [a.email])}${attr("name", [a.name])}${a.groups.length ? attr("groups", a.groups) : ""}</saml:AttributeStatement>`,
            );
          const xml = samlify.SamlLib.replaceTagsByValue(raw, {
            ID: id,
            AssertionID: `_${crypto.randomUUID()}`,
            Destination: acs,
            Audience: spEntity.entityMeta.getEntityID(),
            SubjectRecipient: acs,
            Issuer: entityId,
            IssueInstant: now.toISOString(),
            StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
            ConditionsNotBefore: now.toISOString(),
            ConditionsNotOnOrAfter: later.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
            NameIDFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
            NameID: a.subject,
            // null drops the attribute (an IdP-initiated response answers no request).
            InResponseTo: inResponseTo as unknown as string,
          });
          return { id, context: (opts.tweak ?? ((x: string) => x))(xml) };
        },
      },
    );
    return { acs, SAMLResponse: res.context, ...(opts.relayState ? { RelayState: opts.relayState } : {}) };
  }

  const form = (r: LoginResponse) => {
    last = r;
    const { acs, SAMLResponse, RelayState } = r;
    return (
      `<!doctype html><html lang="en"><title>Test IdP</title><body onload="document.forms[0].submit()"><form method="post" action="${esc(acs)}">` +
      `<input type="hidden" name="SAMLResponse" value="${esc(SAMLResponse)}">` +
      (RelayState ? `<input type="hidden" name="RelayState" value="${esc(RelayState)}">` : "") +
      `<button>Continue</button></form></body></html>`
    );
  };

  server.on("request", (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      try {
        if (url.pathname === "/metadata") {
          res.setHeader("content-type", "application/samlmetadata+xml");
          return res.end(idp.getMetadata());
        }
        if (url.pathname === "/sso") {
          const parsed = (await idp.parseLoginRequest(sp(), "redirect", {
            query: Object.fromEntries(url.searchParams),
          } as never)) as unknown as { extract: { request: { id: string } } };
          if (!next) {
            res.statusCode = 400;
            return res.end("the test chose no account (signInAs)");
          }
          const relayState = url.searchParams.get("RelayState") ?? undefined;
          const r = await loginResponse(next, { inResponseTo: parsed.extract.request.id, relayState });
          res.setHeader("content-type", "text/html");
          return res.end(form(r));
        }
        if (url.pathname === "/init") {
          const r = await loginResponse(url.searchParams.get("as") ?? next ?? "", {
            relayState: url.searchParams.get("RelayState") ?? undefined,
          });
          res.setHeader("content-type", "text/html");
          return res.end(form(r));
        }
        res.statusCode = 404;
        res.end();
      } catch (e) {
        res.statusCode = 500;
        res.end(String(e));
      }
    })();
  });

  return {
    base,
    metadataUrl: `${base}/metadata`,
    metadataXml: idp.getMetadata(),
    entityId,
    accounts,
    signInAs: (s) => {
      next = s;
    },
    last: () => last,
    setSp: (xml) => {
      spMetadata = xml;
    },
    loginResponse,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
