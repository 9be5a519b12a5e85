import "server-only";
import fs from "node:fs/promises";
import { certificatesFromPem } from "@/lib/pdf/seal/tsp";
import { config } from "../config";
import { errField, log } from "../log";

/**
 * The certificates verify trusts besides the sealing certificate (which verifyPdf adds itself):
 * those of TSA_CA_FILE and TRUST_BUNDLE_FILE, as DER, read at each verification so that an edited
 * bundle counts without a restart. A file that cannot be read is left out and logged: verify then
 * trusts less, never more (the server refuses to start with a missing one: checkSealingConfig).
 */
export async function trustedCertificates(): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const { name, file } of config.trustFiles) {
    try {
      out.push(...certificatesFromPem(await fs.readFile(file, "utf8")));
    } catch (e) {
      log().warn({ err: errField(e) }, `${name} could not be read: its certificates are not trusted by verify`);
    }
  }
  return out;
}
