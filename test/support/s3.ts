// A local S3-compatible server (s3rver) for the S3 blob store's tests, on a free loopback port, with
// its files in a temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { resetBlobStore } from "@/lib/server/blobs/store";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points BLOB_STORE=s3 at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = "signet-test"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "signet-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file that opens each kind of blob store: a local S3 server for the file, its S3_* settings
 * in the environment (BLOB_STORE left as it is) and put back after, with the blob store forgotten.
 */
export function localS3ForBlobStores(): void {
  let s3: LocalS3 | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    s3 = await startLocalS3();
    for (const [k, v] of Object.entries(s3.env))
      if (k !== "BLOB_STORE") {
        saved[k] = process.env[k];
        process.env[k] = v;
      }
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetBlobStore();
    await s3?.stop();
  });
}
