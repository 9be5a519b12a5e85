import "server-only";
import { checkCrl, checkOcspResponse, ocspRequest, revocationSources, type ValidationData } from "@/lib/pdf/seal/revocation";
import { parseCertificate, subjectName } from "@/lib/pdf/seal/tsp";
import { exchange } from "./http";

/** Revocation data a certificate names could not be fetched: the seal job retries. */
export class RevocationDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RevocationDataError";
  }
}

/**
 * The validation data of a B-LT seal: `certificates` (the signer's and the TSA's chains) and, for
 * each that names an OCSP responder (authorityInfoAccess) or a CRL distribution point, its status:
 * the OCSP response when there is a responder and the issuer is known, else the first CRL that
 * answers. A certificate that names a source none of which answers fails the whole seal (retried):
 * B-LT without the revocation data it promises is not B-LT.
 */
export async function fetchValidationData(certificates: Uint8Array[], timeoutMs: number): Promise<ValidationData> {
  const data: ValidationData = { certificates, ocsps: [], crls: [] };
  for (const src of revocationSources(certificates)) {
    const who = subjectName(parseCertificate(src.certificate));
    const problems: string[] = [];
    if (src.ocsp && src.issuer) {
      try {
        const body = await ocspRequest(src.certificate, src.issuer);
        const der = await exchange(
          src.ocsp,
          {
            method: "POST",
            body,
            headers: { "content-type": "application/ocsp-request" },
            timeoutMs,
            maxBytes: 1024 * 1024,
            accept: ["application/ocsp-response"],
          },
          (m) => new Error(m),
        );
        await checkOcspResponse(der, src.certificate, src.issuer);
        data.ocsps.push(der);
        continue;
      } catch (e) {
        problems.push(`OCSP: ${(e as Error).message}`);
      }
    }
    let got = false;
    for (const url of src.crls) {
      try {
        const der = await exchange(
          url,
          {
            method: "GET",
            timeoutMs,
            maxBytes: 20 * 1024 * 1024,
            accept: ["application/pkix-crl", "application/x-pkcs7-crl", "application/octet-stream"],
          },
          (m) => new Error(m),
        );
        checkCrl(der, src.certificate);
        data.crls.push(der);
        got = true;
        break;
      } catch (e) {
        problems.push(`CRL: ${(e as Error).message}`);
      }
    }
    if (!got)
      throw new RevocationDataError(
        `Revocation data for the certificate of ${who} could not be fetched (${problems.join("; ") || "no issuer certificate for its OCSP responder"})`,
      );
  }
  return data;
}
