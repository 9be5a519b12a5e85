import "server-only";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { zOidcSettings, type OidcSettings } from "@/lib/schemas/sso";
import { getDb } from "../db";
import { ssoConnections } from "../db/schema";

/**
 * An OIDC connection set by the operator's environment rather than in the dashboard (a deployment that is
 * configured as code): OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE), and
 * optionally OIDC_NAME, OIDC_SCOPES, OIDC_ALLOWED_DOMAINS, OIDC_REQUIRED_GROUPS, OIDC_ADMIN_GROUPS (lists
 * separated by commas), OIDC_GROUPS_CLAIM and OIDC_CREATE_ACCOUNTS (true or false). It belongs to the
 * default organization, is always on while set, and its secret never reaches the database. The dashboard
 * shows it and cannot change it.
 */
export const OPERATOR_CONNECTION_ID = "00000000-0000-4000-8000-0000000001dc";

export interface OperatorOidc {
  name: string;
  settings: OidcSettings;
  clientSecret: string;
}

const listEnv = (env: Record<string, string | undefined>, name: string) =>
  (env[name] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The operator's connection from the environment, null when OIDC_ISSUER is unset; throws a message naming the variable at fault. */
export function operatorOidc(env: Record<string, string | undefined> = process.env): OperatorOidc | null {
  if (!env.OIDC_ISSUER?.trim()) return null;
  const secretFile = env.OIDC_CLIENT_SECRET_FILE?.trim();
  let clientSecret = env.OIDC_CLIENT_SECRET ?? "";
  if (secretFile) {
    if (clientSecret) throw new Error("Both OIDC_CLIENT_SECRET and OIDC_CLIENT_SECRET_FILE are set: set one of them");
    try {
      clientSecret = fs.readFileSync(secretFile, "utf8").trim();
    } catch (e) {
      throw new Error(`OIDC_CLIENT_SECRET_FILE (${secretFile}) cannot be read: ${(e as NodeJS.ErrnoException).code ?? e}`);
    }
  }
  if (!clientSecret) throw new Error("OIDC_ISSUER is set but OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) is not");
  const create = env.OIDC_CREATE_ACCOUNTS?.trim().toLowerCase();
  if (create !== undefined && create !== "" && create !== "true" && create !== "false")
    throw new Error(`OIDC_CREATE_ACCOUNTS must be true or false, got "${env.OIDC_CREATE_ACCOUNTS}"`);
  const parsed = zOidcSettings.safeParse({
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID ?? "",
    ...(env.OIDC_SCOPES?.trim() ? { scopes: env.OIDC_SCOPES.trim() } : {}),
    allowedDomains: listEnv(env, "OIDC_ALLOWED_DOMAINS"),
    ...(env.OIDC_GROUPS_CLAIM?.trim() ? { groupsClaim: env.OIDC_GROUPS_CLAIM.trim() } : {}),
    requiredGroups: listEnv(env, "OIDC_REQUIRED_GROUPS"),
    adminGroups: listEnv(env, "OIDC_ADMIN_GROUPS"),
    createAccounts: create !== "false",
  });
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    const names: Record<string, string> = {
      issuer: "OIDC_ISSUER",
      clientId: "OIDC_CLIENT_ID",
      scopes: "OIDC_SCOPES",
      allowedDomains: "OIDC_ALLOWED_DOMAINS",
      groupsClaim: "OIDC_GROUPS_CLAIM",
      requiredGroups: "OIDC_REQUIRED_GROUPS",
      adminGroups: "OIDC_ADMIN_GROUPS",
    };
    throw new Error(`${names[String(i.path[0])] ?? "OIDC settings"}: ${i.message}`);
  }
  const name = (env.OIDC_NAME ?? "").trim() || "single sign-on";
  return { name: name.slice(0, 60), settings: parsed.data, clientSecret };
}

/**
 * At start: the operator's connection row written (or updated) for the default organization while the
 * environment sets one, and turned off when it no longer does. The row holds no secret.
 */
export async function applyOperatorOidc(orgId: string): Promise<void> {
  const op = operatorOidc();
  const db = await getDb();
  if (!op) {
    await db.update(ssoConnections).set({ enabled: false }).where(eq(ssoConnections.id, OPERATOR_CONNECTION_ID));
    return;
  }
  const values = { name: op.name, enabled: true, settings: op.settings, secretSealed: null, updatedAt: new Date() };
  await db
    .insert(ssoConnections)
    .values({ id: OPERATOR_CONNECTION_ID, orgId, kind: "OIDC", ...values })
    .onConflictDoUpdate({ target: ssoConnections.id, set: values });
}
