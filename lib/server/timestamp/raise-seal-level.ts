import "server-only";
import crypto from "node:crypto";
import { levelAtLeast, type PadesLevel } from "@/lib/pdf/seal/levels";
import type { TimestampToken } from "@/lib/pdf/seal/tsp";
import type { TsaConfig } from "../config";
import { runEngine } from "../engine";
import { fetchValidationData } from "./fetch-validation-data";
import { requestTimestamp } from "./request-timestamp";

/** Room for a document timestamp's token beyond the size of the last one. */
const TOKEN_MARGIN = 2048;

/**
 * The seal job's first request to the TSA, before any document work: it fails fast when the
 * authority is down or answers wrongly, and gives the authority's name and time for the
 * certificate of completion and the token's size for the signature's placeholder. Its digest is
 * of a statement naming the request, so the token is of no use for anything else.
 */
export function probeTimestampAuthority(tsa: TsaConfig, requestId: string): Promise<TimestampToken> {
  const digest = crypto
    .createHash("sha256")
    .update(`Signet: the seal of request ${requestId} begins at ${new Date().toISOString()}`)
    .digest();
  return requestTimestamp(tsa, digest);
}

/**
 * From the B-B seal sealDocument made to `level`, one engine step per level around the requests
 * to the network (lib/pdf stays pure):
 *   B-T   the TSA's token over the signature value → engine timestampSignature (in the CMS)
 *   B-LT  OCSP responses / CRLs the certificates name → engine addValidationData (/DSS revision)
 *   B-LTA engine prepareDocumentTimestamp (digest of the byte ranges) → the TSA's token over it →
 *         engine fillDocumentTimestamp (the last revision)
 * Any failure throws (TimestampError, RevocationDataError): the seal job retries, and nothing is
 * stored until every step is done.
 */
export async function raiseSealLevel(
  seal: { sealed: Uint8Array; signatureImprint: Uint8Array; signerChain: Uint8Array[] },
  level: PadesLevel,
  tsa: TsaConfig,
): Promise<Uint8Array> {
  if (!levelAtLeast(level, "B-T")) return seal.sealed;
  const token = await requestTimestamp(tsa, seal.signatureImprint);
  let pdf = await runEngine("timestampSignature", [seal.sealed, token.token]);
  if (levelAtLeast(level, "B-LT")) {
    const data = await fetchValidationData([...seal.signerChain, ...token.certificates], tsa.timeoutMs);
    pdf = await runEngine("addValidationData", [pdf, data]);
  }
  if (levelAtLeast(level, "B-LTA")) {
    const prepared = await runEngine("prepareDocumentTimestamp", [pdf, token.token.length + TOKEN_MARGIN]);
    const docToken = await requestTimestamp(tsa, prepared.imprint);
    pdf = await runEngine("fillDocumentTimestamp", [prepared.pdf, docToken.token]);
  }
  return pdf;
}
