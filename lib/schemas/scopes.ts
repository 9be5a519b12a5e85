import { z } from "zod";

/**
 * What an API key may do. A key has a set of scopes chosen when it is made; every operation needs the scopes
 * lib/schemas/operation-scopes.ts gives it, and a key without one of them is refused with 403
 * API_KEY_SCOPE_MISSING naming it. A key made without `scopes` (as the spec makes keys), and every key made
 * before scopes existed, holds them all.
 */
export const SCOPES = [
  "requests:read",
  "requests:write",
  "requests:send",
  "templates:read",
  "templates:write",
  "webhooks:manage",
  "keys:manage",
  "settings:manage",
] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope allows, for docs/api.md, the OpenAPI document and the dashboard's key form. */
export const SCOPE_MEANINGS: Record<Scope, string> = {
  "requests:read": "Read signature requests, their documents, audit trails, bulk sends and the mail outbox",
  "requests:write": "Make and change draft requests (documents, recipients, fields, anchors, stamps), and delete them",
  "requests:send":
    "Send requests and act on sent ones: cancel, remind, resend, correct a recipient, hand out signing links, bulk send",
  "templates:read": "Read templates, their roles, documents and public links",
  "templates:write": "Make, change and delete templates, and their public links",
  "webhooks:manage": "Add, list and remove webhook endpoints and read their deliveries",
  "keys:manage": "Make, list and revoke API keys (a new key gets at most this key's own scopes)",
  "settings:manage": "Read and change the organization's sending defaults",
};

/** A set of scopes as the API takes it: at least one, each known, no repeats (kept in SCOPES' order). */
export const zScopes = z
  .array(z.enum(SCOPES, { error: `Each scope must be one of: ${SCOPES.join(", ")}` }))
  .min(1, { error: "Give at least one scope, or leave scopes out for a key with every scope" })
  .max(SCOPES.length)
  .transform((list) => SCOPES.filter((s) => list.includes(s)));
