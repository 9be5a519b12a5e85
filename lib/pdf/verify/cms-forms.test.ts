// Signatures written the ways other tools write them (made here with Node's crypto and pkijs, as the EU DSS
// validator's test PDFs are: pkcs7.pdf, pkcs7-no-message-digest.pdf, pkcs7_sha1.pdf, dss-PLAIN-ECDSA/…,
// adbe_crl_signed.pdf, pades-unsupported-signature-algorithm.pdf, dss-1420/…SHA3_256withRSA.pdf): each is
// PASSED, FAILED only when a check ran and failed, and INDETERMINATE when Signet cannot check it.
import { beforeAll, describe, expect, it } from "vitest";
import { firstOf, itemAt } from "../../../test/support/expect-helpers";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import {
  buildCms,
  makeSigner,
  signWithCms,
  signedWith,
  timestampTokenFor,
  type CmsOptions,
  type TestSigner,
} from "../../../test/support/cms-signatures";
import { loadIdentity } from "../seal/cades-signer";
import { fillDocumentTimestamp, prepareDocumentTimestamp, signPdf } from "../seal";
import * as pkijs from "pkijs";
import { CMS_LIMITS, verifyPdf, type SignatureReport } from "./index";

/** A byte of the signed revision that no reader reads (the binary comment after the header). */
const HARMLESS = 10;

function withByteChanged(pdf: Uint8Array): Uint8Array {
  const bad = new Uint8Array(pdf);
  bad[HARMLESS] = itemAt(bad, HARMLESS) ^ 0x01;
  return bad;
}

const only = async (pdf: Uint8Array): Promise<SignatureReport> => {
  const v = await verifyPdf(pdf);
  expect(v.signatures).toHaveLength(1);
  return firstOf(v.signatures);
};

