import { parseStoredFieldValue } from "@/lib/schemas/signing";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { getDb } from "@/lib/server/db";
import { auditEvents, fields, recipients, signatureRequests } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { sweepExpired } from "@/lib/server/requests/expire-requests";
import { signingLinkState } from "@/lib/server/signing/link-state";
import { proxy } from "@/proxy";
import SignPage from "@/app/sign/[token]/page";

// The page's client app (fonts, the PDF viewer) is not needed to see what the page decides.
vi.mock("@/components/signing/signing-app", () => ({ SigningApp: () => null }));
import { call, makeOrg } from "../support/api";
import { pngChunk } from "../support/docx-fixtures";
import { createDraft } from "../support/drafts";
import { sentRequest, tokenFromOutbox, tokenOf } from "../support/signing";
import { signingPageHtml } from "../support/signing-page";
import { findIn, firstOf } from "../support/expect-helpers";
import { SIGNATURE_JPEG } from "../support/seal-fixtures";

// A signing link answers by its request's state; the signer's endpoints are rate-limited;
// signature images are judged before anything is stored.
const SR = "/api/v1/enterprise/signature-requests";
const view = (t: string, ip?: string) => call("GET", `/api/sign/${t}`, { ip });
const doc = (t: string, ip?: string) => call("GET", `/api/sign/${t}/document`, { ip });
const sign = (t: string, json: unknown, ip?: string) => call("POST", `/api/sign/${t}/sign`, { json, ip });
const decline = (t: string, ip?: string) => call("POST", `/api/sign/${t}/decline`, { json: { reason: "No" }, ip });
/** What the page /sign/{token} renders, as HTML. */
const pageHtml = (t: string) => signingPageHtml(t);
/** The HTTP status proxy.ts gives the page /sign/{token} (the page itself renders the words). */
const pageStatus = async (t: string) => {
  const res = await proxy(new NextRequest(`http://localhost:3000/sign/${t}`));
  expect(res.headers.get("x-middleware-next")).toBe("1"); // the page still renders, with this status
  return res.status;
};

/** Sets an environment variable back as it was (assigning undefined would store "undefined"). */
function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

async function auditCount(requestId: string) {
  const db = await getDb();
  return (await db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId))).length;
}
async function recipientRow(id: string) {
  const db = await getDb();
  return firstOf(await db.select().from(recipients).where(eq(recipients.id, id)), `recipient ${id}`);
}

