import "server-only";
import { Transform, type TransformCallback } from "node:stream";
import sodium from "libsodium-wrappers";
import type { BackupKey } from "./backup-key";

/**
 * An encrypted backup file (what `backup` writes):
 *   magic        8 bytes, "SIGNETBK"
 *   version      1 byte, 1
 *   key id       8 bytes: the backup key's id (backup-key.ts), so that a wrong key is named as such
 *   header       24 bytes: libsodium's crypto_secretstream_xchacha20poly1305 header
 *   chunks       the archive (.tar.gz, manifest.ts) in pieces of 64 KiB, each encrypted and authenticated
 *                by the secretstream: 64 KiB + 17 bytes each, the last one shorter (or as long) and tagged
 *                FINAL. Each chunk's additional data is the file's first 17 bytes (magic, version, key id).
 * The secretstream numbers the chunks itself: a chunk changed, removed, repeated or put elsewhere fails
 * authentication, and a file cut short has no FINAL chunk. Nothing may follow the FINAL chunk.
 */
const MAGIC = Buffer.from("SIGNETBK", "latin1");
const VERSION = 1;
const KEY_ID_BYTES = 8;
const PREFIX_BYTES = MAGIC.length + 1 + KEY_ID_BYTES;
const PLAIN_CHUNK = 64 * 1024;

/** An encrypted archive that fails authentication or was not written with the key given: the message follows the archive's name. */
export class ArchiveAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveAuthError";
  }
}

/** What the file's first bytes say it is: an encrypted backup, an unencrypted .tar.gz (an earlier Signet's), or neither. */
export function archiveFormat(first: Uint8Array): "encrypted" | "plain" | "unknown" {
  if (first.length >= MAGIC.length && Buffer.from(first.subarray(0, MAGIC.length)).equals(MAGIC)) return "encrypted";
  if (first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b) return "plain";
  return "unknown";
}

/** Bytes enough to tell the format. */
export const FORMAT_PROBE_BYTES = MAGIC.length;

function prefixOf(key: BackupKey): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION]), Buffer.from(key.id, "hex")]);
}

const view = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * Bytes held back to be cut into chunks of a fixed size: a chunk is given out only once more bytes
 * follow it, so the last one is still held when the stream ends (it carries, or must carry, FINAL).
 */
class HeldBytes {
  private parts: Buffer[] = [];
  private bytes = 0;

  get length() {
    return this.bytes;
  }

  add(chunk: Buffer) {
    this.parts.push(chunk);
    this.bytes += chunk.length;
  }

  /** The first `n` bytes (at least `n` are held), no longer held. */
  take(n: number): Buffer {
    const all = Buffer.concat(this.parts, this.bytes);
    this.parts = [all.subarray(n)];
    this.bytes -= n;
    return all.subarray(0, n);
  }

  /** Every whole chunk of `size` that more bytes follow, in order, no longer held. */
  followedChunks(size: number): Buffer[] {
    if (this.bytes <= size) return [];
    const all = Buffer.concat(this.parts, this.bytes);
    const out: Buffer[] = [];
    let at = 0;
    for (; all.length - at > size; at += size) out.push(all.subarray(at, at + size));
    this.parts = [all.subarray(at)];
    this.bytes = all.length - at;
    return out;
  }

  /** All that is held. */
  all(): Buffer {
    return Buffer.concat(this.parts, this.bytes);
  }
}

/** Encrypts what is written to it (the archive) into the format above. */
export async function encryptingStream(key: BackupKey): Promise<Transform> {
  await sodium.ready;
  const prefix = prefixOf(key);
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key.bytes);
  const seal = (plain: Uint8Array, tag: number) =>
    view(sodium.crypto_secretstream_xchacha20poly1305_push(state, plain, prefix, tag));
  const held = new HeldBytes();
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        if (!started) {
          started = true;
          this.push(Buffer.concat([prefix, view(header)]));
        }
        held.add(chunk);
        // A chunk goes out once more follows it: the last one is kept for the FINAL tag.
        for (const plain of held.followedChunks(PLAIN_CHUNK))
          this.push(seal(plain, sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE));
        done();
      } catch (e) {
        done(e as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!started) this.push(Buffer.concat([prefix, view(header)]));
        this.push(seal(held.all(), sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL));
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
}

/**
 * Decrypts and authenticates a file of the format above, chunk by chunk: what it passes on was
 * authenticated, and it fails (ArchiveAuthError) at the first chunk that is not, or at the end when the
 * FINAL chunk is missing. Whoever reads must therefore read to the end before trusting the whole.
 */
export async function decryptingStream(key: BackupKey): Promise<Transform> {
  await sodium.ready;
  const cipherChunk = PLAIN_CHUNK + sodium.crypto_secretstream_xchacha20poly1305_ABYTES;
  const headerBytes = PREFIX_BYTES + sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES;
  const prefix = prefixOf(key);
  let state: ReturnType<typeof sodium.crypto_secretstream_xchacha20poly1305_init_pull> | undefined;
  const held = new HeldBytes();
  let n = 0;

  const open = (head: Buffer) => {
    if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new ArchiveAuthError("is not an encrypted Signet backup");
    const version = head[MAGIC.length];
    if (version !== VERSION)
      throw new ArchiveAuthError(`was written by a later Signet (encrypted backup format ${version}; this one reads ${VERSION})`);
    const id = head.subarray(MAGIC.length + 1, PREFIX_BYTES).toString("hex");
    if (id !== key.id)
      throw new ArchiveAuthError(
        `was encrypted with another backup key (its key id is ${id}; ${key.source} has the id ${key.id})`,
      );
    state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(head.subarray(PREFIX_BYTES, headerBytes), key.bytes);
  };
  const pull = (cipher: Buffer, last: boolean): Buffer => {
    n++;
    const got = sodium.crypto_secretstream_xchacha20poly1305_pull(state!, cipher, prefix);
    if (!got)
      throw new ArchiveAuthError(
        `fails authentication at chunk ${n} of its encrypted stream: it was changed, damaged or cut short after it was written`,
      );
    if (got.tag === sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL) {
      if (!last) throw new ArchiveAuthError(`has bytes after the final chunk (${n}) of its encrypted stream`);
    } else if (got.tag !== sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE || last)
      throw new ArchiveAuthError(`is cut short: its encrypted stream ends at chunk ${n}, without its final chunk`);
    return view(got.message);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        held.add(chunk);
        if (!state) {
          if (held.length < headerBytes) return done();
          open(held.take(headerBytes));
        }
        // A chunk is opened once more follows it: only the last may (and must) be FINAL.
        for (const cipher of held.followedChunks(cipherChunk)) this.push(pull(cipher, false));
        done();
      } catch (e) {
        done(e as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!state) throw new ArchiveAuthError("is cut short: its header is incomplete");
        if (!held.length)
          throw new ArchiveAuthError(`is cut short: its encrypted stream ends at chunk ${n}, without its final chunk`);
        this.push(pull(held.all(), true));
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
}
