// A local S3-compatible server (s3rver) for the S3 blob store's tests, on a free loopback port, with
// its files in a temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

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