describe("signing links answer by their request's state", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("an unknown link: 404 on the view, the document, sign and decline; the page answers 404 with the friendly text", async () => {
    const t = crypto.randomBytes(32).toString("base64url");
    for (const r of [await view(t), await doc(t), await sign(t, { consent: true, values: [] }), await decline(t)]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 404, data: null, message: "This signing link is not valid" });
    }
    expect(await pageStatus(t)).toBe(404);
    expect(await pageStatus("not-a-real-token-0123456789abcdef")).toBe(404);
    expect(await pageStatus("short")).toBe(404);
    expect(await signingLinkState(t)).toEqual({ kind: "unknown" });
    // The page calls notFound(): Next.js renders not-found.tsx ("This signing link is not valid") with 404.
    await expect(SignPage({ params: Promise.resolve({ token: t }) })).rejects.toMatchObject({
      digest: "NEXT_HTTP_ERROR_FALLBACK;404",
    });
  });

  it("a cancelled request: 410 on all three (view, document, sign) and on decline; nothing changes; the page 410, saying so", async () => {
    const {
      id,
      recipientIds: [rid],
    } = await sentRequest(key, [{ email: "cancel-410@example.com", name: "Cal Cancel", order: 1 }]);
    await runDueJobs();
    const t = tokenFromOutbox("cancel-410@example.com")!;
    expect(await pageStatus(t)).toBe(200);
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    const before = { audit: await auditCount(id), recipient: await recipientRow(rid) };
    expect(before.recipient.status).toBe("SENT");

    const v = await view(t);
    expect(v.status).toBe(410);
    expect(v.body).toMatchObject({
      code: 410,
      statusText: "Gone",
      data: null,
      message: expect.stringMatching(/cancelled/),
      details: { status: "CANCELLED" },
    });
    const d = await doc(t);
    expect(d.status).toBe(410);
    expect(d.headers.get("content-type")).toMatch(/application\/json/);
    expect(d.body.code).toBe(410);
    expect((await sign(t, { consent: true, values: [] })).status).toBe(410);
    expect((await decline(t)).status).toBe(410);

    // Nothing changed: the view did not mark the recipient VIEWED, no event was recorded.
    expect(await recipientRow(rid)).toEqual(before.recipient);
    expect(await auditCount(id)).toBe(before.audit);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("CANCELLED");

    expect(await pageStatus(t)).toBe(410);
    expect(await signingLinkState(t)).toMatchObject({
      kind: "ended",
      status: "CANCELLED",
      title: "Signing test",
      environment: "SANDBOX",
    });
    const html = await pageHtml(t);
    expect(html).toContain("This request was cancelled");
    expect(html).toContain("Sandbox – not a valid legal signature");
    expect(html).not.toContain("/document");
  });

  it("a declined request: 410 for every signer's link; the decliner's page says they declined", async () => {
    const { id } = await sentRequest(key, [
      { email: "dec-a@example.com", name: "Dee A", order: 1 },
      { email: "dec-b@example.com", name: "Dee B", order: 1 },
    ]);
    await runDueJobs();
    const [ta, tb] = [tokenFromOutbox("dec-a@example.com")!, tokenFromOutbox("dec-b@example.com")!];
    expect((await decline(ta)).status).toBe(200);
    const audit = await auditCount(id);
    for (const t of [ta, tb]) {
      expect((await view(t)).status).toBe(410);
      expect((await doc(t)).status).toBe(410);
      expect((await sign(t, { consent: true, values: [] })).status).toBe(410);
      expect(await pageStatus(t)).toBe(410);
    }
    expect((await view(ta)).body.details).toMatchObject({ status: "DECLINED", recipientStatus: "DECLINED" });
    expect((await view(tb)).body.details).toMatchObject({ status: "DECLINED", recipientStatus: "SENT" });
    expect(await signingLinkState(ta)).toMatchObject({ kind: "ended", status: "DECLINED", recipientStatus: "DECLINED" });
    expect(await pageHtml(ta)).toContain("You declined to sign");
    expect(await pageHtml(tb)).toContain("This request was declined");
    expect(await auditCount(id)).toBe(audit);
  });

  it("an expired request: 410 on view, document and sign; the page 410", async () => {
    const e = await sentRequest(key, [{ email: "exp-410@example.com", name: "Ex Pired", order: 1 }]);
    const db = await getDb();
    await db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, e.id));
    await sweepExpired();
    const t = await tokenOf(e.recipientIds[0]);
    for (const r of [await view(t), await doc(t), await sign(t, { consent: true, values: [] })]) {
      expect(r.status).toBe(410);
      expect(r.body.message).toMatch(/expired/);
    }
    expect(await pageStatus(t)).toBe(410);
  });

  it("a completed request: the link shows the sealed copy (no fields, no signing) for 30 days, then 410", async () => {
    const {
      id,
      recipientIds: [rid],
    } = await sentRequest(key, [{ email: "done-30@example.com", name: "Don Done", order: 1 }], { cc: true });
    await runDueJobs();
    const t = tokenFromOutbox("done-30@example.com")!;
    const original = (await call("GET", `${SR}/${id}`, { key })).body.data.document.sha256;
    const v0 = (await view(t)).body.data;
    const values = v0.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "Owner" } : { fieldId: f.id, typed: "Don Done" },
      );
    expect((await sign(t, { consent: true, values })).body.data).toMatchObject({ completed: true });
    await runDueJobs(); // seal
    await runDueJobs(); // completion mails
    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    expect(done.document.sha256).not.toBe(original);

    const v = await view(t);
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({
      request: { status: "COMPLETED" },
      yourTurn: false,
      fields: [],
      document: { sha256: done.document.sha256 },
    });
    const until = Date.parse(v.body.data.availableUntil);
    expect(Math.abs(until - (Date.parse(done.completedAt) + 30 * 24 * 3600 * 1000))).toBeLessThan(1000);
    const pdf = await doc(t);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/signed\)\.pdf/);
    const bytes = new Uint8Array(await pdf.raw.arrayBuffer());
    expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(done.document.sha256); // the sealed version
    // Nothing else: no signing, no declining.
    const again = await sign(t, { consent: true, values });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/complete/);
    expect((await decline(t)).status).toBe(409);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("COMPLETED");
    expect(await pageStatus(t)).toBe(200);
    expect(await signingLinkState(t)).toMatchObject({ kind: "completed", title: "Signing test" });
    const html = await pageHtml(t);
    expect(html).toContain("This document is complete");
    expect(html).toContain(`href="/api/sign/${t}/document"`);
    // The CC recipient's link shows the sealed copy too.
    const cc = findIn(done.recipients, (r) => r.role === "CC", "the CC recipient");
    expect((await doc(await tokenOf(cc.id))).status).toBe(200);

    // 30 days after completion the link is closed.
    const db = await getDb();
    await db
      .update(signatureRequests)
      .set({ completedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(signatureRequests.id, id));
    for (const r of [await view(t), await doc(t), await sign(t, { consent: true, values })]) {
      expect(r.status).toBe(410);
      expect(r.body.message).toMatch(/completed more than 30 days ago/);
    }
    expect(await pageStatus(t)).toBe(410);
    expect(await pageHtml(t)).toContain("This link has expired");
    expect((await recipientRow(rid)).status).toBe("SIGNED");
  });
});

