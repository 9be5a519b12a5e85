/** What can be told of bytes before parsing them (no PDF library here: the server's main thread reads it). */

/** PDF files start with %PDF- (some writers put a few bytes of junk before it; readers allow 1 KB). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/**
 * The trailer (or the cross-reference stream's dictionary, which is never encrypted) of an encrypted
 * PDF names an /Encrypt dictionary. pdf-lib does not always notice it, so look for it directly.
 */
export function hasEncryptDictionary(bytes: Uint8Array): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(Buffer.from(bytes).toString("latin1"));
}

/**
 * The file ends inside an object: after its last `endobj`, an object begins (`N G obj`) and never
 * ends, as in a file cut short. pdf-lib 1.17's scanning reader refused such a file; @cantoo/pdf-lib's
 * drops the unfinished object and reads on, which would take a truncated document for a shorter one.
 */
export function endsInsideAnObject(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const last = buf.lastIndexOf("endobj", bytes.length, "latin1");
  const tail = buf.subarray(last < 0 ? 0 : last + 6).toString("latin1");
  return /(?:^|[\0\t\n\f\r ])\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj\b/.test(tail);
}
