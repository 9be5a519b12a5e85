import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stampDigest, startTestTsa, type TestTsa } from "../../../test/support/tsa";
import { fetchValidationData, RevocationDataError } from "./fetch-validation-data";

const digest = crypto.createHash("sha256").update("validation data").digest();

describe("fetchValidationData: the revocation data the certificates name, fetched and checked", () => {
  let ocsp: TestTsa;
  let crl: TestTsa;
  beforeAll(async () => {
    [ocsp, crl] = await Promise.all([
      startTestTsa({ name: "OCSP TSA", revocation: "ocsp" }),
      startTestTsa({ name: "CRL TSA", revocation: "crl" }),
    ]);
  });
  afterAll(() => Promise.all([ocsp.close(), crl.close()]));

  it("asks the OCSP responder of a certificate that names one (its CA, self-signed, has none to ask)", async () => {
    const { certificates } = await stampDigest(ocsp, digest);
    const before = ocsp.ocspRequests;
    const data = await fetchValidationData(certificates, 5000);
    expect(ocsp.ocspRequests - before).toBe(1);
    expect(data).toMatchObject({ certificates, crls: [] });
    expect(data.ocsps).toHaveLength(1);
  });

  it("fetches the CRL of a certificate that names a distribution point", async () => {
    const { certificates } = await stampDigest(crl, digest);
    const data = await fetchValidationData(certificates, 5000);
    expect(data.ocsps).toEqual([]);
    expect(data.crls).toHaveLength(1);
  });

  it("fails (for the seal job to retry) when the named source does not answer", async () => {
    const { certificates } = await stampDigest(ocsp, digest);
    ocsp.mode = "http-error";
    try {
      const err = await fetchValidationData(certificates, 5000).catch((e) => e);
      expect(err).toBeInstanceOf(RevocationDataError);
      expect(err.message).toMatch(
        /Revocation data for the certificate of OCSP TSA, Signet Tests could not be fetched \(OCSP: .*answered HTTP 503\)/,
      );
    } finally {
      ocsp.mode = "ok";
    }
  });
});
