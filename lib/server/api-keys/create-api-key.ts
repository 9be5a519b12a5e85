import "server-only";
import type { CreateApiKey } from "@/lib/schemas/api-keys";
import type { KeyAuth } from "../auth/authenticate";
import { generateApiKey, hashApiKey, keyPrefixOf, type Environment } from "../auth/keys";
import { getDb, type Queryable } from "../db";
import { apiKeys } from "../db/schema";
import { insertRow } from "../db/rows";
import { AppError } from "../errors";
import { toApiKeyDto } from "./dto";

export const PLAN_REQUIRED = "Enterprise plan required for production API keys";

/** A sandbox key creates sandbox keys; production keys need an ENTERPRISE organization and a production caller. */
export async function createApiKey(auth: KeyAuth, input: CreateApiKey) {
  if (input.environment === "PRODUCTION" && (auth.environment !== "PRODUCTION" || auth.plan !== "ENTERPRISE")) {
    throw new AppError("ENTERPRISE_PLAN_REQUIRED", PLAN_REQUIRED);
  }
  const { row, apiKey } = await insertApiKey(await getDb(), {
    orgId: auth.orgId,
    name: input.name,
    environment: input.environment,
    allowedIps: input.allowedIps ?? [],
    createdByKeyId: auth.keyId,
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
    },
    "the new API key",
  );
  return { row, apiKey };
}
