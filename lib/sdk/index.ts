// Signet's TypeScript SDK: a typed client generated from the OpenAPI document, with Idempotency-Keys, safe
// retries, pagination and the Standard Webhooks check. docs/api.md "TypeScript SDK" shows it beside curl.
export { createSignet, multipart, type SignetClient, type SignetOptions } from "./client.js";
export { retryingFetch, retryAfterSeconds, mayRepeat, type RetryEvent, type RetryOptions } from "./retry.js";
export { paginate, type Page } from "./pagination.js";
export { SignetApiError, unwrap, type Answer } from "./errors.js";
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from "./webhooks.js";
export type { paths, components, operations } from "./schema.js";
