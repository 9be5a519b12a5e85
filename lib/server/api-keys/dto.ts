import "server-only";
import type { ApiKeyDto } from "@/lib/schemas/api-keys";
import type { apiKeys } from "../db/schema";

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toApiKeyDto(row: typeof apiKeys.$inferSelect): ApiKeyDto {
  return {
    id: row.id,
    keyPrefix: row.keyPrefix,
    name: row.name,
    environment: row.environment as ApiKeyDto["environment"],
    allowedIps: row.allowedIps,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}
