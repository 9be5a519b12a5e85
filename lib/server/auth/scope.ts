import "server-only";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { apiKeys, signatureRequests, templates } from "../db/schema";
import type { KeyAuth } from "./authenticate";

/**
 * Who may see what, decided here and nowhere else. Every query for a record a key asks about goes
 * through one of these; what a key cannot see does not exist for it (404).
 */
export function requestScope(auth: Pick<KeyAuth, "orgId" | "environment">): SQL {
  return and(eq(signatureRequests.orgId, auth.orgId), eq(signatureRequests.environment, auth.environment))!;
}

/** A sandbox key sees the organization's sandbox keys; a production key sees all of its keys. */
export function keyScope(auth: Pick<KeyAuth, "orgId" | "environment">): SQL {
  return auth.environment === "PRODUCTION"
    ? and(eq(apiKeys.orgId, auth.orgId), eq(apiKeys.kind, "USER"))!
    : and(eq(apiKeys.orgId, auth.orgId), eq(apiKeys.environment, "SANDBOX"), eq(apiKeys.kind, "USER"))!;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not even a UUID names nothing: the caller gets the same 404 as for an unknown one. */
export const isUuid = (s: string) => UUID_RE.test(s);

/** Templates belong to an organization and an environment, like requests; a deleted one is gone. */
export function templateScope(auth: Pick<KeyAuth, "orgId" | "environment">): SQL {
  return and(eq(templates.orgId, auth.orgId), eq(templates.environment, auth.environment), isNull(templates.deletedAt))!;
}
