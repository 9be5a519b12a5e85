/** What openapi-fetch answers for a call of Signet's API: the envelope `{ code, message, data }`, or the error one. */
export interface Answer<D> {
  data?: { data: D };
  error?: unknown;
  response: Response;
}

/** A call the API refused: its HTTP status, its `errorCode` (docs/api.md lists them), message and details. */
export class SignetApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly details: unknown;
  readonly errors: { field: string; message: string }[];
  constructor(status: number, body: unknown) {
    const b = (body ?? {}) as { errorCode?: unknown; message?: unknown; details?: unknown; errors?: unknown };
    const code = typeof b.errorCode === "string" ? b.errorCode : `HTTP_${status}`;
    super(`${code}: ${typeof b.message === "string" ? b.message : "the API refused the call"}`);
    this.name = "SignetApiError";
    this.status = status;
    this.errorCode = code;
    this.details = b.details ?? null;
    this.errors = Array.isArray(b.errors) ? (b.errors as { field: string; message: string }[]) : [];
  }
}

/** The `data` of an answer, or a `SignetApiError` when the API refused the call. */
export function unwrap<D>(answer: Answer<D>): D {
  if (answer.data === undefined) throw new SignetApiError(answer.response.status, answer.error);
  return answer.data.data;
}
