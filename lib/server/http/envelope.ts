import { STATUS_CODES } from "node:http";
import type { FieldError } from "../errors";

export interface Envelope<T> {
  code: number;
  statusText: string;
  message: string;
  data: T | null;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export function statusText(code: number): string {
  return STATUS_CODES[code] ?? "Unknown";
}

export function envelope<T>(code: number, message: string, data: T | null, extra: Record<string, unknown> = {}): Envelope<T> {
  return { code, statusText: statusText(code), message, data, ...extra };
}

export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** What a use case returns to the wrapper: status, message and payload of a success. */
export interface Ok<T> {
  status: number;
  message: string;
  data: T;
  headers?: Record<string, string>;
}

export const ok = <T>(status: number, message: string, data: T, headers?: Record<string, string>): Ok<T> => ({
  status,
  message,
  data,
  headers,
});
