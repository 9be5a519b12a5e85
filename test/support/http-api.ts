// Calls to a running server process's API over HTTP, with an API key: a JSON or multipart body in,
// the status and the parsed envelope out. For system tests and benchmarks (API tests call the route
// handlers in process: ./api.ts).
export async function callServer(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const all: Record<string, string> = { "x-api-key": key, ...headers };
  const init: RequestInit = { method, headers: all };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    all["content-type"] = "application/json";
  }
  const r = await fetch(`${baseUrl}${path}`, init);
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}
