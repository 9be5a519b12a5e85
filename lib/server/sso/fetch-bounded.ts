import "server-only";

/** Why a provider's document could not be read: said to the admin as is. */
export class FetchRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "FetchRefused";
  }
}

/**
 * GETs a document an identity provider publishes (OIDC discovery, SAML metadata): no redirect followed, an
 * answer within `timeoutMs`, HTTP 200, at most `maxBytes` read (the rest is not downloaded). FetchRefused with
 * the reason in words otherwise.
 */
export async function fetchBounded(
  url: string,
  { maxBytes, timeoutMs, accept }: { maxBytes: number; timeoutMs: number; accept: string },
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs), headers: { accept } });
  } catch (e) {
    throw new FetchRefused(
      (e as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : "the address cannot be reached",
    );
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new FetchRefused(`it answered HTTP ${res.status}`);
  }
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FetchRefused(`it is larger than ${Math.round(maxBytes / 1024)} KB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
