import { describe, expect, it } from "vitest";
import { rc2CbcDecrypt, rc2DecryptBlock } from "./rc2";

const hex = (s: string) => Buffer.from(s, "hex");

describe("RC2", () => {
  // RFC 2268 section 5: key, effective key bits, plaintext, ciphertext.
  const vectors: [string, number, string, string][] = [
    ["0000000000000000", 63, "0000000000000000", "ebb773f993278eff"],
    ["ffffffffffffffff", 64, "ffffffffffffffff", "278b27e42e2f0d49"],
    ["3000000000000000", 64, "1000000000000001", "30649edf9be7d2c2"],
    ["88", 64, "0000000000000000", "61a8a244adacccf0"],
    ["88bca90e90875a", 64, "0000000000000000", "6ccf4308974c267f"],
    ["88bca90e90875a7f0f79c384627bafb2", 64, "0000000000000000", "1a807d272bbe5db1"],
    ["88bca90e90875a7f0f79c384627bafb2", 128, "0000000000000000", "2269552ab0f85ca6"],
    ["88bca90e90875a7f0f79c384627bafb216f80a6f85920584c42fceb0be255daf1e", 129, "0000000000000000", "5b78d3a43dfff1f1"],
  ];
  it.each(vectors)("decrypts RFC 2268's test vector (key %s, %i bits)", (key, bits, plain, cipher) => {
    expect(Buffer.from(rc2DecryptBlock(hex(key), bits, hex(cipher))).toString("hex")).toBe(plain);
  });

  it("refuses CBC data that is not whole blocks or whose padding is wrong", () => {
    expect(() => rc2CbcDecrypt(hex("0011223344"), 40, hex("0000000000000000"), hex("00112233"))).toThrow(/whole blocks/);
    expect(() => rc2CbcDecrypt(hex("0011223344"), 40, hex("0000000000000000"), hex("0011223344556677"))).toThrow();
  });
});
