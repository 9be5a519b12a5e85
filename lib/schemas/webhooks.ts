import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "./states";

export const WEBHOOK_EVENTS = [
  "signature_request.sent",
  "signature_request.viewed",
  "signature_request.signed",
  "signature_request.approved",
  "signature_request.completed",
  "signature_request.declined",
  "signature_request.cancelled",
  "signature_request.expired",
  "signature_request.seal_failed",
  "recipient.delegated",
  "signature_request.approval_requested",
  "signature_request.approval_rejected",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const zCreateWebhook = z.object({
  url: z
    .url({ error: "url must be an absolute http(s) URL" })
    .max(2000)
    .refine((u) => /^https?:\/\//i.test(u), { error: "url must be an absolute http(s) URL" }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events are among: ${WEBHOOK_EVENTS.join(", ")}` }))
    .min(1, { error: "Subscribe to at least one event" })
    .max(WEBHOOK_EVENTS.length)
    .default([...WEBHOOK_EVENTS]),
  description: z.string().max(500).optional(),
});

export const zWebhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export const zCreatedWebhook = zWebhook.extend({ secret: z.string() });

export const zWebhookDelivery = z.object({
  id: z.uuid(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
