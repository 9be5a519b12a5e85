import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import { makeLogger } from "@/lib/logger.mjs";

/**
 * The server's logger (JSON lines, lib/logger.mjs). Each line written while an API request is being
 * answered carries that request's id (`reqId`), the id the response's X-Request-Id header and error
 * envelope give the client. Kept on globalThis: Next.js may load this module more than once.
 */
const g = globalThis as unknown as {
  __signetLog?: Logger;
  __signetRequests?: AsyncLocalStorage<{ requestId: string }>;
};

export const requestContext = (g.__signetRequests ??= new AsyncLocalStorage<{ requestId: string }>());

/** The id of the API request being answered, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

export function log(): Logger {
  return (g.__signetLog ??= makeLogger({
    mixin: () => {
      const id = currentRequestId();
      return id ? { reqId: id } : {};
    },
  }));
}

/** Anything thrown, as an Error for the logger's `err` serializer: its type, message and stack, scrubbed (lib/logger.mjs). */
export const errField = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
