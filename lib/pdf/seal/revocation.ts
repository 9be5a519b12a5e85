/**
 * What PAdES B-LT needs besides the PDF: which revocation data the certificates point to
 * (revocationSources), the OCSP request to ask for it (ocspRequest), and the checks of what came back
 * (checkOcspResponse, checkCrl). The server's main thread fetches the data
 * (lib/server/timestamp/fetch-validation-data.ts): this module reads certificates only, with no PDF
 * library, so that thread does not load one. validation-data.ts writes the /DSS.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { parseCertificate } from "./tsp";

export interface ValidationData {
  /** DER certificates. */
  certificates: Uint8Array[];
  /** DER OCSPResponse (the whole response, as /OCSPs holds them). */
  ocsps: Uint8Array[];
  /** DER CertificateList. */
  crls: Uint8Array[];
}

export interface RevocationSource {
  /** The certificate (DER) whose status this is. */
  certificate: Uint8Array;
  /** Its issuer among the certificates given (DER), needed for an OCSP request. */
  issuer?: Uint8Array;
  /** http(s) URL of an OCSP responder (authorityInfoAccess). */
  ocsp?: string;
  /** http(s) URLs of CRL distribution points. */
  crls: string[];
}

const OID_AIA = "1.3.6.1.5.5.7.1.1";
const OID_OCSP = "1.3.6.1.5.5.7.48.1";
const OID_CRL_DP = "2.5.29.31";
const URI = 6; // GeneralName uniformResourceIdentifier

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const httpUrl = (u: unknown): u is string => typeof u === "string" && /^https?:\/\//i.test(u);
const sameName = (a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames) => a.isEqual(b);

/**
 * For each certificate that names a responder or a distribution point, where to fetch its status.
 * Self-signed certificates (trust anchors) have no status to fetch.
 */
export function revocationSources(certificates: Uint8Array[]): RevocationSource[] {
  const parsed = certificates.map((der) => ({ der, cert: parseCertificate(der) }));
  const out: RevocationSource[] = [];
  for (const { der, cert } of parsed) {
    if (sameName(cert.subject, cert.issuer)) continue;
    const ext = (id: string) => cert.extensions?.find((e) => e.extnID === id)?.parsedValue;
    const aia = ext(OID_AIA) as pkijs.InfoAccess | undefined;
    const ocsp = aia?.accessDescriptions.find((d) => d.accessMethod === OID_OCSP && d.accessLocation.type === URI)?.accessLocation
      .value;
    const dps = (ext(OID_CRL_DP) as pkijs.CRLDistributionPoints | undefined)?.distributionPoints ?? [];
    const crls = dps
      .flatMap((dp) => (Array.isArray(dp.distributionPoint) ? dp.distributionPoint : []))
      .filter((n) => n.type === URI)
      .map((n) => n.value)
      .filter(httpUrl);
    if (!httpUrl(ocsp) && !crls.length) continue;
    const issuer = parsed.find((p) => p !== undefined && sameName(p.cert.subject, cert.issuer) && p.der !== der)?.der;
    out.push({ certificate: der, issuer, ocsp: httpUrl(ocsp) ? ocsp : undefined, crls });
  }
  return out;
}

/** An OCSPRequest (DER) for `certificate` issued by `issuer`. */
export async function ocspRequest(certificate: Uint8Array, issuer: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const req = new pkijs.OCSPRequest();
  await req.createForCertificate(parseCertificate(certificate), {
    hashAlgorithm: "SHA-1",
    issuerCertificate: parseCertificate(issuer),
  });
  return new Uint8Array(req.toSchema(true).toBER());
}

/** Throws unless `der` is an OCSPResponse with status successful that speaks of `certificate`. */
export async function checkOcspResponse(der: Uint8Array, certificate: Uint8Array, issuer: Uint8Array): Promise<void> {
  const asn = asn1js.fromBER(ab(der));
  if (asn.offset === -1) throw new Error("The OCSP answer is not DER");
  const resp = new pkijs.OCSPResponse({ schema: asn.result });
  if (resp.responseStatus.valueBlock.valueDec !== 0)
    throw new Error(`The OCSP responder answered with status ${resp.responseStatus.valueBlock.valueDec}`);
  const status = await resp.getCertificateStatus(parseCertificate(certificate), parseCertificate(issuer));
  if (!status.isForCertificate) throw new Error("The OCSP answer is not about the certificate asked for");
}

/** Throws unless `der` is a CRL issued by `issuer`'s subject (DER CertificateList). */
export function checkCrl(der: Uint8Array, certificate: Uint8Array): void {
  const asn = asn1js.fromBER(ab(der));
  if (asn.offset === -1) throw new Error("The CRL is not DER");
  const crl = new pkijs.CertificateRevocationList({ schema: asn.result });
  if (!sameName(crl.issuer, parseCertificate(certificate).issuer))
    throw new Error("The CRL is not from the certificate's issuer");
}
