/**
 * A certificate's Name (subject or issuer) as one line, "CN=…, O=…": what the verification report,
 * the certificate of completion and the timestamp authority's name print.
 */
import type * as pkijs from "pkijs";

const LABELS: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.5": "serialNumber",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "E",
};

/**
 * "CN=…, O=…" from a Name, in its encoded order (as OpenSSL prints it). An attribute without a label
 * here is named by its OID, a value that is not a string is shown as the hex of its encoding, and
 * control characters are dropped; at most 512 characters.
 */
export function nameToString(name: pkijs.RelativeDistinguishedNames): string {
  const parts = name.typesAndValues.map((tv) => {
    const value = (tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
    const text = typeof value === "string" ? value : Buffer.from(tv.value.valueBeforeDecodeView).toString("hex");
    return `${LABELS[tv.type] ?? tv.type}=${text.replace(/[\u0000-\u001f\u007f]/g, "")}`;
  });
  return parts.join(", ").slice(0, 512);
}
