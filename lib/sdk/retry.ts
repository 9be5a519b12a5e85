/**
 * A fetch that retries what is safe to retry, the way Signet's API asks to be retried:
 * - **429** (rate limited: the call was not applied): any method, after the `Retry-After` the server gives;
 * - **409 `IDEMPOTENCY_KEY_IN_PROGRESS`** (the same key's first call still runs): after a backoff;
 * - **a dropped connection, 502, 503, 504** (the call may or may not have been applied): only a call that can be
 *   repeated without doing it twice: GET, HEAD, OPTIONS, PUT, DELETE, and a POST carrying an `Idempotency-Key`
 *   (the server answers a repeat with the first answer). A PATCH, or a POST without a key, is not retried;
 * - never a 500 or another 4xx: they say something about the call, which a repeat would not change.
 * Waits grow as 2^attempt × `baseDelayMs` with jitter, at most `maxDelayMs`; a `Retry-After` above `maxDelayMs`
 * is answered as it is (the caller decides whether to wait that long).
 */
export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** The first backoff, in milliseconds (default 300). */
  baseDelayMs?: number;
  /** The longest wait (default 30 000 ms). */
  maxDelayMs?: number;
  /** Told of each retry before its wait: why, and how long it waits. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  method: string;
  url: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** An HTTP status, or "network" for a connection that broke before an answer. */
  reason: number | "network";
  /** `Retry-After` as the server gave it, in seconds, when it gave one. */
  retryAfterSeconds: number | null;
  delayMs: number;
}

type Fetch = (request: Request) => Promise<Response>;

const REPEATABLE = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether doing the call twice does it once: an idempotent method, or a POST with an Idempotency-Key. */
export const mayRepeat = (r: Request) => REPEATABLE.has(r.method) || (r.method === "POST" && r.headers.has("idempotency-key"));

/** `Retry-After` in seconds: a number of seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(res: Response, now = Date.now()): number | null {
  const v = res.headers.get("retry-after")?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

async function inProgress(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  try {
    const body = (await res.clone().json()) as { errorCode?: unknown };
    return body.errorCode === "IDEMPOTENCY_KEY_IN_PROGRESS";
  } catch {
    return false;
  }
}

async function retryable(res: Response, req: Request): Promise<boolean> {
  if (res.status === 429) return true;
  if (await inProgress(res)) return true;
  return [502, 503, 504].includes(res.status) && mayRepeat(req);
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** `fetch`, wrapped to retry as above. Each attempt sends a copy of the request, so its body can be sent again. */
export function retryingFetch(fetchFn: Fetch, opts: RetryOptions = {}): Fetch {
  const retries = opts.retries ?? 3;
  const base = opts.baseDelayMs ?? 300;
  const max = opts.maxDelayMs ?? 30_000;
  const backoff = (attempt: number) => Math.min(max, base * 2 ** attempt * (0.5 + Math.random() / 2));
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      let failure: unknown = null;
      try {
        res = await fetchFn(request.clone());
      } catch (e) {
        if (request.signal.aborted) throw e;
        failure = e;
      }
      const again = res ? await retryable(res, request) : mayRepeat(request);
      if (!again || attempt >= retries) {
        if (res) return res;
        throw failure;
      }
      const after = res ? retryAfterSeconds(res) : null;
      const delayMs = after !== null ? after * 1000 : backoff(attempt);
      if (res && delayMs > max) return res;
      await res?.body?.cancel().catch(() => {});
      opts.onRetry?.({
        method: request.method,
        url: request.url,
        attempt: attempt + 1,
        reason: res ? res.status : "network",
        retryAfterSeconds: after,
        delayMs,
      });
      await sleep(delayMs, request.signal);
    }
  };
}
