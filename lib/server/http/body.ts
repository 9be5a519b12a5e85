import "server-only";
import { AppError } from "../errors";

/**
 * Reads a request body, refusing it as soon as it passes `limit` bytes: a declared Content-Length
 * over the limit is refused before reading anything, and a body that streams past it is cut off.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", `Request body is larger than the limit of ${formatBytes(limit)}`, {
      details: { limitBytes: limit },
    });
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new AppError("BODY_UNREADABLE", "The request body could not be read");
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`;
}
