import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileBlobStore } from "@/lib/server/blobs/file-store";
import { resetBlobStore } from "@/lib/server/blobs/store";
import { printBanner } from "@/lib/server/bootstrap";
import { call, makeOrg } from "../support/api";
import { simplePdfText } from "../support/simple-pdf";

// Faults of what the server stands on answer clearly: a full disk is 507 STORAGE_FULL (not a 500) and
// leaves no temporary file; the first start with DATABASE_URL makes DATA_DIR for its first-start file;
// a 405 names its request like every other error. (The database going away: database-unavailable.test.ts.)

const SR = "/api/v1/enterprise/signature-requests";
const tmp: string[] = [];
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) spawnSync("umount", [m]);
  for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
});

/** A real filesystem of `kb` KiB (tmpfs; needs root), unmounted after the file. Null where mounting is not allowed. */
function smallFilesystem(kb: number): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-full-"));
  tmp.push(dir);
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${kb}k,mode=700`, "tmpfs", dir], { encoding: "utf8" });
  if (r.status !== 0) return null;
  mounts.push(dir);
  return dir;
}

/** Fills a filesystem to its last byte with one file (removed to make room again). */
function fill(dir: string): string {
  const filler = path.join(dir, "filler");
  const fd = fs.openSync(filler, "w");
  try {
    const chunk = Buffer.alloc(4096, 1);
    for (;;) fs.writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOSPC") throw e;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile());

/** Whether this process may mount a filesystem (root, and a kernel that lets it): tried once, unmounted at once. */
function mayMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = smallFilesystem(64);
  if (!probe) return false;
  spawnSync("umount", [probe]);
  mounts.splice(mounts.indexOf(probe), 1);
  return true;
}
const canMount = mayMount();

describe.skipIf(!canMount)("a full disk under the file blob store", () => {
  it("put: the write fails with ENOSPC and leaves no temporary file", async () => {
    const root = smallFilesystem(64)!;
    const filler = fill(root);
    const store = new FileBlobStore(path.join(root, "blobs"));
    const bytes = new Uint8Array(16 * 1024).fill(7);
    await expect(store.put(bytes)).rejects.toMatchObject({ code: "ENOSPC" });
    expect(filesUnder(root)).toEqual(["filler"]);
    fs.rmSync(filler);
    const stored = await store.put(bytes);
    expect(new Uint8Array(await store.get(stored.sha256))).toEqual(bytes);
    expect(filesUnder(root).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  describe("an upload", () => {
    const before = process.env.DATA_DIR;
    let blobsDir: string;
    beforeAll(() => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-full-"));
      tmp.push(dataDir);
      blobsDir = path.join(dataDir, "blobs");
      fs.mkdirSync(blobsDir);
      const r = spawnSync("mount", ["-t", "tmpfs", "-o", "size=256k,mode=700", "tmpfs", blobsDir], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      mounts.unshift(blobsDir);
      process.env.DATA_DIR = dataDir;
      resetBlobStore();
    });
    afterAll(() => {
      process.env.DATA_DIR = before;
      resetBlobStore();
    });

    it("is 507 STORAGE_FULL with nothing stored and no .tmp file left; once there is room, the same upload is 201", async () => {
      const org = await makeOrg();
      const filler = fill(blobsDir);
      const pdf = await simplePdfText("A document for a full disk ".repeat(40));
      const upload = () =>
        call("POST", SR, { key: org.sandboxKey, form: { title: "Full disk", file: { data: pdf, name: "full.pdf" } } });

      const full = await upload();
      expect(full.status, JSON.stringify(full.body)).toBe(507);
      expect(full.body).toMatchObject({ code: 507, statusText: "Insufficient Storage", data: null, errorCode: "STORAGE_FULL" });
      expect(full.body.message).not.toMatch(/ENOSPC|blobs|\//);
      expect(filesUnder(blobsDir)).toEqual(["filler"]);
      const listed = await call("GET", SR, { key: org.sandboxKey });
      expect(listed.body.data.items).toEqual([]);

      fs.rmSync(filler);
      const room = await upload();
      expect(room.status, JSON.stringify(room.body)).toBe(201);
      expect(filesUnder(blobsDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    });
  });
});

describe("the first start's file", () => {
  it("is written with DATABASE_URL and no DATA_DIR folder yet: the folder is made (700), not a crash", () => {
    const before = process.env.DATA_DIR;
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "signet-first-"));
    tmp.push(parent);
    process.env.DATA_DIR = path.join(parent, "data");
    try {
      printBanner(
        {
          orgId: "o",
          adminEmail: "admin@signet.local",
          generatedPassword: "pw-of-the-test",
          generatedSandboxKey: "signet_test_x",
        },
        "http://localhost:3000",
      );
      const file = path.join(parent, "data", "first-start.txt");
      expect(fs.readFileSync(file, "utf8")).toContain("pw-of-the-test");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(parent, "data")).mode & 0o077).toBe(0);
    } finally {
      process.env.DATA_DIR = before;
    }
  });
});

describe("the request id of answers made outside the wrapper", () => {
  const mine = "fault-test-request-0001";

  it("a 405 names its request in the envelope and the X-Request-Id header, like every other error", async () => {
    const org = await makeOrg();
    for (const [method, p, key] of [
      ["PUT", "/api/v1/api-keys", org.sandboxKey],
      ["GET", `/api/sign/${"x".repeat(43)}/sign`, null],
    ] as const) {
      const r = await call(method, p, { key, headers: { "x-request-id": mine } });
      expect(r.status).toBe(405);
      expect(r.body).toMatchObject({ errorCode: "METHOD_NOT_ALLOWED", requestId: mine });
      expect(r.headers.get("x-request-id")).toBe(mine);
      // A new id when the client sent none.
      const fresh = await call(method, p, { key });
      expect((fresh.body as unknown as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(fresh.headers.get("x-request-id")).toBe((fresh.body as unknown as { requestId: string }).requestId);
    }
  });

  it("so does the 404 of a path with no endpoint", async () => {
    const r = await call("GET", "/api/v1/no-such-endpoint", { headers: { "x-request-id": mine } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ errorCode: "ENDPOINT_NOT_FOUND", requestId: mine });
    expect(r.headers.get("x-request-id")).toBe(mine);
  });
});
