import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { MAX_AGE_MS, pageCacheDir, sweepPageCache, writeCached } from "@/lib/server/signing/page-cache";
import { call, makeOrg } from "../support/api";
import { htmlToPdf } from "../support/pdf-fixtures";
import { sentRequest, tokenOf } from "../support/signing";
import { getDb } from "@/lib/server/db";
import { documentVersions, jobs } from "@/lib/server/db/schema";
import { eq, sql } from "drizzle-orm";

/** The jobs queued for request `id` (every job's payload names its request). */
async function jobsOf(id: string) {
  const db = await getDb();
  return db
    .select({ type: jobs.type, status: jobs.status })
    .from(jobs)
    .where(sql`${jobs.payload}->>'requestId' = ${id}`);
}

// The signer's page shows server-drawn page images (no pdf.js on a phone) with each
// page's text over them. GET /api/sign/{token}/pages/{n}?w= and /pages/{n}/text serve what /document
// serves (the signers' copy, the sealed copy once COMPLETED), with the same checks, and more.

const SR = "/api/v1/enterprise/signature-requests";
const freshIp = () => `198.19.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Serif",serif;font-size:12pt}
.p{page-break-after:always}</style></head><body>
<div class="p"><h1>Supply agreement</h1><p>The supplier delivers the goods described below.</p><p>Anchor here {{s9|signature}} end.</p></div>
<div><h2>Schedule</h2><p>Second page words: delivery within thirty days.</p></div>
</body></html>`;

/** A PNG's width and height from its IHDR. */
function pngSize(b: Uint8Array): { width: number; height: number } {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}
const isPng = (b: Uint8Array) => Buffer.from(b.subarray(0, 8)).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

