/**
 * RC2 decryption in CBC mode (RFC 2268), for PKCS#12 files made by OpenSSL 1.x and other older
 * tools, which encrypt the certificates with pbeWithSHAAnd40BitRC2-CBC. Node's OpenSSL 3 has RC2
 * only in its legacy provider, which Node does not load, so it is done here. Only decryption: the
 * files Signet writes use AES (pkcs12.ts).
 */

/** RFC 2268's PITABLE: a permutation of 0..255 from the digits of pi. */
const PITABLE = Buffer.from(
  "d978f9c419ddb5ed28e9fd794aa0d89dc67e37832b76538e624c6488448bfba2179a59f587b34f1361456d8d09817d32" +
    "bd8f40eb86b77b0bf09521225c6b4e8254d66593ce60b21c7356c014a78cf1dc1275ca1f3bbee4d1423dd430a33cb626" +
    "6fbf0eda4669075727f21d9bbc944303f811c7f690ef3ee706c3d52fc8661ed708e8eade8052eef784aa72ac354d6a2a" +
    "961ad2715a1549744b9fd05e0418a4ecc2e0416e0f51cbcc2491af50a1f47039997c3a8523b8b47afc02365b25559731" +
    "2d5dfa98e38a92ae05df2910676cbac9d300e6cfe19ea82c6316013f58e289a90d38341bab33ffb0bb480c5fb9b1cd2e" +
    "c5f3db47e5a59c770aa62068fe7fc1ad",
  "hex",
);

/** The 64 16-bit subkeys of `key` for an effective key length of `effectiveBits` (RFC 2268 section 2). */
function expandKey(key: Uint8Array, effectiveBits: number): Uint16Array {
  if (key.length < 1 || key.length > 128) throw new Error("RC2 keys are 1 to 128 bytes");
  const L = new Uint8Array(128);
  L.set(key);
  const T = key.length;
  for (let i = T; i < 128; i++) L[i] = PITABLE[(L[i - 1]! + L[i - T]!) & 0xff]!;
  const T8 = (effectiveBits + 7) >> 3;
  const TM = 0xff >> (8 * T8 - effectiveBits);
  L[128 - T8] = PITABLE[L[128 - T8]! & TM]!;
  for (let i = 127 - T8; i >= 0; i--) L[i] = PITABLE[L[i + 1]! ^ L[i + T8]!]!;
  const K = new Uint16Array(64);
  for (let i = 0; i < 64; i++) K[i] = L[2 * i]! | (L[2 * i + 1]! << 8);
  return K;
}

const ROTATE = [1, 2, 3, 5];

/** Decrypts one 8-byte block of `data` at `at` in place (RFC 2268 section 4). */
function decryptBlock(K: Uint16Array, data: Uint8Array, at: number): void {
  const R = [0, 1, 2, 3].map((i) => data[at + 2 * i]! | (data[at + 2 * i + 1]! << 8));
  let j = 63;
  const mix = () => {
    for (let i = 3; i >= 0; i--) {
      const s = ROTATE[i]!;
      const r = R[i]! & 0xffff;
      R[i] = ((r >>> s) | (r << (16 - s))) & 0xffff;
      R[i] = (R[i]! - K[j--]! - (R[(i + 3) % 4]! & R[(i + 2) % 4]!) - (~R[(i + 3) % 4]! & R[(i + 1) % 4]!)) & 0xffff;
    }
  };
  const mash = () => {
    for (let i = 3; i >= 0; i--) R[i] = (R[i]! - K[R[(i + 3) % 4]! & 63]!) & 0xffff;
  };
  for (let n = 0; n < 5; n++) mix();
  mash();
  for (let n = 0; n < 6; n++) mix();
  mash();
  for (let n = 0; n < 5; n++) mix();
  for (let i = 0; i < 4; i++) {
    data[at + 2 * i] = R[i]! & 0xff;
    data[at + 2 * i + 1] = R[i]! >> 8;
  }
}

/** One block decrypted with RC2 (no chaining): for the RFC's test vectors. */
export function rc2DecryptBlock(key: Uint8Array, effectiveBits: number, block: Uint8Array): Uint8Array {
  const out = new Uint8Array(block);
  decryptBlock(expandKey(key, effectiveBits), out, 0);
  return out;
}

/** RC2-CBC decryption with PKCS#7 padding removed; throws on a wrong length or padding (a wrong key, mostly). */
export function rc2CbcDecrypt(key: Uint8Array, effectiveBits: number, iv: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length === 0 || data.length % 8 !== 0 || iv.length !== 8) throw new Error("RC2-CBC data is not whole blocks");
  const K = expandKey(key, effectiveBits);
  const out = new Uint8Array(data);
  for (let at = 0; at < out.length; at += 8) {
    decryptBlock(K, out, at);
    const prev = at === 0 ? iv : data.subarray(at - 8, at);
    for (let i = 0; i < 8; i++) out[at + i]! ^= prev[i]!;
  }
  const pad = out[out.length - 1]!;
  if (pad < 1 || pad > 8 || out.subarray(out.length - pad).some((b) => b !== pad)) throw new Error("bad decrypt");
  return out.subarray(0, out.length - pad);
}
