/**
 * Trust by chain only: a time-stamp raises the PAdES level, and a signer counts as vouched for, only
 * when its certificate chains to the trust list. The authorities are real `openssl ts` ones
 * (test/support/tsa.ts), one of them named like a public one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstOf, itemAt } from "../../../test/support/expect-helpers";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import { makeTsa } from "../../../test/support/test-tsa";
import { askTsa, startTestTsa, type TestTsa } from "../../../test/support/tsa";
import { createSelfSignedP12, fillDocumentTimestamp, prepareDocumentTimestamp, sealDocument, signPdf } from "../seal";
import { loadIdentity } from "../seal/cades-signer";
import { certificatesFromPem, newNonce, readTimestampResponse } from "../seal/tsp";
import { verifyPdf } from "./index";
import { checkChain, TrustList } from "./trust";

const certificate = {
  requestId: "sr_trust_test",
  title: "Trust test",
  environment: "PRODUCTION",
  recipients: [{ name: "Tru Stee", email: "tru@example.com", role: "SIGNER", order: 1, signedAt: "2026-11-22T10:00:00.000Z" }],
};

const caOf = (tsa: TestTsa) => certificatesFromPem(fs.readFileSync(tsa.caFile, "utf8"));
const tsaCertOf = (tsa: TestTsa) => firstOf(certificatesFromPem(fs.readFileSync(tsa.tsaCertFile, "utf8")));

/** A document time-stamp from `tsa` appended to `pdf`, as B-LTA appends one (the token not checked against any CA). */
async function appendDocumentTimestamp(pdf: Uint8Array, tsa: TestTsa): Promise<Uint8Array> {
  const prepared = await prepareDocumentTimestamp(pdf, 8192);
  const nonceHex = newNonce();
  const { token } = await readTimestampResponse(await askTsa(tsa, prepared.imprint, nonceHex), {
    digest: prepared.imprint,
    nonceHex,
  });
  return fillDocumentTimestamp(prepared.pdf, token);
}

