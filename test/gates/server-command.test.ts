// The server's start command (scripts/lib/server-command.mjs): its memory settings, and a malformed
// SIGNET_HEAP_MB refused with a message rather than passed to Node.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverArgs, serverEnv, serverHeapMb } from "../../scripts/lib/server-command.mjs";

const root = path.resolve(import.meta.dirname, "../..");

describe("server command", () => {
  it("starts the server with a bounded heap, small half-spaces, baseline-compiled WebAssembly and two malloc arenas", () => {
    expect(serverHeapMb({})).toBe(160);
    expect(serverArgs({})).toEqual([
      "--max-old-space-size=160",
      "--max-semi-space-size=4",
      "--liftoff-only",
      "scripts/server.mjs",
    ]);
    // With a PostgreSQL server the process holds no database: the young generation keeps V8's 16 MB.
    expect(serverArgs({ DATABASE_URL: "postgres://db/signet" })).toContain("--max-semi-space-size=16");
    expect(serverArgs({ DATABASE_URL: "postgresql://db/signet" })).toContain("--max-semi-space-size=16");
    expect(serverArgs({ DATABASE_URL: "memory://" })).toContain("--max-semi-space-size=4");
    expect(serverArgs({ SIGNET_WASM_TURBOFAN: "1" })).not.toContain("--liftoff-only");
    expect(serverArgs({ SIGNET_HEAP_MB: "512" })[0]).toBe("--max-old-space-size=512");
    expect(serverEnv({}).MALLOC_ARENA_MAX).toBe("2");
    expect(serverEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
    expect(serverEnv({}).MALLOC_TRIM_THRESHOLD_).toBe("131072");
  });

  it.each(["abc", "-5", "0", "12.5", "95", "1e9", "192MB", "65537"])("refuses SIGNET_HEAP_MB=%s", (v) => {
    expect(() => serverHeapMb({ SIGNET_HEAP_MB: v })).toThrow(/SIGNET_HEAP_MB must be a whole number of megabytes/);
  });

  it("npm start refuses a malformed SIGNET_HEAP_MB before starting anything", () => {
    const r = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, SIGNET_HEAP_MB: "lots" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("SIGNET_HEAP_MB must be a whole number");
  });

  it("gives Node the limit: the heap size limit follows the flag", () => {
    const r = spawnSync(
      process.execPath,
      [
        ...serverArgs({ SIGNET_HEAP_MB: "160" }).slice(0, -1),
        "-e",
        "console.log(require('v8').getHeapStatistics().heap_size_limit)",
      ],
      { encoding: "utf8" },
    );
    const mb = Number(r.stdout.trim()) / 2 ** 20;
    expect(mb).toBeGreaterThan(160);
    expect(mb).toBeLessThan(200);
  });
});
