import "server-only";
import fs from "node:fs/promises";
import {
  certificatesFromPem,
  newNonce,
  readTimestampResponse,
  TimestampError,
  timestampRequest,
  type TimestampToken,
} from "@/lib/pdf/seal/tsp";
import type { TsaConfig } from "../config";
import { exchange } from "./http";

/**
 * Asks the timestamp authority for a token over a SHA-256 `digest` (RFC 3161 over HTTP: POST
 * application/timestamp-query) and accepts only a checked answer (lib/pdf/seal/tsp.ts: status,
 * imprint, nonce, signature, and the chain to TSA_CA_FILE when set). Any failure is a
 * TimestampError: the seal job retries it.
 */
export async function requestTimestamp(tsa: TsaConfig, digest: Uint8Array): Promise<TimestampToken> {
  const nonceHex = newNonce();
  const headers: Record<string, string> = {
    "content-type": "application/timestamp-query",
    accept: "application/timestamp-reply",
  };
  if (tsa.username !== undefined || tsa.password !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${tsa.username ?? ""}:${tsa.password ?? ""}`).toString("base64")}`;
  }
  const answer = await exchange(
    tsa.url,
    {
      method: "POST",
      body: timestampRequest(digest, nonceHex),
      headers,
      timeoutMs: tsa.timeoutMs,
      maxBytes: 1024 * 1024,
      accept: ["application/timestamp-reply", "application/timestamp-response"],
    },
    (m) => new TimestampError(`The timestamp authority at ${m}`),
  );
  return readTimestampResponse(answer, { digest, nonceHex, trusted: await tsaCaCertificates(tsa) });
}

/** The TSA's CA certificates (TSA_CA_FILE), DER; none without the setting. */
export async function tsaCaCertificates(tsa: TsaConfig): Promise<Uint8Array[]> {
  if (!tsa.caFile) return [];
  let pem: string;
  try {
    pem = await fs.readFile(tsa.caFile, "utf8");
  } catch (e) {
    throw new TimestampError(`TSA_CA_FILE could not be read: ${(e as Error).message}`);
  }
  const certs = certificatesFromPem(pem);
  if (!certs.length) throw new TimestampError("TSA_CA_FILE holds no PEM certificate");
  return certs;
}
