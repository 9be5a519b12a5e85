import "server-only";
import { z } from "zod";
import { SCOPES } from "@/lib/schemas/scopes";
import { ENVIRONMENTS, type JobType } from "@/lib/schemas/states";
import type { KeyAuth } from "../auth/authenticate";

/** Row ids (gen_random_uuid): a job that names something by another kind of value is refused. */
const id = z.uuid();

/** The key (or the staff member behind the dashboard's key) a bulk send runs as: lib/server/auth/authenticate.ts KeyAuth. */
const zKeyAuth = z.object({
  keyId: id,
  keyPrefix: z.string(),
  orgId: id,
  plan: z.string(),
  environment: z.enum(ENVIRONMENTS),
  rateLimitPerMinute: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  kind: z.string(),
  staff: z.object({ id, name: z.string(), email: z.string() }).optional(),
  /** Queued by an older version: no scopes, which a key made before scopes existed has (all of them). */
  scopes: z.array(z.enum(SCOPES)).nullable().default(null),
  sendsNeedApproval: z.boolean().optional(),
  mcpSendsDirectly: z.boolean().optional(),
});
/** The schema names KeyAuth's fields, no more and no fewer: a field added to one and not the other fails the type check here. */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const keyAuthFieldsMatch: SameKeys<z.output<typeof zKeyAuth>, KeyAuth> = true;

const notifyOf = { requestId: id, recipientId: id };

/**
 * What each job type carries, one schema per type. `enqueue` checks a payload against its type's
 * schema when it is queued (a bad one is a programming error: the change that queued it rolls back);
 * the worker parses it again before the handler runs (a row written some other way, or by an older
 * version, that does not parse fails for good, visibly, without a retry).
 */
const schemas = {
  /** Invites (or reminds) one recipient whose turn it is. */
  invitation: z.object({ requestId: id, recipientId: id, reminder: z.boolean().optional() }),
  /** Tells a recipient the request completed (with the sealed PDF), was declined (by whom, why), or was cancelled. */
  notify: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("completed"), ...notifyOf }),
    z.object({ kind: z.literal("declined"), ...notifyOf, by: z.string(), reason: z.string() }),
    z.object({ kind: z.literal("cancelled"), ...notifyOf }),
    /** A signing group's member: enough of the group signed, their signature is no longer needed. */
    z.object({ kind: z.literal("released"), ...notifyOf, group: z.string() }),
  ]),
  webhook: z.object({ deliveryId: id }),
  seal: z.object({ requestId: id }),
  sweep: z.object({}),
  "staff-link": z.object({ linkId: id }),
  /** lib/server/purge/release-blobs.ts BlobRelease. */
  "purge-blobs": z.object({ runId: id.nullable(), sha256s: z.array(z.string()), mailIds: z.array(z.string()) }),
  "signer-code": z.object({ requestId: id, recipientId: id, codeId: id }),
  "bulk-send": z.object({ bulkSendId: id, auth: zKeyAuth }),
  /** Tells the staff member who sent a request that it completed, was declined (by whom, why) or expired. */
  "sender-notice": z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("completed"), requestId: id }),
    z.object({ kind: z.literal("declined"), requestId: id, by: z.string(), reason: z.string() }),
    z.object({ kind: z.literal("expired"), requestId: id }),
  ]),
  /** Draws the first pages a request's signers will see, ahead of their first open (lib/server/signing/signing-pages.ts). */
  "draw-pages": z.object({ requestId: id }),
  "visitor-code": z.object({ visitId: id }),
} satisfies Record<JobType, z.ZodType>;

/** The payload a handler receives, by job type. */
export type JobPayloads = { [K in JobType]: z.output<(typeof schemas)[K]> };
/** The payload `enqueue` takes, by job type. */
export type JobPayloadInputs = { [K in JobType]: z.input<(typeof schemas)[K]> };

export const jobPayloadSchemas: { [K in JobType]: z.ZodType<JobPayloads[K], JobPayloadInputs[K]> } = schemas;

/** The payload of a job of this type, or why it is not one. */
export function parseJobPayload<K extends JobType>(
  type: K,
  payload: unknown,
): { ok: true; payload: JobPayloads[K] } | { ok: false; error: string } {
  const parsed = jobPayloadSchemas[type].safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  return { ok: false, error: `Invalid ${type} job payload: ${z.prettifyError(parsed.error).replaceAll("\n", "; ")}` };
}
