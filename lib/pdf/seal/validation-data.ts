/**
 * PAdES B-LT: the validation material of the seal inside the file, as a /DSS dictionary (ISO
 * 32000-2 12.8.4.3, ETSI EN 319 142-1 5.4) appended by incremental update after the signature:
 * /Certs with the signer's and the TSA's certificate chains, /OCSPs and /CRLs with the revocation
 * data their certificates point to. /VRI is optional and left out: a validator finds what it needs
 * by the certificates themselves.
 *
 * Fetching the revocation data is the server's (lib/server/timestamp/fetch-validation-data.ts);
 * revocation.ts says what to fetch and checks what came back; this module writes the dictionary
 * (addValidationData).
 */
import { PDFArray, PDFDict, PDFName, type PDFRef } from "@cantoo/pdf-lib";
import { loadPdf } from "../load";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import type { ValidationData } from "./revocation";

export {
  checkCrl,
  checkOcspResponse,
  ocspRequest,
  revocationSources,
  type RevocationSource,
  type ValidationData,
} from "./revocation";

/**
 * Appends the /DSS (merged with one the file already has) as an incremental update. Certificates,
 * responses and CRLs are each one stream, written once however often they are given.
 */
export async function addValidationData(pdf: Uint8Array, data: ValidationData): Promise<Uint8Array> {
  const doc = await loadPdf(pdf);
  const snap = snapshotObjects(doc, pdf);
  const ctx = doc.context;
  const dss = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict) ?? ctx.obj({});
  const add = (key: "Certs" | "OCSPs" | "CRLs", items: Uint8Array[]) => {
    const unique = [...new Map(items.map((b) => [Buffer.from(b).toString("base64"), b])).values()];
    if (!unique.length) return;
    const list = dss.lookupMaybe(PDFName.of(key), PDFArray) ?? ctx.obj([]);
    for (const b of unique) list.push(ctx.register(ctx.flateStream(b)) as PDFRef);
    dss.set(PDFName.of(key), list);
  };
  add("Certs", data.certificates);
  add("OCSPs", data.ocsps);
  add("CRLs", data.crls);
  doc.catalog.set(PDFName.of("DSS"), ctx.register(dss));
  const out = await writeIncrementalUpdate(pdf, doc, snap);
  if (!out) throw new Error("The sealed file has no cross-reference section to update");
  return out;
}
