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
    /** People may come in only from these e-mail domains (empty: any domain, when requiredGroups says who). */
    allowedDomains: list(zDomain, "allowedDomains"),
    /** The claim that lists a person's groups (Okta, Keycloak, Entra ID: "groups"). */
    groupsClaim: oneLine("groupsClaim", 100).default("groups"),
    /** People may come in only when in one of these groups (empty: any group). */
    requiredGroups: list(zGroup, "requiredGroups"),
    /** A person made on first sign-in is an ADMIN when in one of these groups, else a MEMBER. */
    adminGroups: list(zGroup, "adminGroups"),
    /** Make a staff account on first sign-in (just in time); off: only people who have one come in. */
    createAccounts: z.boolean().default(true),
  })
  .strict()
  .refine((s) => s.allowedDomains.length > 0 || s.requiredGroups.length > 0, {
    error: "Say who may come in: at least one allowed e-mail domain or one required group",
    path: ["allowedDomains"],
  });
export type OidcSettings = z.output<typeof zOidcSettings>;

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

/** A connection as the settings page shows it: never its secret. */
export interface SsoConnectionDto {
  id: string;
  kind: "OIDC";
  name: string;
  enabled: boolean;
  settings: OidcSettings;
  /** A client secret is kept, and opens with this server's settings key. */
  secret: "SET" | "NONE" | "UNREADABLE";
  /** Set by the server's environment (OIDC_*): shown, not changed, in the dashboard. */
  operator: boolean;
  /** Where the provider sends people back: register it with the provider. */
  redirectUri: string;
  /** The viewing admin's last test sign-in through it. */
  lastTest: SsoTestReport | null;
  createdAt: string;
  updatedAt: string;
}

/** Why a single sign-on was refused: shown on the sign-in page (auth.login.sso.*), logged with the attempt. */
export const SSO_REFUSALS = [
  "SSO_EMAIL_NOT_VERIFIED",
  "SSO_DOMAIN_NOT_ALLOWED",
  "SSO_GROUP_NOT_ALLOWED",
  "SSO_NO_ACCOUNT",
  "SSO_OTHER_ORGANIZATION",
  "SSO_DEACTIVATED",
  "SSO_THROTTLED",
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
