import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readCmsSignature } from "../verify/cms";
import { TrustList } from "../verify/trust";
import { cadesSignature, loadIdentity } from "./cades-signer";

const run = promisify(execFile);
const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, "../../../test/fixtures/p12", name));
const content = Buffer.from("hello signed world ".repeat(100));

describe("loadIdentity", () => {
  it("takes the certificate of the private key first, then the rest of the chain", () => {
    const id = loadIdentity(fixture("openssl-legacy.p12"), "openssl-legacy");
    expect(id.subject).toBe("CN=Signet Test Sealing, O=Signet Tests, C=DE");
    expect(id.commonName).toBe("Signet Test Sealing");
    expect(id.chain).toHaveLength(2);
    expect(loadIdentity(fixture("openssl-aes.p12"), "openssl-aes").fingerprint).toBe(id.fingerprint);
  });

  it("says the signing certificate could not be read for a wrong password", () => {
    expect(() => loadIdentity(fixture("openssl-aes.p12"), "wrong")).toThrow(/signing certificate \(PKCS#12\) could not be read/);
  });
});

describe("cadesSignature", () => {
  it("builds the CMS node-forge built, byte for byte (content-type, message-digest, signing-certificate-v2)", () => {
    const id = loadIdentity(fixture("forge-self-signed.p12"), "rxgg6oZJ9YQrcwHkuii8CRCtIQhSlYlz");
    expect(cadesSignature(id, content).equals(fixture("forge-self-signed.cms.der"))).toBe(true);
  });

  it("signs with an EC key (ecdsa-with-SHA256), which OpenSSL and the verifier accept", async () => {
    const id = loadIdentity(fixture("openssl-ec.p12"), "openssl-ec");
    const cms = cadesSignature(id, content);
    const report = await readCmsSignature(cms, (alg) => crypto.createHash(alg).update(content).digest(), new TrustList([]));
    expect(report).toMatchObject({
      digestMatches: true,
      signatureVerifies: true,
      signingCertificateAttribute: "v2",
      signingCertificateBound: true,
    });
    expect(report.problems).toEqual([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-cms-"));
    try {
      fs.writeFileSync(path.join(dir, "cms.der"), cms);
      fs.writeFileSync(path.join(dir, "content"), content);
      const r = await run("openssl", [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        path.join(dir, "cms.der"),
        "-content",
        path.join(dir, "content"),
        "-noverify",
        "-out",
        "/dev/null",
      ]);
      expect(r.stderr).toContain("Verification successful");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
