import "server-only";
import type { CreateApiKey } from "@/lib/schemas/api-keys";
import { missingScopes, type KeyAuth } from "../auth/authenticate";
import { generateApiKey, hashApiKey, keyPrefixOf, type Environment } from "../auth/keys";
import { getDb, type Queryable } from "../db";
import { apiKeys } from "../db/schema";
import { insertRow } from "../db/rows";
import { AppError } from "../errors";
import { toApiKeyDto } from "./dto";
import { SCOPES, type Scope } from "@/lib/schemas/scopes";

export const PLAN_REQUIRED = "Enterprise plan required for production API keys";

/**
 * A sandbox key creates sandbox keys; production keys need an ENTERPRISE organization and a production caller.
 * A new key gets the scopes asked for (none asked: every scope, as the spec makes keys), never one its maker lacks.
 */
export async function createApiKey(auth: KeyAuth, input: CreateApiKey) {
  if (input.environment === "PRODUCTION" && (auth.environment !== "PRODUCTION" || auth.plan !== "ENTERPRISE")) {
    throw new AppError("ENTERPRISE_PLAN_REQUIRED", PLAN_REQUIRED);
  }
  const scopes = input.scopes ?? null;
  if (auth.scopes !== null) {
    const beyond = missingScopes(auth, scopes ?? SCOPES);
    if (beyond.length)
      throw new AppError(
        "API_KEY_SCOPE_MISSING",
        `A key can give a new key only scopes it holds itself; this key lacks ${beyond.join(", ")}${input.scopes ? "" : " (name the scopes the new key needs)"}`,
        { details: { missing: beyond, needed: beyond, granted: [...auth.scopes] } },
      );
  }
  const { row, apiKey } = await insertApiKey(await getDb(), {
    orgId: auth.orgId,
    name: input.name,
    environment: input.environment,
    allowedIps: input.allowedIps ?? [],
    createdByKeyId: auth.keyId,
    scopes,
    // A key whose sends need approval makes keys whose sends need it too: no way around the person.
    sendsNeedApproval: input.sendsNeedApproval === true || auth.sendsNeedApproval === true,
    // Only a key that may send directly from MCP makes one that may.
    mcpSendsDirectly:
      input.mcpSendsDirectly === true && (auth.mcpSendsDirectly === true || auth.kind === "SYSTEM" || auth.scopes === null),
  });
  return { ...toApiKeyDto(row), apiKey };
}

export async function insertApiKey(
  db: Queryable,
  v: {
    orgId: string;
    name: string;
    environment: Environment;
    allowedIps?: string[];
    createdByKeyId?: string | null;
    kind?: string;
    /** Null or left out: every scope. */
    scopes?: readonly Scope[] | null;
    sendsNeedApproval?: boolean;
    mcpSendsDirectly?: boolean;
  },
  apiKey: string = generateApiKey(v.environment),
) {
  const row = await insertRow(
    db,
    apiKeys,
    {
      orgId: v.orgId,
      name: v.name,
      environment: v.environment,
      keyPrefix: keyPrefixOf(apiKey),
      keyHash: hashApiKey(apiKey),
      allowedIps: v.allowedIps ?? [],
      createdByKeyId: v.createdByKeyId ?? null,
      kind: v.kind ?? "USER",
      scopes: v.scopes ? [...v.scopes] : null,
      sendsNeedApproval: v.sendsNeedApproval ?? false,
      mcpSendsDirectly: v.mcpSendsDirectly ?? false,
    },
    "the new API key",
  );
  return { row, apiKey };
}
