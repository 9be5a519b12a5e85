import { z } from "zod";
import { PASSWORD_SIGN_IN, type PasswordSignIn, type StaffSignInMethod } from "./states";
import { visibleText } from "./text";
import type { StaffRole } from "./staff";

export { PASSWORD_SIGN_IN, type PasswordSignIn };

const oneLine = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .superRefine(visibleText(field));

/** Loopback hosts, where a provider may answer over plain HTTP (a provider on the same machine, a test's). */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The OpenID provider's issuer: an https URL (http on loopback only), no credentials, query or fragment.
 * Its discovery document is read from `<issuer>/.well-known/openid-configuration` and must name it.
 */
export const zIssuer = z
  .string({ error: "issuer is required" })
  .trim()
  .max(500, { error: "issuer must be at most 500 characters" })
  .superRefine((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({ code: "custom", message: "issuer must be a URL, such as https://login.example.com" });
      return;
    }
    if (u.protocol !== "https:" && !(u.protocol === "http:" && LOOPBACK.has(u.hostname)))
      ctx.addIssue({ code: "custom", message: "issuer must be an https URL (http only on this machine's loopback)" });
    if (u.username || u.password || u.search || u.hash)
      ctx.addIssue({ code: "custom", message: "issuer must not carry credentials, a query or a fragment" });
  })
  .transform((s) => s.replace(/\/+$/, ""));

/** An e-mail domain people may come from: "example.com" (lowercase, no "@"). */
const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: "each allowed domain must be a domain name such as example.com",
  });
const zGroup = oneLine("a group", 200);
const list = <T extends z.ZodType>(item: T, field: string) =>
  z
    .array(item)
    .max(50, { error: `${field}: at most 50` })
    .default([]);

/** Who may come in through a connection, and as what: the same rules for OIDC and SAML. */
const ruleFields = {
  /** People may come in only from these e-mail domains (empty: any domain, when requiredGroups says who). */
  allowedDomains: list(zDomain, "allowedDomains"),
  /** People may come in only when in one of these groups (empty: any group). */
  requiredGroups: list(zGroup, "requiredGroups"),
  /** A person made on first sign-in is an ADMIN when in one of these groups, else a MEMBER. */
  adminGroups: list(zGroup, "adminGroups"),
  /** Make a staff account on first sign-in (just in time); off: only people who have one come in. */
  createAccounts: z.boolean().default(true),
};
const saysWhoMayComeIn = {
  error: "Say who may come in: at least one allowed e-mail domain or one required group",
  path: ["allowedDomains"],
};
const whoMayComeIn = (s: { allowedDomains: string[]; requiredGroups: string[] }) =>
  s.allowedDomains.length > 0 || s.requiredGroups.length > 0;

/** What an admin sets on an OIDC connection (the client secret apart: it is write-only). */
export const zOidcSettings = z
  .object({
    issuer: zIssuer,
    clientId: oneLine("clientId", 500),
    /** Space-separated; openid is added when missing. */
    scopes: z
      .string()
      .trim()
      .max(500)
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, {
        error: "scopes must be scope names separated by spaces",
      })
      .default("openid email profile")
      .transform((s) => (s.split(" ").includes("openid") ? s : `openid ${s}`)),
    /** The claim that lists a person's groups (Okta, Keycloak, Entra ID: "groups"). */
    groupsClaim: oneLine("groupsClaim", 100).default("groups"),
    ...ruleFields,
  })
  .strict()
  .refine(whoMayComeIn, saysWhoMayComeIn);
export type OidcSettings = z.output<typeof zOidcSettings>;

/** The rules a sign-in is judged by, whatever the protocol (SAML's groups are read into the claim "groups"). */
export type SsoRules = Pick<OidcSettings, "allowedDomains" | "requiredGroups" | "adminGroups" | "createAccounts" | "groupsClaim">;

/** A connection as an admin saves it: its name, whether it is on, its settings, and a new client secret (kept when left out). */
export const zOidcConnectionInput = z
  .object({
    name: oneLine("name", 60),
    enabled: z.boolean().default(false),
    settings: zOidcSettings,
    clientSecret: z.string().min(1, { error: "clientSecret must not be empty" }).max(2000).optional(),
  })
  .strict();
export type OidcConnectionInput = z.input<typeof zOidcConnectionInput>;

/** An https URL (http on loopback only) an identity provider answers at. */
const zProviderUrl = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(2000, { error: `${field} must be at most 2000 characters` })
    .superRefine((s, ctx) => {
      let u: URL;
      try {
        u = new URL(s);
      } catch {
        ctx.addIssue({ code: "custom", message: `${field} must be a URL` });
        return;
      }
      if (u.protocol !== "https:" && !(u.protocol === "http:" && LOOPBACK.has(u.hostname)))
        ctx.addIssue({ code: "custom", message: `${field} must be an https URL (http only on this machine's loopback)` });
      if (u.username || u.password || u.hash)
        ctx.addIssue({ code: "custom", message: `${field} must not carry credentials or a fragment` });
    });

/** What Signet keeps of a SAML identity provider: read from its metadata, never typed by hand. */
export const zSamlIdp = z
  .object({
    entityId: oneLine("entityId", 1000),
    /** Its single sign-on service (HTTP-Redirect binding). */
    ssoUrl: zProviderUrl("ssoUrl"),
    /** Its signing certificates (base64 DER; several during a key rollover). */
    certificates: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "a certificate must be base64 DER" })
          .max(20_000),
      )
      .min(1, { error: "the identity provider has no signing certificate" })
      .max(5),
    /** Where the metadata was read from (read again when the admin saves without new metadata and asks for it). */
    metadataUrl: zProviderUrl("metadataUrl").nullable().default(null),
  })
  .strict();