describe("the signer's endpoints are rate-limited per link and per address", () => {
  const saved = { token: process.env.SIGN_RATE_LIMIT_TOKEN, ip: process.env.SIGN_RATE_LIMIT_IP };
  afterEach(() => {
    restoreEnv("SIGN_RATE_LIMIT_TOKEN", saved.token);
    restoreEnv("SIGN_RATE_LIMIT_IP", saved.ip);
  });
  const freshIp = () => `198.18.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

  it("per link: the 6th call in a minute with a limit of 5 is a 429 with Retry-After, in the envelope; another link is not affected", async () => {
    process.env.SIGN_RATE_LIMIT_TOKEN = "5";
    process.env.SIGN_RATE_LIMIT_IP = "1000";
    const key = (await makeOrg()).sandboxKey;
    const {
      recipientIds: [a, b],
    } = await sentRequest(key, [
      { email: "rl-a@example.com", name: "Rae A", order: 1 },
      { email: "rl-b@example.com", name: "Rae B", order: 1 },
    ]);
    await runDueJobs(); // invited: SENT
    const [ta, tb] = [await tokenOf(a), await tokenOf(b)];
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await view(ta, ip)).status).toBe(200);
    expect((await doc(ta, ip)).status).toBe(200);
    const limited = await view(ta, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: 429,
      statusText: "Too Many Requests",
      data: null,
      message: expect.stringMatching(/this signing link/),
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Every endpoint shares the link's bucket; a refused sign changes nothing.
    const s = await sign(ta, { consent: true, values: [] }, ip);
    expect(s.status).toBe(429);
    expect((await doc(ta, ip)).status).toBe(429);
    expect((await decline(ta, ip)).status).toBe(429);
    expect((await recipientRow(a)).status).toBe("VIEWED");
    expect((await view(tb, ip)).status).toBe(200);
  });

  it("per address: every link together; unknown links count too; another address is not affected", async () => {
    process.env.SIGN_RATE_LIMIT_TOKEN = "1000";
    process.env.SIGN_RATE_LIMIT_IP = "4";
    const key = (await makeOrg()).sandboxKey;
    const {
      recipientIds: [a],
    } = await sentRequest(key, [{ email: "rl-ip@example.com", name: "Ray Ip", order: 1 }]);
    await runDueJobs(); // invited: SENT
    const t = await tokenOf(a);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await view(crypto.randomBytes(32).toString("base64url"), ip)).status).toBe(404);
    const limited = await view(t, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/your address/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await recipientRow(a)).status).toBe("SENT"); // the refused view did not count as a view
    expect((await view(t, freshIp())).status).toBe(200);
  });
});

// ---- images, built by hand: the judge reads headers, so sizes can be claimed cheaply ----
const chunk = pngChunk;
/** A real RGBA PNG of one colour (and, with `pad`, an ancillary text chunk of that many bytes). */
function png(width: number, height: number, opts: { pad?: number; colourType?: number; idat?: Buffer } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, opts.colourType ?? 6, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 4);
  const rgba = crypto.randomBytes(4);
  for (let x = 0; x < width; x++) rgba.copy(row, 1 + x * 4);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(opts.pad ? [chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(opts.pad, 0x61)]))] : []),
    chunk("IDAT", opts.idat ?? zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
/** A JPEG whose frame header (SOF0) claims width x height; scan data follows, then EOI. */
function jpegHeader(width: number, height: number): Buffer {
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00];
  return Buffer.from([0xff, 0xd8, ...sof, ...sos, 0x12, 0x34, 0x56, 0xff, 0xd9]);
}
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

function countBlobs(): number {
  const root = path.join(process.env.DATA_DIR!, "blobs");
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /^[0-9a-f]{64}$/.test(e.name))
    .length;
}

describe("signature images are judged before anything is stored", () => {
  it("a bad image among good ones: 400/415/422 naming its field, no blob stored, nothing signed; a good submission then stores them", async () => {
    const key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key, undefined, "Images");
    const r = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "img@example.com", name: "Ima Ge", order: 1 } })
    ).body.data;
    const made = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y: 100, width: 180, height: 50 },
          { type: "INITIAL", recipientId: r.id, page: 1, x: 300, y: 100, width: 60, height: 40 },
          { type: "TEXT", recipientId: r.id, page: 1, x: 72, y: 200, width: 200, height: 20, label: "Role" },
        ],
      },
    });
    expect(made.status).toBe(201);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs(); // invited: SENT, so it is their turn
    const t = await tokenOf(r.id);
    const fs3 = (await view(t)).body.data.fields as { id: string; type: string }[];
    const [sigF, iniF, textF] = ["SIGNATURE", "INITIAL", "TEXT"].map((ty) => fs3.find((f) => f.type === ty)!.id);
    // Sizes of this run: a blob store kept from an earlier run (on PostgreSQL, DATA_DIR is per database) may hold
    // the images of that run, which would then not be stored again.
    const run = Date.now();
    const good1 = dataUrl(png(40 + (run % 200), 20));
    const good2 = dataUrl(png(4000, 1 + (Math.floor(run / 200) % 50))); // at the limit of a side
    const values = (sig: string, ini: string, text?: string) => [
      { fieldId: sigF, image: sig },
      { fieldId: iniF, image: ini },
      ...(text ? [{ fieldId: textF, text }] : []),
    ];

    const savedJson = process.env.MAX_JSON_KB;
    process.env.MAX_JSON_KB = "8192"; // so that the 2 MB image reaches the judge
    try {
      const before = countBlobs();
      const cases: [unknown[], number, RegExp][] = [
        [
          values(good1, dataUrl(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png"), "CEO"),
          415,
          /PNG or JPEG/,
        ],
        [values(good1, dataUrl(Buffer.from("GIF89a\x01\x00\x01\x00"), "image/gif"), "CEO"), 415, /PNG or JPEG/],
        [values(good1, dataUrl(png(40, 20).subarray(0, 60)), "CEO"), 415, /truncated|damaged/],
        [values(good1, dataUrl(png(4001, 1)), "CEO"), 422, /4001 x 1 pixels; the limit is 4000 pixels a side/],
        [values(good1, dataUrl(png(1, 4001)), "CEO"), 422, /1 x 4001 pixels/],
        [values(good1, dataUrl(jpegHeader(5000, 5000), "image/jpeg"), "CEO"), 422, /5000 x 5000 pixels/],
        [values(good1, dataUrl(png(2, 2, { pad: 2 * 1024 * 1024 + 10 })), "CEO"), 422, /limit is 2097152 bytes/],
        [values(good1, "data:image/png,not-base64", "CEO"), 400, /base64 data: URL/],
        // Well-formed chunks around pixels that cannot be decoded used to be taken here and
        // then fail every seal. Now they are decoded at once: 422, while the signer can still fix it.
        [values(good1, dataUrl(png(40, 20, { colourType: 5 })), "CEO"), 422, /cannot be used: .*could not be decoded/],
        [values(good1, dataUrl(png(40, 20, { idat: crypto.randomBytes(200) })), "CEO"), 422, /could not be decoded/],
        [values(good1, dataUrl(png(40, 20, { idat: zlib.deflateSync(Buffer.alloc(10)) })), "CEO"), 422, /could not be decoded/],
        [values(good1, dataUrl(jpegHeader(10, 10), "image/jpeg"), "CEO"), 422, /JPEG image could not be decoded/],
      ];
      for (const [vals, status, message] of cases) {
        const res = await sign(t, { consent: true, values: vals });
        expect(res.status, String(message)).toBe(status);
        expect(res.body).toMatchObject({ code: status, data: null, message: expect.stringMatching(message) });
        expect(res.body.errors).toEqual([{ field: "values.1.image", message: expect.any(String) }]);
        expect(countBlobs()).toBe(before);
      }
      // Good images but another problem (a required text missing): still nothing stored.
      const missing = await sign(t, { consent: true, values: values(good1, good2) });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe("Role is required");
      expect(countBlobs()).toBe(before);

      const db = await getDb();
      expect((await recipientRow(r.id)).status).toBe("VIEWED");
      expect(
        (
          await db
            .select()
            .from(fields)
            .where(and(eq(fields.recipientId, r.id)))
        ).every((f) => f.value === null),
      ).toBe(true);

      const ok = await sign(t, {
        consent: true,
        values: values(good1, dataUrl(Buffer.from(SIGNATURE_JPEG), "image/jpeg"), "CEO"),
      });
      expect(ok.status).toBe(200);
      expect(countBlobs()).toBe(before + 2);
      // What was stored is the image decoded and written again, not the bytes sent.
      const stored = (await db.select().from(fields).where(eq(fields.recipientId, r.id)))
        .map((f) => parseStoredFieldValue(f.value))
        .flatMap((v) => (v?.kind === "image" ? [v] : []));
      expect(stored.map((v) => v.mime).sort()).toEqual(["image/jpeg", "image/png"]);
      const sent = new Set(
        [good1, SIGNATURE_JPEG].map((b) =>
          crypto
            .createHash("sha256")
            .update(typeof b === "string" ? Buffer.from(b.split(",")[1]!, "base64") : b)
            .digest("hex"),
        ),
      );
      expect(stored.every((v) => !sent.has(v!.sha256!))).toBe(true);
      await runDueJobs(); // the seal embeds both
      expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.status).toBe("COMPLETED");
    } finally {
      restoreEnv("MAX_JSON_KB", savedJson);
    }
  });
});