describe("trust by chain only", () => {
  let sealed: Uint8Array;
  let ours: { sealingP12: { p12: Uint8Array; password: string } };
  let digicert: TestTsa;
  let signetTsa: TestTsa;
  let lookalike: TestTsa;

  beforeAll(async () => {
    const id = testP12();
    ours = { sealingP12: { p12: id.p12, password: id.password } };
    sealed = (await sealDocument(await simplePdf([{ text: "Trust me" }]), { fields: [], certificate, ...id })).sealed;
    // A self-made authority named like a public one, and two whose CAs share one name but not a key.
    [digicert, signetTsa, lookalike] = await Promise.all([
      startTestTsa({
        name: "DigiCert SHA256 RSA4096 Timestamp Responder 2025 1",
        organization: "DigiCert, Inc.",
        caName: "DigiCert Trusted G4 TimeStamping RSA4096 SHA256 2025 CA1",
      }),
      startTestTsa({ name: "Signet Test TSA" }),
      startTestTsa({ name: "Signet Test TSA" }),
    ]);
  });
  afterAll(() => Promise.all([digicert.close(), signetTsa.close(), lookalike.close()]));

  it("a self-made 'DigiCert' document time-stamp on a sealed B-B PDF: reported untrusted, the level stays B-B, not altered", async () => {
    const stamped = await appendDocumentTimestamp(sealed, digicert);
    const v = await verifyPdf(stamped, ours);
    expect(v.verdict).toBe("VALID"); // adding a document time-stamp is an honest update
    expect(v.modifications).toEqual([]);
    expect(v.signatures).toHaveLength(2);
    expect(firstOf(v.signatures)).toMatchObject({ level: "B-B", signerTrusted: true, isSealingCertificate: true });
    const ts = itemAt(v.signatures, 1);
    expect(ts).toMatchObject({ kind: "document-timestamp", digestMatches: true, signatureVerifies: true, signerTrusted: false });
    expect(ts.timestamp).toMatchObject({ verified: true, trusted: false });
    expect(ts.timestamp?.tsa).toContain("CN=DigiCert SHA256 RSA4096 Timestamp Responder 2025 1");
    expect(ts.problems.join(" ")).toMatch(/Time-stamp: its authority \(CN=DigiCert .*\) is not one this service trusts/);
    expect(v.reasons.join(" ")).toMatch(
      /Document time-stamp 2 is present \(CN=DigiCert .*\), but its authority is not one this service trusts; its time is not vouched for/,
    );
  });

  it("the same file with that authority's CA in the trust list: B-T, trusted", async () => {
    const stamped = await appendDocumentTimestamp(sealed, digicert);
    const v = await verifyPdf(stamped, { ...ours, trustedCertificates: caOf(digicert) });
    expect(v.verdict).toBe("VALID");
    expect(firstOf(v.signatures).level).toBe("B-T");
    expect(itemAt(v.signatures, 1)).toMatchObject({ signerTrusted: true, timestamp: { verified: true, trusted: true } });
    expect(v.reasons.join(" ")).not.toMatch(/not vouched for/);
  });

  it("a name is not a key: an authority whose CA is named like the trusted one does not chain to it", async () => {
    const stamped = await appendDocumentTimestamp(sealed, lookalike);
    const v = await verifyPdf(stamped, { ...ours, trustedCertificates: caOf(signetTsa) });
    expect(firstOf(v.signatures).level).toBe("B-B");
    expect(itemAt(v.signatures, 1).timestamp).toMatchObject({ verified: true, trusted: false });
    // The trusted CA's own authority does.
    const genuine = await verifyPdf(await appendDocumentTimestamp(sealed, signetTsa), {
      ...ours,
      trustedCertificates: caOf(signetTsa),
    });
    expect(firstOf(genuine.signatures).level).toBe("B-T");
  });

  it("signers: the sealing certificate is trusted, another self-signed one is reported as not trusted", async () => {
    const other = createSelfSignedP12("DigiCert Document Signing");
    const v = await verifyPdf(await signPdf(await simplePdf(), { ...other, reason: "Mine" }), ours);
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(firstOf(v.signatures)).toMatchObject({ signatureVerifies: true, signerTrusted: false });
    expect(firstOf(v.signatures).problems.join(" ")).toMatch(/The signer's certificate is not one this service trusts/);
    // In the operator's bundle, the same certificate counts.
    const trusted = await verifyPdf(await signPdf(await simplePdf(), { ...other, reason: "Mine" }), {
      ...ours,
      trustedCertificates: [loadIdentity(other.p12, other.password).chain[0]],
    });
    expect(firstOf(trusted.signatures).signerTrusted).toBe(true);
  });

  describe("checkChain", () => {
    const now = () => new Date();

    it("a TSA certificate under a trusted CA, at a time it is valid, for time-stamping", async () => {
      const trust = new TrustList(caOf(signetTsa));
      expect(await checkChain(tsaCertOf(signetTsa), [], trust, now(), "timestamping")).toEqual({ trusted: true });
      // Its key usage allows signing too; the same certificate, self-made elsewhere, does not chain.
      expect(await checkChain(tsaCertOf(signetTsa), [], trust, now(), "signing")).toEqual({ trusted: true });
      expect((await checkChain(tsaCertOf(lookalike), caOf(lookalike), trust, now(), "timestamping")).trusted).toBe(false);
    });

    it("outside its validity, or with an empty trust list: not trusted", async () => {
      const trust = new TrustList(caOf(signetTsa));
      const later = new Date(Date.now() + 20 * 365 * 86_400_000);
      expect(await checkChain(tsaCertOf(signetTsa), [], trust, later, "timestamping")).toMatchObject({
        trusted: false,
        problem: expect.stringMatching(/not yet valid or expired/),
      });
      expect(await checkChain(tsaCertOf(signetTsa), [], new TrustList([]), now(), "timestamping")).toEqual({
        trusted: false,
        problem: "no trusted certificate is configured",
      });
    });

    it("a trusted certificate that is not for time-stamping does not vouch for a time-stamp", async () => {
      const plain = await makeTsa({ timeStamping: false });
      const der = new Uint8Array(plain.cert.toSchema().toBER(false));
      const trust = new TrustList([der]);
      expect(await checkChain(der, [], trust, now(), "timestamping")).toMatchObject({
        trusted: false,
        problem: expect.stringMatching(/not a time-stamping certificate/),
      });
      expect(await checkChain(der, [], trust, now(), "signing")).toEqual({ trusted: true });
      const stamping = await makeTsa();
      const stampingDer = new Uint8Array(stamping.cert.toSchema().toBER(false));
      expect(await checkChain(stampingDer, [], new TrustList([stampingDer]), now(), "timestamping")).toEqual({ trusted: true });
    });

    it("a CA certificate used as a signer is not an intermediate for itself; garbage is not a certificate", async () => {
      const trust = new TrustList(caOf(signetTsa));
      const garbage = new Uint8Array(crypto.randomBytes(64));
      expect(await checkChain(garbage, [], trust, now(), "signing")).toEqual({
        trusted: false,
        problem: "the certificate cannot be read",
      });
      // The trusted CA itself, presented as the signer: its key usage (keyCertSign, cRLSign) allows no signing.
      expect(await checkChain(firstOf(caOf(signetTsa)), [], trust, now(), "signing")).toMatchObject({ trusted: false });
    });
  });
});
