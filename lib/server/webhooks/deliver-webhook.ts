import "server-only";
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import ipaddr from "ipaddr.js";
import { allowPrivateTargets, BlockedTargetError, guardedLookup, isPublicAddress } from "./ssrf";

const TIMEOUT_MS = 10_000;

/** Standard Webhooks: v1,base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)). */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  // Node connects to an IP literal without a lookup, so the guard in the lookup never sees it.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(literal) && !isPublicAddress(literal) && !allowPrivateTargets()) {
    return Promise.reject(new BlockedTargetError(`${literal} is not a public address`));
  }
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        lookup: guardedLookup,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume(); // the body is not read: only the status counts, and redirects are not followed
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** One attempt. Throws to be retried (with backoff, by the queue); returns when done for good. */
export async function deliverWebhook(deliveryId: string, final = false) {
  const db = await getDb();
  const [row] = await db
    .select({ d: webhookDeliveries, ep: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.d.status !== "PENDING") return { skipped: true };
  const fail = async (status: "FAILED" | "PENDING", error: string, code: number | null) =>
    db
      .update(webhookDeliveries)
      .set({ status, lastError: error.slice(0, 1000), lastStatusCode: code, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, deliveryId));
  if (!row.ep.enabled || row.ep.deletedAt) {
    await fail("FAILED", "Endpoint disabled or deleted", null);
    return { skipped: true };
  }
  const body = JSON.stringify(row.d.payload);
  const ts = Math.floor(Date.now() / 1000);
  let status: number;
  try {
    status = await post(
      new URL(row.ep.url),
      {
        "content-type": "application/json",
        "user-agent": "Signet-Webhooks/1",
        "webhook-id": row.d.messageId,
        "webhook-timestamp": String(ts),
        "webhook-signature": signWebhook(row.ep.secret, row.d.messageId, ts, body),
      },
      body,
    );
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof BlockedTargetError) {
      await fail("FAILED", `Refused: ${msg}`, null);
      return { refused: msg };
    }
    await fail(final ? "FAILED" : "PENDING", msg, null);
    throw e;
  }
  if (status >= 200 && status < 300) {
    await db
      .update(webhookDeliveries)
      .set({
        status: "DELIVERED",
        deliveredAt: new Date(),
        lastStatusCode: status,
        lastError: null,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { delivered: status };
  }
  if (status === 410) {
    // The receiver says the endpoint is gone for good: stop sending to it.
    await db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "The receiver answered 410 Gone" })
      .where(eq(webhookEndpoints.id, row.ep.id));
    await fail("FAILED", "410 Gone: endpoint disabled", status);
    return { disabled: true };
  }
  await fail(final ? "FAILED" : "PENDING", `HTTP ${status}`, status);
  throw new Error(`Webhook receiver answered ${status}`);
}
