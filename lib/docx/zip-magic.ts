// A zip's first bytes, in a module of its own: the server's main thread sniffs an upload without a zip library.
/** A zip starts with a local file header (PK\3\4), or is an empty archive (PK\5\6). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}
