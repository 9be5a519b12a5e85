// Calls to a running server process's API over HTTP, with an API key: a JSON or multipart body in,
// the status and the parsed envelope out. For system tests and benchmarks (API tests call the route
// handlers in process: ./api.ts).

/** The API's JSON envelope; `data` is what the caller says the operation answers (not checked here). */
export interface Envelope<T = unknown> {
  code: number;
  statusText: string;
  message: string;
  data: T;
  errors: { field: string; message: string }[];
  details?: unknown;
}

/** The status and the parsed envelope (null for an empty body). */
export async function callServer<T = unknown>(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> | null }> {
  const all: Record<string, string> = { "x-api-key": key, ...headers };
  const init: RequestInit = { method, headers: all };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    all["content-type"] = "application/json";
  }
  const r = await fetch(`${baseUrl}${path}`, init);
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Envelope<T>) : null };
}

/** The envelope's data, or an error naming the status when the answer had no body. */
export function dataOf<T>(r: { status: number; body: Envelope<T> | null }): T {
  if (!r.body) throw new Error(`expected a JSON answer, got ${r.status} with no body`);
  return r.body.data;
}

/** A multipart body with a PDF as `file` and `title` (or another part's name, such as a template's `name`). */
export function pdfForm(title: string, bytes: Uint8Array, titlePart = "title"): FormData {
  const form = new FormData();
  form.append(titlePart, title);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "doc.pdf");
  return form;
}
