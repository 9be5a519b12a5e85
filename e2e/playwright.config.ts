import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { serverArgs, serverEnv } from "../scripts/lib/server-command.mjs";

// One server for the whole run: the production build, on its own port and data directory.
const port = Number(process.env.E2E_PORT || 3199);
/**
 * The port of the page that embeds the signing page in e2e/embedded-signing.spec.ts (served by the
 * spec itself): the server lets http://127.0.0.1:<this port>, and no other origin, frame it.
 */
export const E2E_EMBED_PORT = port + 7;
export const E2E_KEY = "signet_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const dataDir = process.env.E2E_DATA_DIR || (process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-")));
// All mail of the run goes over SMTP to a real SMTP server, e2e/smtp-sink.mjs (smtp-server, started
// below), which keeps each message as a file in E2E_MAIL_DIR for the specs (signing.spec.ts) to read.
// Port 2525 by default; E2E_SMTP_PORT changes it.
const smtpPort = Number(process.env.E2E_SMTP_PORT || 2525);
export const E2E_MAIL_DIR = path.join(dataDir, "smtp-sink");
/** The signed-in staff session, saved once by the setup project (auth.setup.ts) and reused by every spec. */
export const STAFF_STATE = path.join(__dirname, ".auth", "staff.json");
export const STAFF = { email: "staff@signet.test", password: "e2e-password-123" };
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
};

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
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, storageState: STAFF_STATE },
    },
  ],
  webServer: [
    {
      command: ["node", ...serverArgs()].join(" "),
      cwd: "..",
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      env: serverEnv({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SIGNET_BOOTSTRAP_KEY: E2E_KEY,
        // The organization may have production data: the dashboard's environment switch is tested.
        SIGNET_BOOTSTRAP_PLAN: "ENTERPRISE",
        // Behind a reverse proxy, as in production: X-Forwarded-For names the browser (the attribution
        // spec gives its browser an address of its own this way, to tell it from the dashboard proxy's).
        TRUST_PROXY: "1",
        ADMIN_EMAIL: STAFF.email,
        ADMIN_PASSWORD: STAFF.password,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        NEXT_TELEMETRY_DISABLED: "1",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMBED_ALLOWED_ORIGINS: `http://127.0.0.1:${E2E_EMBED_PORT}`,
      }),
    },
    {
      command: "node e2e/smtp-sink.mjs",
      cwd: "..",
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 15_000,
      stdout: "pipe",
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR },
    },
  ],
});
