import { z } from "zod";
import ipaddr from "ipaddr.js";
import { zEnvironment } from "./common";

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
});
export type CreateApiKey = z.infer<typeof zCreateApiKey>;

export const zApiKey = z.object({
  id: z.uuid(),
  keyPrefix: z.string(),
  name: z.string(),
  environment: zEnvironment,
  allowedIps: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof zApiKey>;

export const zCreatedApiKey = zApiKey.extend({ apiKey: z.string() });
