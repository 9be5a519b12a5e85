import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { defined, firstOf } from "../../../test/support/expect-helpers";
import { qpdf } from "../../../test/support/pdf-fixtures";
import { agreementPdf, pdfsig, qpdfCheck, testP12 } from "../../../test/support/seal-fixtures";
import { signPdf } from "./pades";
import { readPkcs12 } from "./pkcs12";
import { createSelfSignedP12 } from "./self-signed";

/** Flips one byte at `at` (a printable change, so the file still parses). */
function tamper(pdf: Uint8Array, at: number): Uint8Array {
  const copy = new Uint8Array(pdf);
  copy[at] = copy[at] === 0x41 ? 0x42 : 0x41;
  return copy;
}

describe("createSelfSignedP12", () => {
  it("makes an RSA 2048 certificate for 10 years, for digital signatures and non-repudiation", () => {
    const { p12, password } = createSelfSignedP12("Signet sealing test");
    expect(password.length).toBeGreaterThanOrEqual(24);
    const der = firstOf(readPkcs12(p12, password).certificates, "certificates");
    const cert = pkijs.Certificate.fromBER(new Uint8Array(der));
    expect(cert.subject.typesAndValues.find((t) => t.type === "2.5.4.3")?.value.valueBlock.value).toBe("Signet sealing test");
    expect(new crypto.X509Certificate(der).publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (cert.notAfter.value.getTime() - cert.notBefore.value.getTime()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9.99);
    expect(years).toBeLessThan(10.01);
    const ext = defined(
      cert.extensions?.find((e) => e.extnID === "2.5.29.15"),
      "the keyUsage extension",
    );
    // KeyUsage bits, first octet: digitalSignature 0x80, nonRepudiation 0x40, keyCertSign 0x04.
    const bits = (ext.parsedValue as asn1js.BitString).valueBlock.valueHexView[0] ?? 0;
    const ku = {
      digitalSignature: (bits & 0x80) !== 0,
      nonRepudiation: (bits & 0x40) !== 0,
      keyCertSign: (bits & 0x04) !== 0,
      critical: ext.critical,
    };
    expect(ku).toMatchObject({ digitalSignature: true, nonRepudiation: true, critical: true });
    expect(ku.keyCertSign).toBeFalsy();
    expect(() => readPkcs12(p12, "wrong")).toThrow();
  });
});

describe("signPdf", () => {
  it("signs the whole file with a PAdES (ETSI.CAdES.detached) signature that pdfsig validates", async () => {
    const pdf = await agreementPdf();
    const signed = await signPdf(pdf, { ...testP12(), reason: "Test seal", name: "Signet", location: "Test bench" });
    const report = await pdfsig(signed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toContain("Common Name: Signet test sealing");
    // An incremental update: the input is kept byte for byte at the start of the signed file.
    expect(Buffer.compare(Buffer.from(signed.subarray(0, pdf.length)), Buffer.from(pdf))).toBe(0);
    expect(await qpdfCheck(signed)).toContain("No syntax or stream encoding errors");
  });

  it("reports a changed byte inside the signed range as a digest mismatch", async () => {
    const signed = await signPdf(await agreementPdf(), { ...testP12(), reason: "Test seal" });
    expect(await pdfsig(signed)).toContain("Signature is Valid.");
    // Byte 10 is inside the header comment: the file still parses, the digest no longer matches.
    const bad = await pdfsig(tamper(signed, 10));
    expect(bad).toContain("Digest Mismatch");
    expect(bad).not.toContain("Signature is Valid.");
    // And in the middle of the document's own bytes.
    expect(await pdfsig(tamper(signed, Math.floor(signed.length / 3)))).not.toContain("Signature is Valid.");
  });

  it("no longer covers the whole document once bytes are appended after signing", async () => {
    const signed = await signPdf(await agreementPdf(), { ...testP12(), reason: "Test seal" });
    const appended = new Uint8Array([...signed, ...new TextEncoder().encode("\n% appended later\n")]);
    expect(await pdfsig(appended)).not.toContain("Total document signed");
  });

  it("signs a file that uses a cross-reference stream (its update is a stream too)", async () => {
    const compact = await qpdf(await agreementPdf(), ["--object-streams=generate"]);
    expect(Buffer.from(compact).toString("latin1")).toContain("/XRef");
    const signed = await signPdf(compact, { ...testP12(), reason: "Test seal" });
    const report = await pdfsig(signed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(await qpdfCheck(signed)).toContain("No syntax or stream encoding errors");
  });

  it.each([
    ["openssl-legacy.p12", "openssl-legacy", "Signet Test Sealing"],
    ["openssl-ec.p12", "openssl-ec", "Signet Test EC"],
  ])("signs with an operator's PKCS#12 (%s) so that pdfsig validates it", async (file, password, commonName) => {
    const p12 = fs.readFileSync(path.resolve(__dirname, "../../../test/fixtures/p12", file));
    const signed = await signPdf(await agreementPdf(), { p12, password, reason: "Test seal" });
    const report = await pdfsig(signed);
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain(`Common Name: ${commonName}`);
  });

  it("refuses a wrong P12 password with a clear error", async () => {
    await expect(signPdf(await agreementPdf(), { p12: testP12().p12, password: "not-it", reason: "x" })).rejects.toThrow(
      /signing certificate/,
    );
  });
});
