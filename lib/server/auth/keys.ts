import "server-only";
import crypto from "node:crypto";

export type Environment = "SANDBOX" | "PRODUCTION";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_PREFIX = { SANDBOX: "signet_test_", PRODUCTION: "signet_live_" } as const;
const KEY_RE = /^signet_(test|live)_[0-9A-Za-z]{32}$/;

/** n characters from a 62-letter alphabet, without modulo bias. */
export function randomBase62(n: number): string {
  let out = "";
  while (out.length < n) {
    for (const b of crypto.randomBytes(n * 2)) {
      if (b < 248) out += BASE62[b % 62]; // 248 = 4 × 62: values above would bias the first letters
      if (out.length === n) break;
    }
  }
  return out;
}

export function generateApiKey(environment: Environment): string {
  return KEY_PREFIX[environment] + randomBase62(32);
}

export const keyPrefixOf = (key: string) => key.slice(0, 16);
export const sha256Hex = (s: string | Uint8Array) => crypto.createHash("sha256").update(s).digest("hex");
export const hashApiKey = (key: string) => sha256Hex(key);

export function environmentOfKey(key: string): Environment | null {
  const m = KEY_RE.exec(key);
  if (!m) return null;
  return m[1] === "live" ? "PRODUCTION" : "SANDBOX";
}

export function constantTimeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
