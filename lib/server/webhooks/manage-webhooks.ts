import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { insertRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { iso } from "../api-keys/dto";
import { isUuid } from "../auth/scope";
import { obviouslyPrivate } from "./ssrf";

type Endpoint = typeof webhookEndpoints.$inferSelect;
const toDto = (e: Endpoint) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  createdAt: e.createdAt.toISOString(),
});

const scope = (auth: KeyAuth) =>
  and(
    eq(webhookEndpoints.orgId, auth.orgId),
    eq(webhookEndpoints.environment, auth.environment),
    isNull(webhookEndpoints.deletedAt),
  )!;

export async function createWebhook(auth: KeyAuth, input: { url: string; events: string[]; description?: string }) {
  const problem = obviouslyPrivate(new URL(input.url));
  if (problem)
    throw new AppError("WEBHOOK_URL_REFUSED", `Webhook URL refused: ${problem} (set WEBHOOK_ALLOW_PRIVATE=1 to allow it)`);
  const secret = `whsec_${crypto.randomBytes(32).toString("base64")}`;
  const db = await getDb();
  const row = await insertRow(
    db,
    webhookEndpoints,
    {
      orgId: auth.orgId,
      environment: auth.environment,
      url: input.url,
      events: [...new Set(input.events)],
      secret,
      description: input.description ?? null,
    },
    "the new webhook endpoint",
  );
  return { ...toDto(row), secret };
}

export async function listWebhooks(auth: KeyAuth) {
  const db = await getDb();
  const rows = await db.select().from(webhookEndpoints).where(scope(auth)).orderBy(desc(webhookEndpoints.createdAt));
  return { items: rows.map(toDto) };
}

async function findEndpoint(auth: KeyAuth, id: string) {
  if (!isUuid(id)) throw notFound("WEBHOOK_NOT_FOUND", "Webhook");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(scope(auth), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound("WEBHOOK_NOT_FOUND", "Webhook");
  return row;
}

export async function deleteWebhook(auth: KeyAuth, id: string) {
  const ep = await findEndpoint(auth, id);
  const db = await getDb();
  await db.update(webhookEndpoints).set({ deletedAt: new Date(), enabled: false }).where(eq(webhookEndpoints.id, ep.id));
  return { id: ep.id, deleted: true as const };
}

export async function listDeliveries(auth: KeyAuth, id: string) {
  const ep = await findEndpoint(auth, id);
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, ep.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(100);
  return {
    items: rows.map((d) => ({
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status as "PENDING" | "DELIVERED" | "FAILED",
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: iso(d.deliveredAt),
    })),
  };
}
