/**
 * The dashboard's calls to its own proxy (/api/dashboard/...). The proxy adds the server-held key;
 * the browser only ever holds its session cookie. Errors keep the API's status and message.
 */
import { DASHBOARD_HEADER } from "./constants";
import { loadPage } from "./load-page";
import { errorWords } from "./error-words";

export const DASHBOARD_API = "/api/dashboard";

export interface FieldErrorDto {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrorDto[] = [],
    readonly details: Record<string, unknown> | undefined = undefined,
    readonly retryAfter: number | null = null,
    /** The API's machine code for the condition (`errorCode`: docs/api.md, "Error codes"); null when there is none. */
    readonly errorCode: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** The endpoint does not exist on this server (yet): the feature is not available. */
  get unavailable(): boolean {
    return this.status === 404 && (this.errorCode === "ENDPOINT_NOT_FOUND" || /^No endpoint at /.test(this.message));
  }
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
  errors?: FieldErrorDto[];
  details?: Record<string, unknown>;
  errorCode?: string;
}

export async function toApiError(res: Response): Promise<ApiError> {
  const retryAfter = Number(res.headers.get("retry-after")) || null;
  try {
    const body = (await res.json()) as Envelope<unknown>;
    return new ApiError(
      res.status,
      body.message || res.statusText,
      body.errors ?? [],
      body.details,
      retryAfter,
      body.errorCode ?? null,
    );
  } catch {
    return new ApiError(res.status, res.statusText || `HTTP ${res.status}`, [], undefined, retryAfter);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** JSON in, envelope `data` out. One retry after a 429 when the wait is short. */
export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", [DASHBOARD_HEADER]: "1", ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${DASHBOARD_API}${path}`, { method: init.method ?? "GET", headers, body, credentials: "same-origin" });
    } catch {
      throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
    }
    if (res.ok) {
      const env = (await res.json()) as Envelope<T>;
      return env.data as T;
    }
    const err = await toApiError(res);
    if (err.status === 429 && attempt === 0 && (err.retryAfter ?? 99) <= 5) {
      await sleep((err.retryAfter ?? 1) * 1000);
      continue;
    }
    if (err.status === 401 && typeof window !== "undefined") {
      loadPage(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw err;
  }
}

/**
 * A sentence for people, in the dashboard's language (./error-words.ts): what the status means in plain words,
 * around the API's sentence in English or the sentence for its `errorCode` in the other languages (a field's own
 * message is the API's, English; in another language the fields are named).
 */
export function plainError(e: unknown): string {
  const w = errorWords();
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : w.t("generic");
  const coded = w.coded(e.errorCode);
  const said = coded ?? e.message;
  const fields = [...new Set(e.errors.map((x) => x.field).filter(Boolean))];
  const withList =
    coded === null
      ? `${e.message}${e.errors.length > 1 ? ` (${e.errors.map((x) => x.message).join("; ")})` : ""}`
      : fields.length
        ? w.t("fields", { message: coded, fields: fields.join(", ") })
        : coded;
  switch (e.status) {
    case 0:
      return w.t("offline");
    case 401:
      return w.t("session");
    case 409:
      // Only a state refusal is about the request's state; another conflict (the document changed meanwhile, …) says what it is.
      if (e.errorCode !== null && !/^(REQUEST|RECIPIENT)_/.test(e.errorCode)) return said;
      return w.t("state", { message: said });
    case 413:
      return w.t("tooLarge", { message: said });
    case 415:
      return w.t("fileType", { message: said });
    case 429:
      return e.retryAfter === null ? w.t("tooManySoon") : w.t("tooMany", { seconds: e.retryAfter });
    default:
      if (e.status >= 500) return w.t("server", { message: said });
      return withList;
  }
}
