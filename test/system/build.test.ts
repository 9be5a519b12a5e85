import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/server-process";

// The first `npm run up` on a fresh clone builds and then starts the server on the same DATA_DIR. A build
// that opened the embedded store (a prerendered page reaching the database) held DATA_DIR's lock while the
// server started, and the first start failed. The build must not touch DATA_DIR at all.
describe("next build", () => {
  it("never opens the store or writes under DATA_DIR", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "signet-build-"));
    const dataDir = path.join(parent, "data");
    const r = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: root,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain("The store is not opened during `next build`");
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(parent)).toEqual([]);
  }, 300_000);
});
