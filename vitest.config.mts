import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Outside Next's react-server bundles this package throws on import; in tests it is a no-op.
      "server-only": path.resolve(import.meta.dirname, "test/support/empty.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/system/**", "node_modules/**"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    setupFiles: ["test/support/setup.ts"],
    globalSetup: ["test/support/global-setup.ts"],
  },
});
