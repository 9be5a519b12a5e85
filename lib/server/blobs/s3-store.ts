import "server-only";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Settings } from "./settings";
import { BlobNotFoundError, checkName, checkedBytes, sha256Of, type BlobStore } from "./store";

/** User metadata holding the time a blob was last written (ms since the epoch): S3 keeps no access time. */
const TOUCHED = "signet-touched";

const notFound = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404);

/**
 * Blobs in an S3-compatible service (AWS S3, MinIO, Ceph, R2…), under `<prefix><aa>/<sha256>`.
 * Content-addressed keys make every write idempotent; a write of bytes already stored copies the
 * object onto itself with a fresh time instead, for the purge's grace period.
 *
 * S3 has no conditional delete on a time, so `delete(…, unlessTouchedSince)` reads the time then
 * deletes: a write of the very same bytes in the few milliseconds between the two can be lost. The
 * purge only releases blobs that no record has pointed at for BLOB_GRACE_MS, which makes that a
 * write of a document nobody has recorded yet; docs/architecture.md says so.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: S3-compatible servers do not all accept the
      // aws-chunked uploads the SDK otherwise sends. Integrity is the SHA-256 we check on every read.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 4,
    });
  }

  private key(sha256: string) {
    return `${this.settings.prefix}${checkName(sha256).slice(0, 2)}/${sha256}`;
  }

  private async touchedAt(sha256: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(sha256) }));
      const touched = Number(head.Metadata?.[TOUCHED]);
      return Number.isFinite(touched) ? touched : (head.LastModified?.getTime() ?? 0);
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  /** Bytes already stored get a fresh time (a copy onto itself): the purge then knows a writer is about to record them. */
  private async refresh(Key: string) {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.settings.bucket,
        Key,
        CopySource: `${this.settings.bucket}/${Key}`,
        MetadataDirective: "REPLACE",
        Metadata: { [TOUCHED]: String(Date.now()) },
        ContentType: "application/octet-stream",
      }),
    );
  }

  async put(bytes: Uint8Array) {
    const sha256 = sha256Of(bytes);
    const Key = this.key(sha256);
    if ((await this.touchedAt(sha256)) !== null) await this.refresh(Key);
    else
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: bytes,
          ContentType: "application/octet-stream",
          Metadata: { [TOUCHED]: String(Date.now()) },
        }),
      );
    return { sha256, size: bytes.byteLength };
  }

  async putStream(sha256: string, size: number, source: AsyncIterable<Uint8Array>) {
    const Key = this.key(sha256);
    // Checked whole into a temporary file first, then sent from it: the service never gets a body that
    // fails half-way, and the blob is never in memory.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "signet-s3-put-"));
    try {
      const file = path.join(dir, "blob");
      await pipeline(Readable.from(checkedBytes(sha256, size, source)), createWriteStream(file, { mode: 0o600 }));
      if ((await this.touchedAt(sha256)) !== null) return await this.refresh(Key);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/octet-stream",
          Metadata: { [TOUCHED]: String(Date.now()) },
        }),
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  async get(sha256: string) {
    let body: Uint8Array;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(sha256) }));
      if (!got.Body) throw new Error(`S3 returned no body for blob ${sha256}`);
      body = await got.Body.transformToByteArray();
    } catch (e) {
      if (notFound(e)) throw new BlobNotFoundError(sha256);
      throw e;
    }
    // The name is the content's hash: a service that returns other bytes is caught here, not in a PDF parser.
    if (sha256Of(body) !== sha256) throw new Error(`Blob ${sha256} read from S3 does not match its hash`);
    return body;
  }

  async has(sha256: string) {
    return (await this.touchedAt(sha256)) !== null;
  }

  async delete(sha256: string, opts: { unlessTouchedSince?: Date } = {}) {
    const touched = await this.touchedAt(sha256);
    if (touched === null) return false;
    if (opts.unlessTouchedSince && touched >= opts.unlessTouchedSince.getTime()) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(sha256) }));
    return true;
  }

  async *list() {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) {
        const name = o.Key?.slice(this.settings.prefix.length).split("/")[1];
        if (name && /^[0-9a-f]{64}$/.test(name)) yield name;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}
