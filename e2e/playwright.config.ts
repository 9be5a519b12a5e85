import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { serverArgs, serverEnv } from "../scripts/lib/server-command.mjs";

/**
 * A port free on loopback now, asked of the system by a child process (the config is read synchronously,
 * once by the runner and again by each worker): the run takes free ports for its server, its SMTP sink and
 * the embedding page, so it runs beside anything else on the machine. The runner sets each in
 * the environment it starts its workers with, so every process of the run agrees; E2E_PORT,
 * E2E_SMTP_PORT and E2E_EMBED_PORT choose them instead.
 */
function freePort(name: string): number {
  const given = process.env[name];
  if (given) return Number(given);
  const probe =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim();
  process.env[name] = port;
  return Number(port);
}

// One server for the whole run: the production build, on its own port and data directory.
const port = freePort("E2E_PORT");
/**
 * The port of the page that embeds the signing page in e2e/embedded-signing.spec.ts (served by the
 * spec itself): the server lets http://127.0.0.1:<this port>, and no other origin, frame it.
 */
export const E2E_EMBED_PORT = freePort("E2E_EMBED_PORT");
export const E2E_KEY = "signet_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const dataDir = process.env.E2E_DATA_DIR || (process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-")));
// All mail of the run goes over SMTP to a real SMTP server, e2e/smtp-sink.mjs (smtp-server, started
// below), which keeps each message as a file in E2E_MAIL_DIR for the specs (signing.spec.ts) to read.
const smtpPort = freePort("E2E_SMTP_PORT");
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
        // A line per API call would bury the suite's report: warnings and errors, and the start line.
        LOG_LEVEL: process.env.LOG_LEVEL || "warn",
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