export type SamlIdp = z.output<typeof zSamlIdp>;

const samlFields = {
  /** The attribute holding the e-mail address; null: the usual ones (email, mail, the emailaddress claim), else an e-mail NameID. */
  emailAttribute: oneLine("emailAttribute", 300).nullable().default(null),
  /** The attribute holding the display name; null: the usual ones (name, displayName, the name claim). */
  nameAttribute: oneLine("nameAttribute", 300).nullable().default(null),
  /** The attribute listing a person's groups (Okta, Keycloak: "groups"; Entra ID: its groups claim URI). */
  groupsAttribute: oneLine("groupsAttribute", 300).default("groups"),
  /**
   * Accept sign-ins the identity provider starts (a tile in its portal), with no request from Signet. Off by
   * default: such a response cannot be tied to the browser that presents it (a login-CSRF risk).
   */
  allowIdpInitiated: z.boolean().default(false),
  ...ruleFields,
};

/** What an admin sets on a SAML connection, besides the identity provider's metadata. */
export const zSamlOptions = z.object(samlFields).strict().refine(whoMayComeIn, saysWhoMayComeIn);

/** A SAML connection's stored settings: the options and the identity provider. */
export const zSamlSettings = z
  .object({ ...samlFields, idp: zSamlIdp })
  .strict()
  .refine(whoMayComeIn, saysWhoMayComeIn);
export type SamlSettings = z.output<typeof zSamlSettings>;

/** At most 1 MB of metadata (an aggregate of many providers is refused before that). */
export const SAML_METADATA_MAX_BYTES = 1024 * 1024;

/**
 * A SAML connection as an admin saves it: the identity provider's metadata as a URL (read by the server) or as
 * its XML, required when the connection is made; left out on a change, the provider stays as it was read.
 */
export const zSamlConnectionInput = z
  .object({
    name: oneLine("name", 60),
    enabled: z.boolean().default(false),
    settings: zSamlOptions,
    metadataUrl: zProviderUrl("metadataUrl").optional(),
    metadataXml: z
      .string()
      .min(1, { error: "metadataXml must not be empty" })
      .max(SAML_METADATA_MAX_BYTES, { error: "metadataXml must be at most 1 MB" })
      .optional(),
  })
  .strict()
  .refine((c) => !(c.metadataUrl && c.metadataXml), {
    error: "Give the metadata as a URL or as XML, not both",
    path: ["metadataXml"],
  });
export type SamlConnectionInput = z.input<typeof zSamlConnectionInput>;

interface ConnectionDtoBase {
  id: string;
  name: string;
  enabled: boolean;
  /** The viewing admin's last test sign-in through it. */
  lastTest: SsoTestReport | null;
  createdAt: string;
  updatedAt: string;
}

/** An OIDC connection as the settings page shows it: never its secret. */
export interface OidcConnectionDto extends ConnectionDtoBase {
  kind: "OIDC";
  settings: OidcSettings;
  /** A client secret is kept, and opens with this server's settings key. */
  secret: "SET" | "NONE" | "UNREADABLE";
  /** Set by the server's environment (OIDC_*): shown, not changed, in the dashboard. */
  operator: boolean;
  /** Where the provider sends people back: register it with the provider. */
  redirectUri: string;
}

/** A SAML connection as the settings page shows it, with what the admin registers at the identity provider. */
export interface SamlConnectionDto extends ConnectionDtoBase {
  kind: "SAML";
  settings: SamlSettings;
  /** Each signing certificate of the provider: its SHA-256 fingerprint and when it expires. */
  certificates: { fingerprint256: string; notAfter: string }[];
  /** Signet's service-provider metadata (entity ID, assertion consumer service): give this URL to the provider. */
  spMetadataUrl: string;
  spEntityId: string;
  acsUrl: string;
  operator: false;
}

export type SsoConnectionDto = OidcConnectionDto | SamlConnectionDto;

/** A "Sign in with …" button: an OIDC connection starts through next-auth (providerId), a SAML one at its login route (href). */
export type SsoButton = { key: string; name: string } & ({ providerId: string } | { href: string });

/** Why a single sign-on was refused: shown on the sign-in page (auth.login.sso.*), logged with the attempt. */
export const SSO_REFUSALS = [
  "SSO_EMAIL_NOT_VERIFIED",
  "SSO_DOMAIN_NOT_ALLOWED",
  "SSO_GROUP_NOT_ALLOWED",
  "SSO_NO_ACCOUNT",
  "SSO_OTHER_ORGANIZATION",
  "SSO_DEACTIVATED",
  "SSO_THROTTLED",
  "SSO_BUSY",
  "SSO_FAILED",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** What an admin's test sign-in through a connection found: the provider's claims about them, and what Signet would do. */
export interface SsoTestReport {
  at: string;
  claims: { sub: string | null; email: string | null; emailVerified: boolean; name: string | null; groups: string[] };
  result:
    | { outcome: "ALLOWED"; account: "EXISTING" | "NEW"; email: string; role: StaffRole }
    | { outcome: "REFUSED"; code: SsoRefusal };
}

/** A staff session as an admin sees it on the team page, and its owner on the account page. */
export interface StaffSignIn {
  method: StaffSignInMethod;
  connectionName: string | null;
}

export type { StaffRole };
