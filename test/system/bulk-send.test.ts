import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { jobsSettled, startServer, type ServerProcess } from "../support/server-process";

// A bulk send of 50 rows (two of them invalid) on the real server process, killed with SIGKILL while
// its job runs and started again on the same DATA_DIR: the job finishes with exactly 48 requests,
// one per good row, and one invitation each.

const KEY = "signet_test_" + "B".repeat(16) + "ulkSendTest01234";
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop("SIGKILL");
});

// The queue's depth is read from GET /metrics (jobsSettled) to know when nothing is left to send.
const METRICS_TOKEN = "bulk-send-metrics-token";

async function start(dataDir: string) {
  const s = await startServer({ DATA_DIR: dataDir, SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "system-test-pw", METRICS_TOKEN });
  running.push(s);
  return s;
}

async function api(s: ServerProcess, method: string, p: string, body?: FormData) {
  const r = await fetch(`${s.url}${p}`, { method, headers: { "x-api-key": KEY }, body });
  return { status: r.status, body: await r.json() };
}

async function templatePdf() {
  const d = await PDFDocument.create();
  const font = await d.embedFont(StandardFonts.Helvetica);
  d.addPage([612, 792]).drawText("Please sign: {{s1|signature|120|40}}", { x: 72, y: 700, size: 14, font });
  return d.save();
}

const outbox = (dataDir: string) => {
  const dir = path.join(dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
};

async function until(cond: () => boolean | Promise<boolean>, ms = 120_000, every = 200) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, every)); // between a bounded poll's tries
  }
}

describe("bulk send on the server process", () => {
  it("finishes after a SIGKILL mid-run with exactly 48 requests and no duplicate", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sys-bulk-"));
    const first = await start(dir);

    const up = new FormData();
    up.append("name", "Bulk letter");
    up.append("file", new Blob([new Uint8Array(await templatePdf())], { type: "application/pdf" }), "letter.pdf");
    const tpl = await api(first, "POST", "/api/v1/enterprise/templates", up);
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);

    const lines = ["s1.name,s1.email,title"];
    for (let i = 1; i <= 50; i++) {
      if (i === 10) lines.push("Bad Address,not-an-email,Letter 10");
      else if (i === 40) lines.push(",nameless@example.com,Letter 40");
      else lines.push(`Person ${i},person${i}@example.com,Letter ${i}`);
    }
    const form = new FormData();
    form.append("file", new Blob([lines.join("\r\n")], { type: "text/csv" }), "rows.csv");
    const started = await api(first, "POST", `/api/v1/enterprise/templates/${tpl.body.data.id}/bulk-send`, form);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data).toMatchObject({ total: 50, failed: 2 });
    const id = started.body.data.id as string;

    // Killed as soon as the job has sent something, while rows are still pending.
    let atKill = { sent: 0, pending: 0 };
    await until(
      async () => {
        const b = (await api(first, "GET", `/api/v1/enterprise/bulk-sends/${id}`)).body.data;
        atKill = { sent: b.sent, pending: b.pending };
        return b.sent >= 1 || b.status === "DONE";
      },
      60_000,
      50,
    );
    first.child.kill("SIGKILL");
    await first.exited;
    expect(atKill.pending, "the kill landed before the job finished").toBeGreaterThan(0);

    const second = await start(dir);
    let b:
      | {
          status: string;
          sent: number;
          failed: number;
          created: number;
          rows: { row: number; status: string; requestId: string | null; error: string | null }[];
        }
      | undefined;
    await until(async () => {
      b = (await api(second, "GET", `/api/v1/enterprise/bulk-sends/${id}`)).body.data;
      return b!.status === "DONE";
    });
    expect(b).toMatchObject({ status: "DONE", sent: 48, failed: 2, created: 48 });
    expect(b!.rows.find((r) => r.row === 10)).toMatchObject({ status: "FAILED", requestId: null });
    expect(b!.rows.find((r) => r.row === 40)).toMatchObject({ status: "FAILED", requestId: null, error: "s1.name is required" });
    const ids = b!.rows.filter((r) => r.status === "SENT").map((r) => r.requestId);
    expect(new Set(ids).size).toBe(48);

    // Every request the organization has: exactly the 48, all sent.
    const all: { id: string; status: string; title: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = await api(
        second,
        "GET",
        `/api/v1/enterprise/signature-requests?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      all.push(...page.body.data.items);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(48);
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(ids));
    expect(all.every((r) => r.status === "IN_PROGRESS")).toBe(true);
    expect(new Set(all.map((r) => r.title)).size).toBe(48);

    // One invitation per request, none to the bad rows.
    await until(() => outbox(dir).length >= 48);
    // No bulk-send row or invitation left in the queue: a duplicate would be in the outbox by then.
    await jobsSettled(second, METRICS_TOKEN, ["bulk-send", "invitation"]);
    const to = outbox(dir).map((f) => fs.readFileSync(path.join(dir, "outbox", f), "utf8").match(/^To: .*$/m)![0]);
    expect(to).toHaveLength(48);
    expect(new Set(to).size).toBe(48);
    expect(to.some((t) => t.includes("nameless@example.com") || t.includes("not-an-email"))).toBe(false);
    await second.stop();
  });
});
