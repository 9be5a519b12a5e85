import { Webhook, WebhookVerificationError } from "standardwebhooks";

export { WebhookVerificationError };

/** A webhook's body as Signet sends it (docs/api.md "Webhooks"). */
export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Checks a delivery the way Standard Webhooks says (https://www.standardwebhooks.com): the `webhook-signature`
 * header holds an HMAC-SHA256, keyed by the endpoint's secret (`whsec_…`), of `webhook-id.webhook-timestamp.body`;
 * a timestamp more than 5 minutes away is refused (a replay). `body` is the request's body exactly as received
 * (read it as text before any JSON parser touches it). Answers the event; throws `WebhookVerificationError`.
 */
export function verifyWebhook(secret: string, body: string, headers: Headers | Record<string, string>): WebhookEvent {
  const h = headers instanceof Headers ? Object.fromEntries(headers.entries()) : lowerCased(headers);
  return new Webhook(secret).verify(body, h) as WebhookEvent;
}

const lowerCased = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
