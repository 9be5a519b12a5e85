import "server-only";
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { WebhookEvent } from "@/lib/schemas/webhooks";
import type { Queryable } from "../db";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { oneRow } from "../db/rows";
import { enqueue } from "../jobs/queue";

/**
 * Records an event for every endpoint of the organization and environment that subscribed to it,
 * and queues its delivery, in the caller's transaction: the event is sent if and only if the change
 * it reports committed.
 */
export async function emitEvent(
  tx: Queryable,
  scope: { orgId: string; environment: string },
  type: WebhookEvent,
  data: Record<string, unknown>,
) {
  const endpoints = await tx
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, scope.orgId),
        eq(webhookEndpoints.environment, scope.environment),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  const payload = { type, timestamp: new Date().toISOString(), data };
  for (const ep of endpoints.filter((e) => e.events.includes(type))) {
    const d = oneRow(
      await tx
        .insert(webhookDeliveries)
        .values({ endpointId: ep.id, messageId: `msg_${crypto.randomBytes(16).toString("hex")}`, eventType: type, payload })
        .returning({ id: webhookDeliveries.id }),
      "the new webhook delivery",
    );
    await enqueue(tx, "webhook", { deliveryId: d.id }, { maxAttempts: 10 });
  }
}