describe("CMS forms other tools write", () => {
  let base: Uint8Array;
  let rsa: TestSigner;
  let ec: TestSigner;

  beforeAll(async () => {
    base = await simplePdf([{ text: "Signed elsewhere" }]);
    rsa = makeSigner("rsa", "Other Tool RSA");
    ec = makeSigner("ec", "Other Tool EC");
  });

  it("adbe.pkcs7.detached without signed attributes (the signature is over the byte range itself): PASSED; a byte changed: FAILED", async () => {
    const opts: CmsOptions = { form: "direct", digest: "sha256", scheme: { kind: "rsa-pkcs1" } };
    const pdf = await signedWith(base, rsa, "adbe.pkcs7.detached", opts);
    expect(await only(pdf)).toMatchObject({
      subFilter: "adbe.pkcs7.detached",
      digestMatches: true,
      signatureVerifies: true,
      outcome: "PASSED",
      failed: null,
      indeterminate: null,
    });
    expect(await only(withByteChanged(pdf))).toMatchObject({ outcome: "FAILED", failed: { reason: "HASH_FAILURE" } });
    // SHA-1, as pkcs7-no-message-digest.pdf: still checked, with a word about SHA-1.
    const sha1 = await only(await signedWith(base, rsa, "adbe.pkcs7.detached", { ...opts, digest: "sha1" }));
    expect(sha1.outcome).toBe("PASSED");
    expect(sha1.problems.join(" ")).toContain("SHA-1");
  });

  it("adbe.pkcs7.sha1 (the CMS holds the SHA-1 of the byte range and signs it): PASSED, with or without signed attributes; a byte changed: FAILED", async () => {
    for (const form of ["direct", "signed-attributes"] as const) {
      const pdf = await signedWith(base, rsa, "adbe.pkcs7.sha1", {
        form,
        sha1Content: true,
        digest: "sha1",
        scheme: { kind: "rsa-pkcs1" },
      });
      expect(await only(pdf), form).toMatchObject({
        subFilter: "adbe.pkcs7.sha1",
        digestMatches: true,
        signatureVerifies: true,
        outcome: "PASSED",
      });
      const bad = await only(withByteChanged(pdf));
      expect(bad, form).toMatchObject({ outcome: "FAILED", failed: { reason: "HASH_FAILURE" }, digestMatches: false });
    }
  });

  it("a detached SubFilter whose CMS holds content of its own: FAILED (it did not sign the byte range)", async () => {
    const pdf = await signedWith(base, rsa, "adbe.pkcs7.detached", {
      form: "direct",
      sha1Content: true,
      digest: "sha1",
      scheme: { kind: "rsa-pkcs1" },
    });
    expect(await only(pdf)).toMatchObject({ outcome: "FAILED", failed: { reason: "FORMAT_FAILURE" } });
  });

  it("ECDSA P-256: plain r‖s (BSI TR-03111, 0.4.0.127.0.7.1.1.4.1.3) and X9.62 DER: PASSED; r‖s named as DER: FAILED", async () => {
    for (const kind of ["ecdsa-plain", "ecdsa-der"] as const) {
      const pdf = await signedWith(base, ec, "ETSI.CAdES.detached", {
        form: "signed-attributes",
        digest: "sha256",
        scheme: { kind },
      });
      expect(await only(pdf), kind).toMatchObject({ digestMatches: true, signatureVerifies: true, outcome: "PASSED" });
      expect(await only(withByteChanged(pdf)), kind).toMatchObject({ outcome: "FAILED", failed: { reason: "HASH_FAILURE" } });
    }
    // Without signed attributes too.
    const direct = await signedWith(base, ec, "adbe.pkcs7.detached", {
      form: "direct",
      digest: "sha256",
      scheme: { kind: "ecdsa-plain" },
    });
    expect((await only(direct)).outcome).toBe("PASSED");
    // An r‖s value under the DER algorithm's OID: checked, and it is not what that OID says.
    const misnamed = await signedWith(base, ec, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "ecdsa-plain", oid: "1.2.840.10045.4.3.2" },
    });
    expect(await only(misnamed)).toMatchObject({ outcome: "FAILED", failed: { reason: "SIG_CRYPTO_FAILURE" } });
  });

  it("RSASSA-PSS (1.2.840.113549.1.1.10 with its parameters): SHA-256 and SHA-512, salt as the parameters say: PASSED", async () => {
    for (const [hash, saltLength] of [
      ["sha256", 32],
      ["sha512", 64],
      ["sha256", 20],
    ] as const) {
      const pdf = await signedWith(base, rsa, "ETSI.CAdES.detached", {
        form: "signed-attributes",
        digest: hash,
        scheme: { kind: "rsa-pss", hash, saltLength },
      });
      expect(await only(pdf), `${hash}/${saltLength}`).toMatchObject({ signatureVerifies: true, outcome: "PASSED" });
    }
  });

  it("signed attributes not in DER order, signed as written (as DSS's dss-818 files): FAILED over their DER form, as DSS finds", async () => {
    const opts: CmsOptions = { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" } };
    expect((await only(await signedWith(base, rsa, "ETSI.CAdES.detached", opts))).outcome).toBe("PASSED");
    const unsorted = await only(await signedWith(base, rsa, "ETSI.CAdES.detached", { ...opts, attributesUnsorted: true }));
    expect(unsorted).toMatchObject({ digestMatches: true, signatureVerifies: false, outcome: "FAILED" });
    expect(unsorted.problems.join(" ")).toContain("not in DER order");
  });

  it("a value signed with SHA-256 but named SHA3-256 with RSA (as DSS's dss-1420 file): FAILED, as DSS finds", async () => {
    const pdf = await signedWith(base, rsa, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "rsa-pkcs1", oid: "2.16.840.1.101.3.4.3.14" },
    });
    expect(await only(pdf)).toMatchObject({
      signatureVerifies: false,
      outcome: "FAILED",
      failed: { reason: "SIG_CRYPTO_FAILURE" },
    });
  });

  it("an algorithm Signet does not check (a curve's OID named as the signature algorithm, as DSS's file): INDETERMINATE, never broken", async () => {
    const pdf = await signedWith(base, rsa, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "unknown", oid: "1.2.840.10045.3.1.7" },
    });
    const s = await only(pdf);
    expect(s).toMatchObject({
      digestMatches: true,
      signatureVerifies: false,
      outcome: "INDETERMINATE",
      failed: null,
      indeterminate: { reason: "UNSUPPORTED_ALGORITHM" },
    });
    expect(s.indeterminate?.detail).toContain("1.2.840.10045.3.1.7");
  });

  it("a SubFilter Signet does not read (adbe.x509.rsa_sha1): INDETERMINATE", async () => {
    const pdf = await signedWith(base, rsa, "adbe.x509.rsa_sha1", {
      form: "direct",
      digest: "sha1",
      scheme: { kind: "rsa-pkcs1" },
    });
    expect(await only(pdf)).toMatchObject({ outcome: "INDETERMINATE", indeterminate: { reason: "UNSUPPORTED_FORMAT" } });
  });

  it("a CMS with a CRL of 5,000 entries (more ASN.1 nodes than asn1js reads by default, as adbe_crl_signed.pdf): PASSED", async () => {
    const pdf = await signedWith(
      base,
      rsa,
      "adbe.pkcs7.detached",
      { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" }, crlEntries: 5_000 },
      200_000,
    );
    expect(await only(pdf)).toMatchObject({ digestMatches: true, signatureVerifies: true, outcome: "PASSED" });
  });

  it("a CMS beyond the parse limits (its bytes, or its ASN.1 nodes): INDETERMINATE (PARSE_LIMIT), the file still read", async () => {
    const large = await signedWith(
      base,
      rsa,
      "adbe.pkcs7.detached",
      { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" }, crlEntries: 12_000 },
      400_000,
    );
    const s = await only(large);
    expect(s).toMatchObject({ byteRangeValid: true, outcome: "INDETERMINATE", indeterminate: { reason: "PARSE_LIMIT" } });
    expect(s.indeterminate?.detail).toContain(String(CMS_LIMITS.bytes));
    expect(s.digestMatches || s.signatureVerifies).toBe(false);

    const dense = await signedWith(
      base,
      rsa,
      "adbe.pkcs7.detached",
      { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" }, nullNodes: CMS_LIMITS.nodes + 10 },
      240_000,
    );
    const d = await only(dense);
    expect(d).toMatchObject({ outcome: "INDETERMINATE", indeterminate: { reason: "PARSE_LIMIT" } });
    expect(d.indeterminate?.detail).toMatch(/node/);
  });

  it("this service's own certificate, with a signature Signet cannot check: not VALID, not ALTERED, but not shown to be ours", async () => {
    const id = testP12();
    const identity = loadIdentity(id.p12, id.password);
    const ours: TestSigner = {
      cert: pkijs.Certificate.fromBER(new Uint8Array(identity.chain[0])),
      key: identity.key,
      type: "rsa",
    };
    const opts = { sealingP12: { p12: id.p12, password: id.password } };
    const pdf = await signedWith(base, ours, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "unknown", oid: "1.2.3.4.5" },
    });
    const v = await verifyPdf(pdf, opts);
    expect(firstOf(v.signatures)).toMatchObject({ isSealingCertificate: true, outcome: "INDETERMINATE" });
    expect(v.verdict).toBe("NOT_SEALED_BY_SERVICE");
    expect(v.reasons.join(" ")).toMatch(/could not be checked.*not shown to be sealed by this service/);
    // The same certificate and a value it checks: the seal is this service's.
    const good = await signedWith(base, ours, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "rsa-pkcs1", oid: "1.2.840.113549.1.1.11" },
    });
    expect((await verifyPdf(good, opts)).verdict).toBe("VALID");
  });

  it("a signer's certificate that is not DER (a serial number with a needless leading zero): INDETERMINATE, never intact", async () => {
    const padded = makeSigner("rsa", "Padded Serial", { paddedSerial: true });
    const pdf = await signedWith(base, padded, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "rsa-pkcs1" },
    });
    expect(await only(pdf)).toMatchObject({
      signatureVerifies: false,
      outcome: "INDETERMINATE",
      indeterminate: { reason: "NO_SIGNING_CERTIFICATE_FOUND" },
    });
  });

  it("a CMS without its signer's certificate: INDETERMINATE (no key to check it with)", async () => {
    const pdf = await signedWith(base, rsa, "ETSI.CAdES.detached", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "rsa-pkcs1" },
      withoutCertificate: true,
    });
    expect(await only(pdf)).toMatchObject({
      digestMatches: true,
      outcome: "INDETERMINATE",
      indeterminate: { reason: "NO_SIGNING_CERTIFICATE_FOUND" },
    });
  });

  it("document time-stamps after this service's seal: one that cannot be checked leaves it VALID, said; one that fails is ALTERED", async () => {
    const id = testP12();
    const opts = { sealingP12: { p12: id.p12, password: id.password } };
    const sealed = await signPdf(base, { p12: id.p12, password: id.password, reason: "test" });
    const prepared = await prepareDocumentTimestamp(sealed, 8192);

    const odd = fillDocumentTimestamp(
      prepared.pdf,
      timestampTokenFor(rsa, prepared.imprint, { kind: "unknown", oid: "1.2.3.4.6" }),
    );
    const v = await verifyPdf(odd, opts);
    expect(v.signatures[1]).toMatchObject({
      kind: "document-timestamp",
      outcome: "INDETERMINATE",
      indeterminate: { reason: "UNSUPPORTED_ALGORITHM" },
    });
    expect(v.verdict).toBe("VALID");
    expect(v.reasons.join(" ")).toMatch(/Document time-stamp 2 could not be checked .*its time is not vouched for/);

    const wrong = fillDocumentTimestamp(prepared.pdf, timestampTokenFor(rsa, new Uint8Array(32)));
    const w = await verifyPdf(wrong, opts);
    expect(w.signatures[1]).toMatchObject({ outcome: "FAILED", failed: { reason: "HASH_FAILURE" } });
    expect(w.verdict).toBe("ALTERED");

    const good = fillDocumentTimestamp(prepared.pdf, timestampTokenFor(rsa, prepared.imprint));
    const g = await verifyPdf(good, opts);
    expect(g.signatures[1]).toMatchObject({ outcome: "PASSED" });
    expect(g.verdict).toBe("VALID");
  });

  it("a CMS in BER with an indefinite length (its end-of-contents zeros like the placeholder's padding): read whole, PASSED", async () => {
    const indefinite = (der: Uint8Array): Uint8Array => {
      // 30 82 LL LL <content>  →  30 80 <content> 00 00
      const n = der[1]! & 0x7f;
      const content = der.subarray(2 + n);
      return new Uint8Array([0x30, 0x80, ...content, 0, 0]);
    };
    const pdf = await signWithCms(base, "adbe.pkcs7.detached", (covered) =>
      indefinite(buildCms(rsa, covered, { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" } })),
    );
    expect(await only(pdf)).toMatchObject({ outcome: "PASSED" });
  });

  it("an enveloping CMS that holds exactly the byte range's bytes, and a SubFilter of its own (PBAD.PAdES) over a CMS: PASSED", async () => {
    const enveloping = await signedWith(
      base,
      rsa,
      "adbe.pkcs7.detached",
      { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" }, envelop: true },
      40_000,
    );
    expect(await only(enveloping)).toMatchObject({ outcome: "PASSED" });
    const own = await signedWith(base, rsa, "PBAD.PAdES", {
      form: "signed-attributes",
      digest: "sha256",
      scheme: { kind: "rsa-pkcs1" },
    });
    expect(await only(own)).toMatchObject({ subFilter: "PBAD.PAdES", outcome: "PASSED" });
  });
});
