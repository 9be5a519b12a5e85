import "server-only";
import crypto from "node:crypto";
import { SAML_METADATA_MAX_BYTES, type SamlIdp } from "@/lib/schemas/sso";
import { AppError } from "../errors";
import { fetchBounded, FetchRefused } from "./fetch-bounded";

/**
 * Reading a SAML identity provider's metadata (SAML 2.0 Metadata, OASIS saml-metadata-2.0-os): its entityID,
 * its single sign-on service for the HTTP-Redirect binding, and its signing certificates. node-saml reads no
 * metadata, and the kept readers are either tied to passport or bring a whole second SAML library into the
 * server; these forty lines use the XML parser Signet already has. The metadata's own signature is not
 * checked: trust comes from the admin who pastes it or names its https URL.
 */
const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const TIMEOUT_MS = 8_000;

const invalid = (reason: string) =>
  new AppError("SSO_METADATA_INVALID", `The identity provider's metadata cannot be used: ${reason}`, { details: { reason } });

type El = Element;
const children = (el: El, ns: string, name: string): El[] =>
  Array.from(el.childNodes).filter(
    (n): n is El => n.nodeType === 1 && (n as El).namespaceURI === ns && (n as El).localName === name,
  );

/** The provider a connection keeps, from the metadata's XML (one IdP; `entityId` picks one of an aggregate). */
export async function parseIdpMetadata(xml: string, entityId?: string): Promise<Omit<SamlIdp, "metadataUrl">> {
  if (Buffer.byteLength(xml) > SAML_METADATA_MAX_BYTES) throw invalid("it is larger than 1 MB");
  // No DTD at all: entity expansion is how an XML file turns a few kilobytes into gigabytes.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw invalid("it declares a DOCTYPE or entities, which are refused");
  const { DOMParser, onErrorStopParsing } = await import("@xmldom/xmldom");
  let root: El | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, "text/xml").documentElement as El | null;
  } catch {
    throw invalid("it is not well-formed XML");
  }
  if (!root || root.namespaceURI !== MD) throw invalid("it is not SAML 2.0 metadata (no EntityDescriptor)");
  const entities =
    root.localName === "EntityDescriptor"
      ? [root]
      : root.localName === "EntitiesDescriptor"
        ? Array.from(root.getElementsByTagNameNS(MD, "EntityDescriptor"))
        : [];
  const idps = entities.filter(
    (e) => children(e, MD, "IDPSSODescriptor").length > 0 && (!entityId || e.getAttribute("entityID") === entityId),
  );
  if (idps.length === 0) throw invalid("it describes no identity provider (IDPSSODescriptor)");
  if (idps.length > 1) throw invalid("it describes several identity providers: give the metadata of one");
  const entity = idps[0]!;
  const idp = children(entity, MD, "IDPSSODescriptor")[0]!;
  if (!(idp.getAttribute("protocolSupportEnumeration") ?? "").includes("urn:oasis:names:tc:SAML:2.0:protocol"))
    throw invalid("the identity provider does not speak SAML 2.0");
  if (idp.getAttribute("WantAuthnRequestsSigned") === "true")
    throw invalid("the identity provider wants signed authentication requests, which Signet does not send yet");
  const ssoUrl = children(idp, MD, "SingleSignOnService")
    .find((s) => s.getAttribute("Binding") === REDIRECT)
    ?.getAttribute("Location");
  if (!ssoUrl) throw invalid("it has no single sign-on service for the HTTP-Redirect binding");
  const certificates = children(idp, MD, "KeyDescriptor")
    .filter((k) => (k.getAttribute("use") || "signing") === "signing")
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, "X509Certificate")))
    .map((c) => (c.textContent ?? "").replace(/\s+/g, ""))
    .filter((b64, i, all) => b64 && all.indexOf(b64) === i);
  if (!certificates.length) throw invalid("it names no signing certificate");
  if (certificates.length > 5) throw invalid("it names more than 5 signing certificates");
  for (const b64 of certificates)
    try {
      new crypto.X509Certificate(Buffer.from(b64, "base64"));
    } catch {
      throw invalid("a signing certificate is not an X.509 certificate");
    }
  return { entityId: entity.getAttribute("entityID") ?? "", ssoUrl, certificates };
}

/** The same, read from the provider's metadata URL: no redirect, 8 s, 1 MB. */
export async function fetchIdpMetadata(url: string): Promise<Omit<SamlIdp, "metadataUrl">> {
  try {
    const xml = await fetchBounded(url, {
      maxBytes: SAML_METADATA_MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      accept: "application/samlmetadata+xml, application/xml, text/xml",
    });
    return await parseIdpMetadata(xml);
  } catch (e) {
    throw e instanceof FetchRefused ? invalid(`its URL could not be read: ${e.reason}`) : e;
  }
}

/** A certificate as the settings page shows it. */
export function certificateFacts(b64: string): { fingerprint256: string; notAfter: string } {
  try {
    const x = new crypto.X509Certificate(Buffer.from(b64, "base64"));
    return { fingerprint256: x.fingerprint256, notAfter: new Date(x.validTo).toISOString() };
  } catch {
    return { fingerprint256: "?", notAfter: new Date(0).toISOString() };
  }
}