async function image(token: string, page: string | number, w: string | number | null, ip = freshIp()) {
  const q = w === null ? "" : `?w=${w}`;
  const res = await call("GET", `/api/sign/${token}/pages/${page}${q}`, { ip });
  const bytes = res.status === 200 ? new Uint8Array(await res.raw.clone().arrayBuffer()) : new Uint8Array();
  return { ...res, bytes };
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe("the signer's page images and texts", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await htmlToPdf(html);
  });

  it("draws a page at the asked width, keeps it, and gives the page's text without the anchor text", async () => {
    const {
      id,
      recipientIds: [rid],
    } = await sentRequest(key, [{ email: "pages@example.com", name: "Paige Pages", order: 1 }], { pdf });
    await runDueJobs();
    const token = await tokenOf(rid);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const [p1, p2] = view.document.pages as { width: number; height: number }[];
    expect(view.document.pageCount).toBe(2);

    const a = await image(token, 1, 720);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.headers.get("content-type")).toBe("image/png");
    expect(a.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(isPng(a.bytes)).toBe(true);
    expect(pngSize(a.bytes)).toEqual({ width: 720, height: Math.round((720 * p1!.height) / p1!.width) });
    // What is drawn is what /document serves (the signers' copy): its SHA-256 is the ETag, the cache's folder.
    const served = new Uint8Array(await (await call("GET", `/api/sign/${token}/document`)).raw.arrayBuffer());
    const sha = crypto.createHash("sha256").update(served).digest("hex");
    expect(sha).not.toBe(view.document.sha256); // the anchor text is removed
    expect(a.headers.get("etag")).toBe(`"${sha}"`);
    const kept = path.join(pageCacheDir(), sha, "1-720.png");
    expect(fs.readFileSync(kept).equals(Buffer.from(a.bytes))).toBe(true);
    // Served again from the cache: the same bytes, even with the file's engine gone from the path.
    const again = await image(token, 1, 720);
    expect(Buffer.from(again.bytes).equals(Buffer.from(a.bytes))).toBe(true);

    const b = await image(token, 2, 480);
    expect(b.status).toBe(200);
    expect(pngSize(b.bytes).width).toBe(480);
    expect(pngSize(b.bytes).height).toBe(Math.round((480 * p2!.height) / p2!.width));

    const t1 = await call("GET", `/api/sign/${token}/pages/1/text`, { ip: freshIp() });
    expect(t1.status, JSON.stringify(t1.body)).toBe(200);
    const items = t1.body.data.items as { s: string; x: number; y: number; w: number; h: number; f: number }[];
    const words = items.map((i) => i.s).join(" ");
    expect(words).toContain("Supply agreement");
    expect(words).toContain("Anchor here");
    expect(words).not.toContain("{{");
    expect(words).not.toContain("Second page");
    for (const i of items) {
      expect(i.x).toBeGreaterThanOrEqual(0);
      expect(i.y).toBeGreaterThanOrEqual(0);
      expect(i.x + i.w).toBeLessThanOrEqual(p1!.width + 1);
      expect(i.f).toBeGreaterThan(4);
    }
    const t2 = await call("GET", `/api/sign/${token}/pages/2/text`, { ip: freshIp() });
    expect((t2.body.data.items as { s: string }[]).map((i) => i.s).join(" ")).toContain("Second page words");

    // Staff cancel: the link ends, and so do its pages (even kept ones).
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    const gone = await image(token, 1, 720);
    expect(gone.status).toBe(410);
    expect((await call("GET", `/api/sign/${token}/pages/1/text`)).status).toBe(410);
  });

  it("draws each document's first pages when the request is sent, so the first open finds them kept", async () => {
    const before = process.env.DRAW_PAGES_AHEAD;
    process.env.DRAW_PAGES_AHEAD = "1";
    try {
      // A PDF of its own: the pages the other tests draw of theirs are kept under their own copy's SHA-256.
      const own = await htmlToPdf(html.replace("Supply agreement", "Drawn ahead agreement"));
      const {
        id,
        recipientIds: [rid],
      } = await sentRequest(key, [{ email: "ahead@example.com", name: "Ahead Of Time", order: 1 }], { pdf: own });
      const queued = await jobsOf(id);
      expect(queued.map((j) => j.type)).toContain("draw-pages");
      await runDueJobs();
      expect((await jobsOf(id)).filter((j) => j.type === "draw-pages").map((j) => j.status)).toEqual(["DONE"]);
      const token = await tokenOf(rid);
      const served = new Uint8Array(await (await call("GET", `/api/sign/${token}/document`)).raw.arrayBuffer());
      const sha = crypto.createHash("sha256").update(served).digest("hex");
      // Page 1 at the two widths most screens ask for, and its text; page 2 (past DRAW_PAGES_AHEAD) is not drawn.
      expect(fs.readdirSync(path.join(pageCacheDir(), sha)).toSorted()).toEqual(["1-1200.png", "1-960.png", "1.json"]);
      // The signer's first open is answered from what was drawn: the same bytes.
      const kept = fs.readFileSync(path.join(pageCacheDir(), sha, "1-1200.png"));
      const first = await image(token, 1, 1200);
      expect(first.status).toBe(200);
      expect(Buffer.from(first.bytes).equals(kept)).toBe(true);
    } finally {
      restoreEnv("DRAW_PAGES_AHEAD", before);
    }
  });

  it("a document that cannot be drawn ahead is still sent: the job ends DONE, nothing is kept, and no error escapes", async () => {
    const before = process.env.DRAW_PAGES_AHEAD;
    process.env.DRAW_PAGES_AHEAD = "2";
    try {
      const own = await htmlToPdf(html.replace("Supply agreement", "Storage fault agreement"));
      const { id } = await sentRequest(key, [{ email: "ahead-fails@example.com", name: "Ahead Fails", order: 1 }], { pdf: own });
      // A storage fault: the document's blob is gone from the disk before the job runs.
      const sha = crypto.createHash("sha256").update(own).digest("hex");
      const db = await getDb();
      const [v] = await db.select().from(documentVersions).where(eq(documentVersions.requestId, id));
      expect(v!.sha256).toBe(sha);
      fs.rmSync(path.join(process.env.DATA_DIR!, "blobs", sha.slice(0, 2), sha));
      await runDueJobs();
      expect((await jobsOf(id)).filter((j) => j.type === "draw-pages").map((j) => j.status)).toEqual(["DONE"]);
      expect(fs.existsSync(path.join(pageCacheDir(), sha))).toBe(false);
    } finally {
      restoreEnv("DRAW_PAGES_AHEAD", before);
    }
  });

  it("refuses bad page numbers and widths with a clear 4xx in the envelope; an unknown link is a 404", async () => {
    const {
      recipientIds: [rid],
    } = await sentRequest(key, [{ email: "pages-bad@example.com", name: "Bad Pages", order: 1 }], { pdf });
    await runDueJobs();
    const token = await tokenOf(rid);
    const beyond = await image(token, 3, 720);
    expect(beyond.status).toBe(404);
    expect(beyond.body).toMatchObject({
      code: 404,
      data: null,
      errorCode: "PAGE_NOT_FOUND",
      message: expect.stringMatching(/2 pages/),
    });
    for (const [page, w] of [
      [0, 720],
      ["abc", 720],
      ["-1", 720],
      ["1.5", 720],
      ["99999999999", 720],
      [1, 500],
      [1, "abc"],
      [1, 99999999],
      [1, -720],
      [1, null],
    ] as const) {
      const r = await image(token, page, w);
      expect(r.status, `${page} ${w}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body).toMatchObject({ code: 400, data: null, errorCode: "VALIDATION_FAILED" });
    }
    const w500 = await image(token, 1, 500);
    expect(JSON.stringify(w500.body)).toContain("480, 720, 960");
    expect((await call("GET", `/api/sign/${token}/pages/3/text`)).status).toBe(404);
    // Nothing was drawn for any of them.
    const dirs = fs.existsSync(pageCacheDir()) ? fs.readdirSync(pageCacheDir()) : [];
    for (const d of dirs) for (const f of fs.readdirSync(path.join(pageCacheDir(), d))) expect(f).not.toMatch(/^(0|3)-/);

    const unknown = await image("x".repeat(43), 1, 720);
    expect(unknown.status).toBe(404);
    expect((await call("POST", `/api/sign/${token}/pages/1?w=720`)).status).toBe(405);
  });

  it("a recipient with an access code gets no page before giving it", async () => {
    const d = await call("POST", SR, {
      key,
      form: { title: "Coded", delivery_mode: "email", file: { data: pdf, name: "c.pdf", type: "application/pdf" } },
    });
    const id = d.body.data.id as string;
    const r = await call("POST", `${SR}/${id}/recipients`, {
      key,
      json: {
        email: "coded-pages@example.com",
        name: "Cody",
        order: 1,
        authentication: { method: "ACCESS_CODE", accessCode: "4711-ok" },
      },
    });
    const rid = r.body.data.id as string;
    const f = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: { fields: [{ type: "SIGNATURE", recipientId: rid, page: 1, x: 72, y: 400, width: 180, height: 50 }] },
    });
    expect(f.status).toBe(201);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);
    const res = await image(token, 1, 720);
    expect(res.status).toBe(401);
    expect((await call("GET", `/api/sign/${token}/pages/1/text`)).status).toBe(401);
  });

  describe("limits", () => {
    const saved = {
      page: process.env.SIGN_PAGE_RATE_LIMIT_TOKEN,
      render: process.env.SIGN_RENDER_RATE_LIMIT_TOKEN,
    };
    afterEach(() => {
      restoreEnv("SIGN_PAGE_RATE_LIMIT_TOKEN", saved.page);
      restoreEnv("SIGN_RENDER_RATE_LIMIT_TOKEN", saved.render);
    });

    it("drawing a page not kept yet has its own bucket per link; kept pages still come; pages have their own bucket", async () => {
      const {
        recipientIds: [rid],
      } = await sentRequest(key, [{ email: "pages-limit@example.com", name: "Lim Its", order: 1 }], { pdf });
      await runDueJobs();
      const token = await tokenOf(rid);
      process.env.SIGN_RENDER_RATE_LIMIT_TOKEN = "1";
      expect((await image(token, 1, 960)).status).toBe(200);
      const refused = await image(token, 1, 1200);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, data: null, message: expect.stringMatching(/this signing link/) });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await image(token, 1, 960)).status).toBe(200);
      // The signer's other endpoints are not charged for pages.
      expect((await call("GET", `/api/sign/${token}`)).status).toBe(200);

      process.env.SIGN_PAGE_RATE_LIMIT_TOKEN = "2";
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await image(token, 1, 960)).status);
      expect(statuses.at(-1)).toBe(429);
      expect((await call("GET", `/api/sign/${token}`)).status).toBe(200);
    });
  });

  it("once COMPLETED, the pages are the sealed copy's", async () => {
    const {
      recipientIds: [rid],
    } = await sentRequest(key, [{ email: "pages-sealed@example.com", name: "Seal Ed", order: 1 }], { pdf });
    await runDueJobs();
    const token = await tokenOf(rid);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = (view.fields as { id: string; type: string }[])
      .filter((f) => f.type !== "DATE")
      .map((f) => (f.type === "TEXT" ? { fieldId: f.id, text: "Buyer" } : { fieldId: f.id, typed: "Seal Ed" }));
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs();
    const done = (await call("GET", `/api/sign/${token}`)).body.data;
    expect(done.request.status).toBe("COMPLETED");
    const res = await image(token, 1, 720);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(`"${done.document.sha256}"`);
    const text = await call("GET", `/api/sign/${token}/pages/1/text`, { ip: freshIp() });
    expect((text.body.data.items as { s: string }[]).map((i) => i.s).join(" ")).toContain("Buyer");
  });
});

describe("the page cache", () => {
  it("forgets entries older than a day and the oldest past its size", async () => {
    const sha = crypto.randomBytes(32).toString("hex");
    await writeCached(sha, "1-480.png", new Uint8Array(10));
    await writeCached(sha, "2-480.png", new Uint8Array(10));
    const old = path.join(pageCacheDir(), sha, "1-480.png");
    const past = new Date(Date.now() - MAX_AGE_MS - 60_000);
    fs.utimesSync(old, past, past);
    await sweepPageCache();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(path.join(pageCacheDir(), sha, "2-480.png"))).toBe(true);
    const saved = process.env.PAGE_CACHE_MB;
    process.env.PAGE_CACHE_MB = "0.000001"; // one byte
    try {
      await sweepPageCache();
    } finally {
      restoreEnv("PAGE_CACHE_MB", saved);
    }
    expect(fs.existsSync(path.join(pageCacheDir(), sha))).toBe(false);
  });
});
