import "server-only";

/**
 * One HTTP exchange with a service the operator configured (the TSA, an OCSP responder or CRL
 * distribution point named by a certificate): a deadline, a size cap, and the status and content
 * type checked. Not lib/server/webhooks/ssrf.ts: these addresses come from the operator's configuration
 * and the operator's certificates, not from a client. Throws `fail(message)`.
 */
export async function exchange(
  url: string,
  opts: {
    method: "GET" | "POST";
    body?: Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
    timeoutMs: number;
    maxBytes: number;
    accept: string[];
  },
  fail: (message: string) => Error,
): Promise<Uint8Array> {
  const where = redact(url);
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method,
      body: opts.body,
      headers: opts.headers,
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: "follow",
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const why = err.name === "TimeoutError" ? `no answer within ${opts.timeoutMs} ms` : (err.cause?.code ?? err.message);
    throw fail(`${where} could not be reached: ${why}`);
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw fail(`${where} answered HTTP ${res.status}`);
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!opts.accept.includes(type)) {
    await res.body?.cancel();
    throw fail(`${where} answered with content type "${type || "none"}", not ${opts.accept.join(" or ")}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > opts.maxBytes) throw fail(`${where} answered with more than ${opts.maxBytes} bytes`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The URL without credentials or query, for messages that end up in the request's seal error and the log. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "the configured URL";
  }
}
