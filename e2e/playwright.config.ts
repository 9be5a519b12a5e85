import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One server for the whole run: the production build, on its own port and data directory.
const port = Number(process.env.E2E_PORT || 3199);
export const E2E_KEY = "signet_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const dataDir = process.env.E2E_DATA_DIR || (process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-")));
const chromium = { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] };

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results",
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromium } }],
  webServer: {
    command: "node scripts/server.mjs",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SIGNET_BOOTSTRAP_KEY: E2E_KEY,
      ADMIN_EMAIL: "staff@signet.test",
      ADMIN_PASSWORD: "e2e-password-123",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
