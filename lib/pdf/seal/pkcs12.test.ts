import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { firstOf } from "../../../test/support/expect-helpers";
import { readPkcs12, writePkcs12 } from "./pkcs12";

const run = promisify(execFile);
const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, "../../../test/fixtures/p12", name));
const subjects = (certs: Uint8Array[]) => certs.map((c) => new crypto.X509Certificate(c).subject.replace(/\n/g, ", "));
const pkcs8 = (k: crypto.KeyObject) => k.export({ type: "pkcs8", format: "der" });

describe("readPkcs12", () => {
  it("reads the files node-forge wrote for Signet (PBES2 with HMAC-SHA-1, SHA-1 MAC)", () => {
    const { keys, certificates } = readPkcs12(fixture("forge-self-signed.p12"), "rxgg6oZJ9YQrcwHkuii8CRCtIQhSlYlz");
    expect(keys.map((k) => k.asymmetricKeyType)).toEqual(["rsa"]);
    expect(subjects(certificates)).toEqual(["CN=Signet document sealing (self-signed), O=Signet"]);
    expect(new crypto.X509Certificate(firstOf(certificates)).checkPrivateKey(firstOf(keys))).toBe(true);
  });

  it("reads OpenSSL 3's default encryption (AES) and OpenSSL 1.x's (RC2-40 and 3DES) to the same key and chain", () => {
    const aes = readPkcs12(fixture("openssl-aes.p12"), "openssl-aes");
    const legacy = readPkcs12(fixture("openssl-legacy.p12"), "openssl-legacy");
    expect(subjects(aes.certificates)).toEqual([
      "CN=Signet Test Sealing, O=Signet Tests, C=DE",
      "CN=Signet Test CA, O=Signet Tests",
    ]);
    expect(legacy.certificates.map((c) => Buffer.from(c).toString("hex"))).toEqual(
      aes.certificates.map((c) => Buffer.from(c).toString("hex")),
    );
    expect(pkcs8(firstOf(legacy.keys)).equals(pkcs8(firstOf(aes.keys)))).toBe(true);
  });

  it("reads an EC key", () => {
    const { keys, certificates } = readPkcs12(fixture("openssl-ec.p12"), "openssl-ec");
    expect(firstOf(keys).asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    expect(new crypto.X509Certificate(firstOf(certificates)).checkPrivateKey(firstOf(keys))).toBe(true);
  });

  it("refuses a wrong password (the MAC) and a file that is not PKCS#12", () => {
    expect(() => readPkcs12(fixture("openssl-aes.p12"), "openssl-legacy")).toThrow(/wrong password/);
    expect(() => readPkcs12(fixture("openssl-legacy.p12"), "")).toThrow(/wrong password/);
    expect(() => readPkcs12(new TextEncoder().encode("not a p12"), "x")).toThrow(/not DER/);
    expect(() => readPkcs12(fixture("forge-self-signed.cms.der"), "x")).toThrow();
  });
});

describe("writePkcs12", () => {
  it("writes a file that it and OpenSSL read back, with an empty or a non-ASCII password too", async () => {
    const { keys, certificates } = readPkcs12(fixture("openssl-aes.p12"), "openssl-aes");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-p12-"));
    try {
      for (const password of ["s3cret", "", "pässwörd"]) {
        const p12 = writePkcs12(firstOf(keys), certificates, password, "Signet Test");
        const back = readPkcs12(p12, password);
        expect(back.certificates.map((c) => Buffer.from(c).toString("hex"))).toEqual(
          certificates.map((c) => Buffer.from(c).toString("hex")),
        );
        expect(pkcs8(firstOf(back.keys)).equals(pkcs8(firstOf(keys)))).toBe(true);
        expect(() => readPkcs12(p12, `${password}x`)).toThrow(/wrong password/);

        const file = path.join(dir, "out.p12");
        fs.writeFileSync(file, p12);
        const info = await run("openssl", ["pkcs12", "-in", file, "-passin", `pass:${password}`, "-info", "-nodes"]);
        const text = `${info.stdout}${info.stderr}`;
        expect(text).toContain("MAC: sha256");
        expect(text).toContain("Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC");
        expect(text).toContain("friendlyName: Signet Test");
        expect(text.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
        const pem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)?.[0] ?? "";
        expect(pkcs8(crypto.createPrivateKey(pem)).equals(pkcs8(firstOf(keys)))).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
