// The placer benchmark: time from opening a draft in the field placer until page 1 is drawn, for a
// 300-page PDF against a 1-page PDF, in Chromium (Debian's) against the production build started here.
// Only pages near the viewport are drawn, so the ratio should stay near 1 (goal: at most 1.5).
// Needs `next build` first. Prints, as its last line, { title, markdown } for docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { itemAt } from "../test/support/expect-helpers";
import { serverArgs, serverEnv } from "../scripts/lib/server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const KEY = "signet_test_BenchBenchBenchBenchBenchBench12";
const STAFF = { email: "bench@signet.test", password: "bench-password-123" };
const RUNS = Number(process.env.BENCH_RUNS || 7);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A contract-like PDF: every page with a heading and 40 lines of text. */
async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let i = 1; i <= pages; i++) {
    const p = doc.addPage([612, 792]);
    p.drawText(`Master services agreement – page ${i} of ${pages}`, { x: 72, y: 730, font, size: 16 });
    for (let l = 0; l < 40; l++) {
      p.drawText(
        `${i}.${l + 1} The parties agree that clause ${l + 1} of section ${i} applies as written, without exception or reservation.`,
        {
          x: 72,
          y: 700 - l * 15,
          font,
          size: 10,
        },
      );
    }
  }
  return Buffer.from(await doc.save());
}

async function waitHealthy(base: string, server: ChildProcess) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the server did not start within 120 s");
}

const median = (xs: number[]) => {
  const sorted = xs.toSorted((a, b) => a - b);
  return itemAt(sorted, Math.floor(sorted.length / 2), "samples");
};

async function main() {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `next build` first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-placer-"));
  const server = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SIGNET_BOOTSTRAP_KEY: KEY,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      PUBLIC_BASE_URL: base,
      SIGNET_WORKER: "0",
      NEXT_TELEMETRY_DISABLED: "1",
      RATE_LIMIT_SANDBOX: "100000",
    }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--disable-gpu", "--no-first-run"],
  });
  try {
    await waitHealthy(base, server);
    const headers = { "x-api-key": KEY };
    const draft = async (pages: number) => {
      const bytes = await makePdf(pages);
      const form = new FormData();
      form.set("title", `Bench ${pages} pages`);
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), `bench-${pages}.pdf`);
      const res = await fetch(`${base}/api/v1/enterprise/signature-requests`, { method: "POST", headers, body: form });
      if (res.status !== 201) throw new Error(`upload of ${pages} pages: HTTP ${res.status} ${await res.text()}`);
      const id = (await res.json()).data.id as string;
      await fetch(`${base}/api/v1/enterprise/signature-requests/${id}/recipients`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench Signer", email: "bench@example.com" }),
      });
      return { id, size: bytes.length };
    };
    const one = await draft(1);
    const many = await draft(300);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("E-mail").fill(STAFF.email);
    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/requests$/);

    /**
     * Navigation start → page 1's canvas drawn, in ms, on the browser's own clock (performance.now() is
     * relative to the navigation's start). Checked on every animation frame: Playwright's own polling
     * backs off to 500 ms and would add up to that much noise.
     */
    const open = async (id: string) => {
      await page.goto("about:blank");
      await page.goto(`${base}/requests/${id}/edit?step=fields`, { waitUntil: "commit" });
      const handle = await page.waitForFunction(
        () => (document.querySelector('[data-page="1"][data-rendered="true"]') ? Math.round(performance.now()) : null),
        undefined,
        { polling: "raf", timeout: 60_000 },
      );
      const ms = (await handle.jsonValue()) as number;
      const drawn = await page.locator('[data-rendered="true"]').count();
      return { ms, drawn };
    };
    await open(one.id); // warm-up: the first visit loads the bundles and pdf.js worker into the cache
    await open(many.id);
    const t1: number[] = [];
    const t300: number[] = [];
    let drawn300 = 0;
    for (let i = 0; i < RUNS; i++) {
      t1.push((await open(one.id)).ms);
      const r = await open(many.id);
      t300.push(r.ms);
      drawn300 = Math.max(drawn300, r.drawn);
    }
    const m1 = median(t1);
    const m300 = median(t300);
    const ratio = m300 / m1;
    const markdown = [
      `Time from the start of the navigation to a draft in the field placer until page 1's canvas is drawn (Chromium, production build, the browser's clock checked every frame; median of ${RUNS} after a warm-up).`,
      "",
      "| PDF | size | median | runs (ms) |",
      "|---|---|---|---|",
      `| 1 page | ${(one.size / 1024).toFixed(0)} KB | ${m1} ms | ${t1.join(", ")} |`,
      `| 300 pages | ${(many.size / 1024).toFixed(0)} KB | ${m300} ms | ${t300.join(", ")} |`,
      "",
      `**Ratio 300 / 1 page: ${ratio.toFixed(2)}** (goal ≤ 1.5). Pages drawn on the 300-page PDF just after page 1 showed: ${drawn300} of 300 (only those near the viewport).`,
    ].join("\n");
    console.error(`placer: 1 page ${m1} ms, 300 pages ${m300} ms, ratio ${ratio.toFixed(2)}`);
    console.log(JSON.stringify({ title: "Placer: page 1 visible, 300-page vs 1-page PDF", markdown, ratio }));
    if (ratio > 1.5) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
