import { z } from "zod";
import ipaddr from "ipaddr.js";
import { zEnvironment } from "./common";
import { SCOPES, zScopes } from "./scopes";

const NAME_LENGTH = "Name must be between 1 and 200 characters";

function isIpRule(rule: string): boolean {
  if (rule.includes("/")) {
    try {
      ipaddr.parseCIDR(rule);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(rule);
}

export const zCreateApiKey = z.object({
  name: z.string({ error: NAME_LENGTH }).min(1, { error: NAME_LENGTH }).max(200, { error: NAME_LENGTH }),
  environment: zEnvironment,
  allowedIps: z
    .array(z.string().max(64).refine(isIpRule, { error: "Each allowedIps entry must be an IP address or a CIDR range" }))
    .max(100)
    .optional(),
  /** What the key may do (lib/schemas/scopes.ts). Left out: every scope, as keys have always had. */
  scopes: zScopes.optional(),
  /** Its production sends wait for a staff member's approval (sandbox sends never wait). */
  sendsNeedApproval: z.boolean({ error: "sendsNeedApproval is true or false" }).optional(),
  /** Its production sends through the MCP server go out without waiting for approval (by default they wait). */
  mcpSendsDirectly: z.boolean({ error: "mcpSendsDirectly is true or false" }).optional(),
});
export type CreateApiKey = z.infer<typeof zCreateApiKey>;

export const zApiKey = z.object({
  id: z.uuid(),
  keyPrefix: z.string(),
  name: z.string(),
  environment: zEnvironment,
  allowedIps: z.array(z.string()),
  /** What the key may do; a key made without scopes lists every one (and `allScopes` is true). */
  scopes: z.array(z.enum(SCOPES)),
  /** Made without scopes (or before scopes existed): it holds every scope, also those a later version adds. */
  allScopes: z.boolean(),
  /** Its production sends wait for a staff member's approval. */
  sendsNeedApproval: z.boolean(),
  /** Its production sends through the MCP server go out without waiting for approval. */
  mcpSendsDirectly: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof zApiKey>;

export const zCreatedApiKey = zApiKey.extend({ apiKey: z.string() });

/** One call an agent made with a key through the MCP server (GET /api/v1/api-keys/{id}/mcp-calls). */
export const zMcpCall = z.object({
  id: z.uuid(),
  tool: z.string(),
  /** The signature request the call named or made, if any. */
  requestId: z.string().nullable(),
  outcome: z.enum(["OK", "REFUSED"]),
  /** The API error code a refused call got. */
  errorCode: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const zMcpCallsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 200" })
    .int({ error: "limit must be a whole number from 1 to 200" })
    .min(1, { error: "limit must be a whole number from 1 to 200" })
    .max(200, { error: "limit must be a whole number from 1 to 200" })
    .default(50),
});
