import "server-only";
import type { ApiKeyDto } from "@/lib/schemas/api-keys";
import type { apiKeys } from "../db/schema";
import { SCOPES } from "@/lib/schemas/scopes";

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toApiKeyDto(row: typeof apiKeys.$inferSelect): ApiKeyDto {
  return {
    id: row.id,
    keyPrefix: row.keyPrefix,
    name: row.name,
    environment: row.environment as ApiKeyDto["environment"],
    allowedIps: row.allowedIps,
    // A key made without scopes holds every one; it is listed with all of them.
    scopes: row.scopes === null ? [...SCOPES] : SCOPES.filter((s) => row.scopes!.includes(s)),
    allScopes: row.scopes === null,
    sendsNeedApproval: row.sendsNeedApproval,
    mcpSendsDirectly: row.mcpSendsDirectly,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}
