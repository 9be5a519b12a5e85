import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// The DSS corpus judge (scripts/dss-corpus.mjs): one file, run alone; it reads no database and no data directory.
export default defineConfig({
  root,
  resolve: { alias: { "@": root, "server-only": path.join(root, "test/support/empty.ts") } },
  test: {
    include: ["test/corpus/**/*.corpus.ts"],
    environment: "node",
    // A file of 25 signatures is judged 25 times (updates and poppler after each), on a shared machine.
    testTimeout: 900_000,
    fileParallelism: false,
    pool: "forks",
    maxWorkers: 1,
  },
});
