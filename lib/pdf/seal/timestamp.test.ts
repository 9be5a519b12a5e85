import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defined, firstOf } from "../../../test/support/expect-helpers";
import { pdfTextLines } from "../../../test/support/pdf-fixtures";
import { agreementPdf, pdfsig, qpdfCheck, testP12 } from "../../../test/support/seal-fixtures";
import { qpdfJson, stampDigest, startTestTsa, verifyToken, type TestTsa } from "../../../test/support/tsa";
import { sealDocument, type SealResult } from "./index";
import {
  fillDocumentTimestamp,
  lastSignatureData,
  prepareDocumentTimestamp,
  signatureTimestampToken,
  timestampSignature,
} from "./timestamp";
import { addValidationData } from "./validation-data";

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest();

describe("timestamps and validation data (B-T, B-LT, B-LTA) with a real TSA", () => {
  let tsa: TestTsa;
  let bb: SealResult;
  let bt: Uint8Array;
  let blt: Uint8Array;
  let blta: Uint8Array;
  let tsaCerts: Uint8Array[];

  beforeAll(async () => {
    tsa = await startTestTsa({ name: "Engine Test TSA" });
    const probe = await stampDigest(tsa, sha256(new TextEncoder().encode("probe")));
    bb = await sealDocument(await agreementPdf(), {
      fields: [],
      ...testP12(),
      level: "B-LTA",
      timestamp: { authority: probe.authority, checkedAt: probe.genTime, tokenBytes: probe.token.length },
      certificate: { requestId: "sr_ts", title: "Timestamped", environment: "PRODUCTION", recipients: [] },
    });
    const token = await stampDigest(tsa, bb.signatureImprint);
    tsaCerts = token.certificates;
    bt = timestampSignature(bb.sealed, token.token);
    blt = await addValidationData(bt, { certificates: [...bb.signerChain, ...token.certificates], ocsps: [], crls: [] });
    const prepared = await prepareDocumentTimestamp(blt, token.token.length + 2048);
    blta = fillDocumentTimestamp(prepared.pdf, (await stampDigest(tsa, prepared.imprint)).token);
  });
  afterAll(() => tsa.close());

  it("B-T: the signature stays valid over the whole file, and its timestamp token verifies over the signature value", async () => {
    expect(bt.length).toBe(bb.sealed.length); // the token went into the room made for it
    const report = await pdfsig(bt);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    const { token, imprint } = signatureTimestampToken(bt);
    expect(Buffer.from(imprint)).toEqual(Buffer.from(bb.signatureImprint));
    expect(await verifyToken(tsa, token!, imprint)).toContain("Verification: OK");
    expect(signatureTimestampToken(bb.sealed).token).toBeUndefined();
  });

  it("B-LT: a /DSS after the signature holds the signer's and the TSA's certificates", async () => {
    expect(Buffer.compare(Buffer.from(blt.subarray(0, bt.length)), Buffer.from(bt))).toBe(0);
    const report = await pdfsig(blt);
    expect(report).toContain("Signature is Valid.");
    // Honest: the DSS is a revision after the signature, so it no longer covers every byte.
    expect(report).not.toContain("Total document signed");
    expect(await qpdfCheck(blt)).toContain("No syntax or stream encoding errors");
    const certs = await dssCertificates(blt);
    for (const c of [...bb.signerChain, ...tsaCerts]) expect(certs).toContain(Buffer.from(c).toString("base64"));
    expect(certs).toHaveLength(bb.signerChain.length + tsaCerts.length);
  });

  it("B-LTA: the last revision is a document timestamp whose token verifies over the byte ranges", async () => {
    const last = lastSignatureData(blta);
    expect(last.byteRange[2] + last.byteRange[3]).toBe(blta.length);
    expect(await verifyToken(tsa, last.der, last.digest)).toContain("Verification: OK");
    expect(Buffer.from(blta).toString("latin1")).toMatch(/\/Type \/DocTimeStamp[\s\S]*\/SubFilter \/ETSI\.RFC3161/);
    // pdfsig (poppler 22.12) lists the document timestamp, covering every byte, but cannot check an
    // ETSI.RFC3161 token ("Signature has not yet been verified"): openssl ts -verify did, above. The
    // seal's own signature stays valid, over every revision but the ones appended after it.
    const report = await pdfsig(blta);
    const [sig1, sig2] = report.split(/Signature #2:/);
    expect(sig1).toContain("Signature is Valid.");
    expect(sig1).toContain("Not total document signed");
    expect(sig2).toContain("Signature Field Name: Signet document timestamp");
    expect(sig2).toContain("Total document signed");
    expect(sig2).toContain("Signature has not yet been verified.");
    expect(await qpdfCheck(blta)).toContain("No syntax or stream encoding errors");
    expect(await pdfTextLines(blta, 4)).toContain("PAdES level B-LTA");
  });

  it("prints the sealing certificate, the level and the authority on the certificate page", async () => {
    const text = await pdfTextLines(bb.sealed, 4);
    expect(text).toContain("Sealing certificate CN=Signet test sealing, O=Signet");
    expect(text).toContain(`SHA-256 fingerprint ${sha256(firstOf(bb.signerChain)).toString("hex")}`);
    expect(text).toContain("Timestamp authority Engine Test TSA, Signet Tests");
    expect(text.replace(/\s+/g, " ")).toContain(
      "Timestamp: from Engine Test TSA, Signet Tests at sealing; the exact time is inside the signature.",
    );
  });
});

/** The DER certificates (base64) of the catalog's /DSS /Certs, read with qpdf --json. */
async function dssCertificates(pdf: Uint8Array): Promise<string[]> {
  const json = await qpdfJson(pdf);
  const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown>; stream?: { data?: string } } | undefined>;
  const root = objects["trailer"]?.value?.["/Root"];
  const dss = objects[`obj:${String(root)}`]?.value?.["/DSS"];
  const dict = typeof dss === "string" ? objects[`obj:${dss}`]?.value : (dss as Record<string, unknown> | undefined);
  const certs = dict?.["/Certs"];
  if (!Array.isArray(certs)) throw new Error("the file has no /DSS /Certs");
  return certs.map((ref) => defined(objects[`obj:${String(ref)}`]?.stream?.data, `the stream data of ${String(ref)}`));
}
