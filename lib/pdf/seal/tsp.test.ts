import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askTsa, startTestTsa, verifyToken, type TestTsa } from "../../../test/support/tsa";
import { certificatesFromPem, newNonce, readTimestampResponse } from "./tsp";

describe("RFC 3161 requests and answers, against openssl ts -reply", () => {
  let tsa: TestTsa;
  let ca: Uint8Array[];
  const digest = crypto.createHash("sha256").update("what the seal signs").digest();
  const ask = (nonce: string) => askTsa(tsa, digest, nonce);

  beforeAll(async () => {
    tsa = await startTestTsa({ name: "Unit Test TSA" });
    ca = certificatesFromPem(fs.readFileSync(tsa.caFile, "utf8"));
  });
  afterAll(() => tsa.close());

  it("accepts a granted token over our digest and nonce, signed by a certificate that chains to the CA", async () => {
    const nonce = newNonce();
    const asked = Date.now();
    const t = await readTimestampResponse(await ask(nonce), { digest, nonceHex: nonce, trusted: ca });
    expect(t.authority).toBe("Unit Test TSA, Signet Tests");
    // Made while we asked: between the moments around the call (whole seconds in the token), however long it took.
    expect(Date.parse(t.genTime)).toBeGreaterThanOrEqual(Math.floor(asked / 1000) * 1000 - 1000);
    expect(Date.parse(t.genTime)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(t.certificates).toHaveLength(2); // the TSA's and its CA
    expect(await verifyToken(tsa, t.token, digest)).toContain("Verification: OK");
  });

  it("refuses a token with another nonce, over another digest, or chained to another CA", async () => {
    const nonce = newNonce();
    const answer = await ask(nonce);
    await expect(readTimestampResponse(answer, { digest, nonceHex: newNonce() })).rejects.toThrow(/nonce/);
    await expect(readTimestampResponse(answer, { digest: crypto.randomBytes(32), nonceHex: nonce })).rejects.toThrow(
      /messageImprint/,
    );
    const other = await startTestTsa({ name: "Other TSA" });
    try {
      const otherCa = certificatesFromPem(fs.readFileSync(other.caFile, "utf8"));
      await expect(readTimestampResponse(answer, { digest, nonceHex: nonce, trusted: otherCa })).rejects.toThrow(/verify|chain/);
    } finally {
      await other.close();
    }
  });

  it("refuses bytes that are not a TimeStampResp, and a refusal", async () => {
    await expect(readTimestampResponse(new TextEncoder().encode("garbage"), { digest, nonceHex: newNonce() })).rejects.toThrow(
      /TimeStampResp|DER/,
    );
    // status rejection (2), with a reason: SEQUENCE { SEQUENCE { INTEGER 2, SEQUENCE { UTF8String "no" } } }
    const refusal = Uint8Array.from([0x30, 0x0b, 0x30, 0x09, 0x02, 0x01, 0x02, 0x30, 0x04, 0x0c, 0x02, 0x6e, 0x6f]);
    await expect(readTimestampResponse(refusal, { digest, nonceHex: newNonce() })).rejects.toThrow(/PKIStatus 2: no/);
  });
});
