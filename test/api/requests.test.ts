import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { call, makeOrg, type ApiResult } from "../support/api";
import { simplePdf } from "../support/simple-pdf";
import { createDraft } from "../support/drafts";

const SR = "/api/v1/enterprise/signature-requests";

describe("signature requests", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  beforeAll(async () => {
    org = await makeOrg();
  });

  it("creates a DRAFT from a PDF in part file or documentFile, storing pages as displayed", async () => {
    const pdf = await simplePdf([
      { width: 612, height: 792 },
      { width: 595, height: 842, rotate: 90 },
    ]);
    const r = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "NDA", delivery_mode: "email", file: { data: pdf, name: "nda.pdf" } },
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe("Signature request created");
    expect(r.body.data).toMatchObject({
      status: "DRAFT",
      title: "NDA",
      delivery_mode: "email",
      environment: "SANDBOX",
      recipients: [],
      fields: [],
    });
    expect(r.body.data.document).toMatchObject({
      version: 1,
      pageCount: 2,
      pages: [
        { width: 612, height: 792 },
        { width: 842, height: 595 },
      ],
    });
    expect(r.body.data.document.sha256).toMatch(/^[0-9a-f]{64}$/);

    const alt = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "Alt", documentFile: { data: pdf, name: "x.bin" } },
    });
    expect(alt.status).toBe(201);
    expect(alt.body.data.delivery_mode).toBe("email");

    const doc = await call("GET", `${SR}/${r.body.data.id}/document`, { key: org.sandboxKey });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    // What is served is what is stored: the upload in its one reading, its SHA-256 the record's; the upload's own is kept beside it.
    const served = Buffer.from(await doc.raw.arrayBuffer());
    expect(createHash("sha256").update(served).digest("hex")).toBe(r.body.data.document.sha256);
    expect(r.body.data.document.uploadedSha256 ?? r.body.data.document.sha256).toBe(
      createHash("sha256").update(pdf).digest("hex"),
    );
  });

  it("judges the file by content: 415 not a PDF, 422 damaged or encrypted, 400 missing parts", async () => {
    const notPdf = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "t", file: { data: new TextEncoder().encode("hello, I am text"), name: "a.pdf", type: "application/pdf" } },
    });
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.data).toBeNull();

    const pdf = await simplePdf();
    const truncated = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "t", file: { data: pdf.slice(0, 200), name: "a.pdf" } },
    });
    expect(truncated.status).toBe(422);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enc-"));
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    execFileSync("qpdf", ["--encrypt", "u", "o", "256", "--", path.join(dir, "in.pdf"), path.join(dir, "out.pdf")]);
    const enc = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "t", file: { data: fs.readFileSync(path.join(dir, "out.pdf")), name: "e.pdf" } },
    });
    expect(enc.status).toBe(422);
    expect(enc.body.message).toMatch(/encrypted/);

    const noFile = await call("POST", SR, { key: org.sandboxKey, form: { title: "t" } });
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors.map((e: { field: string }) => e.field)).toContain("file");
    const noTitle = await call("POST", SR, { key: org.sandboxKey, form: { file: { data: pdf, name: "a.pdf" } } });
    expect(noTitle.status).toBe(400);
    const badMode = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "t", delivery_mode: "fax", file: { data: pdf, name: "a.pdf" } },
    });
    expect(badMode.status).toBe(400);
    const json = await call("POST", SR, { key: org.sandboxKey, json: { title: "t" } });
    expect(json.status).toBe(415);
  });

  it("refuses an upload over MAX_UPLOAD_MB with 413, while streaming", async () => {
    const before = process.env.MAX_UPLOAD_MB;
    process.env.MAX_UPLOAD_MB = "1";
    try {
      // A body that never declares its length and would go on for 64 MB: refused after the first megabyte.
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent > 64 * 1024 * 1024) return c.close();
          sent += 65536;
          c.enqueue(new Uint8Array(65536));
        },
      });
      const r = await call("POST", SR, {
        key: org.sandboxKey,
        body: stream,
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
      });
      expect(r.status).toBe(413);
      expect(sent).toBeLessThan(4 * 1024 * 1024);
      const declared = await call("POST", SR, {
        key: org.sandboxKey,
        body: "x",
        headers: { "content-type": "multipart/form-data; boundary=xyz", "content-length": String(50 * 1024 * 1024) },
      });
      expect(declared.status).toBe(413);
    } finally {
      if (before === undefined) delete process.env.MAX_UPLOAD_MB;
      else process.env.MAX_UPLOAD_MB = before;
    }
  });

  it("refuses a document over the page limit with 422", async () => {
    process.env.MAX_PAGES = "3";
    try {
      const r = await call("POST", SR, {
        key: org.sandboxKey,
        form: { title: "big", file: { data: await simplePdf([{}, {}, {}, {}]), name: "a.pdf" } },
      });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/4 pages; the limit is 3/);
    } finally {
      delete process.env.MAX_PAGES;
    }
  });

  it("lists with cursor pagination and a status filter", async () => {
    const o = await makeOrg();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createDraft(o.sandboxKey, undefined, `R${i}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: ApiResult<{ items: { id: string }[]; nextCursor: string | null }> = await call(
        "GET",
        `${SR}?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { key: o.sandboxKey },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.data.items.map((x) => x.id));
      cursor = r.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const drafts = await call("GET", `${SR}?status=DRAFT&limit=100`, { key: o.sandboxKey });
    expect(drafts.body.data.items).toHaveLength(5);
    const sent = await call("GET", `${SR}?status=IN_PROGRESS`, { key: o.sandboxKey });
    expect(sent.body.data.items).toHaveLength(0);
    expect((await call("GET", `${SR}?status=NOPE`, { key: o.sandboxKey })).status).toBe(400);
    expect((await call("GET", `${SR}?limit=0`, { key: o.sandboxKey })).status).toBe(400);
    expect((await call("GET", `${SR}?cursor=garbage`, { key: o.sandboxKey })).status).toBe(400);
  });

  it("deletes a draft, and the id is then gone", async () => {
    const d = await createDraft(org.sandboxKey);
    const r = await call("DELETE", `${SR}/${d.id}`, { key: org.sandboxKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: d.id, deleted: true });
    expect((await call("GET", `${SR}/${d.id}`, { key: org.sandboxKey })).status).toBe(404);
    expect((await call("DELETE", `${SR}/${d.id}`, { key: org.sandboxKey })).status).toBe(404);
  });

  it("keeps other organizations' and the other environment's requests invisible (404)", async () => {
    const d = await createDraft(org.sandboxKey);
    const other = await makeOrg();
    for (const [m, p] of [
      ["GET", `${SR}/${d.id}`],
      ["GET", `${SR}/${d.id}/document`],
      ["GET", `${SR}/${d.id}/audit`],
      ["DELETE", `${SR}/${d.id}`],
      ["POST", `${SR}/${d.id}/send`],
      ["POST", `${SR}/${d.id}/cancel`],
    ] as const) {
      const r = await call(m, p, { key: other.sandboxKey });
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body.message).toBe("Signature request not found");
    }
    const rr = await call("POST", `${SR}/${d.id}/recipients`, { key: other.sandboxKey, json: { email: "a@b.co", name: "A" } });
    expect(rr.status).toBe(404);
    const list = await call("GET", SR, { key: other.sandboxKey });
    expect(list.body.data.items).toHaveLength(0);

    const ent = await makeOrg({ plan: "ENTERPRISE", production: true });
    const sandboxDraft = await createDraft(ent.sandboxKey);
    expect((await call("GET", `${SR}/${sandboxDraft.id}`, { key: ent.productionKey! })).status).toBe(404);
    const prodDraft = await createDraft(ent.productionKey!);
    expect(prodDraft.environment).toBe("PRODUCTION");
    expect((await call("GET", `${SR}/${prodDraft.id}`, { key: ent.sandboxKey })).status).toBe(404);
    expect((await call("GET", `${SR}/${prodDraft.id}`, { key: ent.productionKey! })).status).toBe(200);
    expect((await call("GET", `${SR}/not-a-uuid`, { key: org.sandboxKey })).status).toBe(404);
  });

  it("answers 404 in the envelope for a path that names no endpoint", async () => {
    const r = await call("GET", "/api/v1/enterprise/nothing-here", { key: org.sandboxKey });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, data: null });
  });
});
