import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// System tests start the built server (scripts/server.mjs) as a separate process: one at a time.
export default defineConfig({
  root,
  resolve: { alias: { "@": root, "server-only": path.join(root, "test/support/empty.ts") } },
  test: {
    include: ["test/system/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
