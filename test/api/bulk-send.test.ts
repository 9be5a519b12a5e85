import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { bulkSendRows, bulkSends, jobs, mailLog, signatureRequests } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { officeConverter } from "@/lib/server/convert/converter";
import { AppError } from "@/lib/server/errors";
import type * as SendRequestModule from "@/lib/server/requests/send-request";
import { parseCsv, CsvError } from "@/lib/server/bulk/parse-csv";
import { purgeSandbox } from "@/lib/server/purge/purge-sandbox";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";
import { handBuiltDocx } from "../support/docx-fixtures";
import { tokenFromOutbox } from "../support/signing";
import { firstOf, itemAt } from "../support/expect-helpers";

// Each sendRequest call can be made to fail as a crash would (a plain Error: the job is retried) or
// for good (an AppError: the row fails), before or after the real send.
const crash = vi.hoisted(() => ({ calls: 0, before: -1, after: -1, refuse: -1 }));
vi.mock("@/lib/server/requests/send-request", async (importOriginal) => {
  const actual = await importOriginal<typeof SendRequestModule>();
  return {
    ...actual,
    sendRequest: async (...args: Parameters<typeof actual.sendRequest>) => {
      const n = ++crash.calls;
      if (n === crash.before) throw new Error("simulated crash before the send");
      if (n === crash.refuse) throw new AppError("SIGNER_WITHOUT_FIELDS", "simulated refusal of this row");
      const r = await actual.sendRequest(...args);
      if (n === crash.after) throw new Error("simulated crash after the send");
      return r;
    },
  };
});

afterAll(() => officeConverter().shutdown());

const T = "/api/v1/enterprise/templates";
const B = "/api/v1/enterprise/bulk-sends";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function pdfTemplate(key: string, text = "Sign here: {{s1|signature|120|40}}") {
  const r = await call("POST", T, {
    key,
    form: { name: "Bulk letter", file: { data: await simplePdf([{ text }]), name: "letter.pdf", type: "application/pdf" } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as string;
}

const csvFile = (text: string, name = "rows.csv") => ({ data: new TextEncoder().encode(text), name, type: "text/csv" });

function fiftyRows(tag: string) {
  const lines = ["s1.name,s1.email,title"];
  for (let i = 1; i <= 50; i++) {
    if (i === 7) lines.push(`Bad Email ${tag},not-an-email,Letter ${i}`);
    else if (i === 33) lines.push(`,bad33-${tag}@example.com,Letter ${i}`);
    else lines.push(`"Person ${i}, ${tag}",p${i}-${tag}@example.com,"Letter ""${i}"""`);
  }
  return lines.join("\r\n") + "\r\n";
}

async function requestsOf(orgId: string) {
  const db = await getDb();
  return db.select().from(signatureRequests).where(eq(signatureRequests.orgId, orgId));
}

/**
 * The bulk send's job, made to look as if its worker died holding it (the lease ran out). Due before
 * anything else (the worker takes the job due first), so that the test's `runDueJobs(1)` runs it and not
 * an invitation the earlier rows queued, whatever the machine's speed.
 */
async function workerDied(bulkSendId: string) {
  const db = await getDb();
  const all = await db.select().from(jobs).where(eq(jobs.type, "bulk-send"));
  const job = all.find((j) => j.payload.bulkSendId === bulkSendId)!;
  await db
    .update(jobs)
    .set({
      status: "RUNNING",
      lockedBy: "a-dead-worker",
      lockedUntil: new Date(Date.now() - 1000),
      runAt: new Date(0),
    })
    .where(eq(jobs.id, job.id));
  return job.id;
}

describe("the CSV reader", () => {
  it("reads quotes, doubled quotes, commas and line breaks in quotes, CRLF, LF and a BOM", () => {
    const recs = parseCsv('\ufeffa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\nlast,,\n\n');
    expect(recs.map((r) => r.cells)).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "two\r\nlines"],
      ["last", "", ""],
    ]);
    expect(recs.map((r) => r.line)).toEqual([1, 2, 4]);
  });
  it("refuses an unclosed quote and a stray one", () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\nx"y,z\n')).toThrow(/quote inside an unquoted field/);
    expect(() => parseCsv('a,b\n"x"y,z\n')).toThrow(/after a closing quote/);
  });
});

describe("bulk send", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let key: string;
  let templateId: string;
  beforeAll(async () => {
    org = await makeOrg();
    key = org.sandboxKey;
    templateId = await pdfTemplate(key);
  });

  it("a 50-row CSV with two bad rows: 48 requests sent, the two reported with their errors, no mail to them", async () => {
    crash.calls = 0;
    const r = await call("POST", `${T}/${templateId}/bulk-send`, { key, form: { file: csvFile(fiftyRows("a")) } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.data).toMatchObject({ total: 50, created: 0, sent: 0, failed: 2, pending: 48, status: "QUEUED" });
    expect(r.body.data.errors.map((e: { row: number }) => e.row)).toEqual([7, 33]);
    expect(r.body.data.errors[0]?.errors[0]).toMatchObject({
      field: "s1.email",
      message: expect.stringContaining("not a valid e-mail"),
    });
    expect(r.body.data.errors[1]?.errors[0]).toMatchObject({ field: "s1.name", message: "s1.name is required" });
    // Nothing is made before the job runs.
    expect(await requestsOf(org.orgId)).toHaveLength(0);

    await runDueJobs(500);
    const b = await call("GET", `${B}/${r.body.data.id}`, { key });
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ status: "DONE", total: 50, created: 48, sent: 48, failed: 2, pending: 0 });
    expect(b.body.data.finishedAt).toEqual(expect.any(String));
    const rows = b.body.data.rows as { row: number; status: string; requestId: string | null; error: string | null }[];
    expect(rows).toHaveLength(50);
    expect(rows.filter((x) => x.status === "SENT")).toHaveLength(48);
    expect(rows.find((x) => x.row === 7)).toMatchObject({
      status: "FAILED",
      requestId: null,
      error: expect.stringContaining("not a valid e-mail"),
    });
    expect(rows.find((x) => x.row === 33)).toMatchObject({ status: "FAILED", requestId: null, error: "s1.name is required" });

    const reqs = await requestsOf(org.orgId);
    expect(reqs).toHaveLength(48);
    expect(new Set(rows.filter((x) => x.requestId).map((x) => x.requestId)).size).toBe(48);
    expect(reqs.every((q) => q.status === "IN_PROGRESS")).toBe(true);
    const one = await call("GET", `/api/v1/enterprise/signature-requests/${firstOf(rows, "bulk-send rows").requestId}`, { key });
    expect(one.body.data).toMatchObject({ title: 'Letter "1"', status: "IN_PROGRESS" });
    expect(one.body.data.recipients[0]).toMatchObject({ name: "Person 1, a", email: "p1-a@example.com" });
    expect(one.body.data.fields).toHaveLength(1);
    expect(one.body.data.fields[0]).toMatchObject({ type: "SIGNATURE", width: 120, height: 40 });

    // One invitation per good row, none to the bad rows.
    const db = await getDb();
    const mails = await db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.orgId, org.orgId), eq(mailLog.kind, "invitation")));
    expect(mails).toHaveLength(48);
    expect(tokenFromOutbox("p1-a@example.com")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenFromOutbox("bad33-a@example.com")).toBeNull();
    expect(mails.some((m) => m.to.includes("not-an-email"))).toBe(false);

    const list = await call("GET", `${B}?templateId=${templateId}`, { key });
    expect(list.body.data.items.map((x: { id: string }) => x.id)).toContain(r.body.data.id);
  });

  it("resumes after its worker died, at any step of a row, with no duplicate request or mail", async () => {
    const o = await makeOrg();
    const tpl = await pdfTemplate(o.sandboxKey);
    const lines = ["s1.name,s1.email", ...Array.from({ length: 12 }, (_, i) => `R${i + 1},r${i + 1}-resume@example.com`)];
    const r = await call("POST", `${T}/${tpl}/bulk-send`, { key: o.sandboxKey, form: { file: csvFile(lines.join("\n")) } });
    expect(r.status).toBe(202);
    const id = r.body.data.id;

    // Row 4: the draft committed (with its row) but the send never happened.
    crash.calls = 0;
    crash.before = 4;
    await runDueJobs(1);
    crash.before = -1;
    const db = await getDb();
    let rows = await db.select().from(bulkSendRows).where(eq(bulkSendRows.bulkSendId, id));
    expect(rows.filter((x) => x.status === "SENT")).toHaveLength(3);
    expect(rows.find((x) => x.rowIndex === 4)).toMatchObject({ status: "PENDING", requestId: expect.any(String) });
    expect((await db.select().from(bulkSends).where(eq(bulkSends.id, id)))[0]?.status).toBe("RUNNING");

    // Row 8 (the 5th send of the next run): sent, but the worker died before the row was marked.
    await workerDied(id);
    crash.calls = 0;
    crash.after = 5;
    await runDueJobs(1);
    crash.after = -1;
    rows = await db.select().from(bulkSendRows).where(eq(bulkSendRows.bulkSendId, id));
    expect(rows.find((x) => x.rowIndex === 8)).toMatchObject({ status: "PENDING", requestId: expect.any(String) });
    const sentAlready = (await requestsOf(o.orgId)).find((q) => q.id === rows.find((x) => x.rowIndex === 8)!.requestId)!;
    expect(sentAlready.status).toBe("IN_PROGRESS");

    // Row 11 is refused for good: it fails, the others go on.
    await workerDied(id);
    crash.calls = 0;
    crash.refuse = 3; // row 8 is only marked (its request is sent already), then rows 9, 10, 11 are sent
    await runDueJobs(50);
    crash.refuse = -1;

    const b = (await call("GET", `${B}/${id}`, { key: o.sandboxKey })).body.data;
    expect(b).toMatchObject({ status: "DONE", total: 12, sent: 11, failed: 1, created: 12, pending: 0 });
    const failed = b.rows.filter((x: { status: string }) => x.status === "FAILED");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ row: 11, error: "simulated refusal of this row" });
    const reqs = await requestsOf(o.orgId);
    expect(reqs).toHaveLength(12); // one per row: the refused row's draft stays a DRAFT, named on its row
    expect(new Set(b.rows.map((x: { requestId: string }) => x.requestId)).size).toBe(12);
    expect(reqs.filter((q) => q.status === "IN_PROGRESS")).toHaveLength(11);
    await runDueJobs(200);
    const mails = await db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.orgId, o.orgId), eq(mailLog.kind, "invitation")));
    expect(mails).toHaveLength(11);
    expect(new Set(mails.map((m) => m.to)).size).toBe(11);
  });

  it("takes JSON rows for a DOCX template: placeholders filled, fields from the anchors, both signers", async () => {
    const up = await call("POST", T, {
      key,
      form: { name: "Docx bulk", file: { data: handBuiltDocx(), name: "c.docx", type: DOCX_TYPE } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const tpl = up.body.data;
    const data: Record<string, string> = {};
    for (const p of tpl.placeholders as string[]) data[p] = `V-${p}`;
    const rows = [
      {
        ...data,
        "s1.name": "Ann One",
        "s1.email": "ann-json@example.com",
        "s2.name": "Bob Two",
        "s2.email": "bob-json@example.com",
        title: "JSON row 1",
      },
      {
        ...data,
        "S1.Email": "cy-json@example.com",
        "s1.name": "Cy Three",
        "s2.name": "Di Four",
        "s2.email": "di-json@example.com",
      },
      { ...data, "s1.name": "No Email" },
    ];
    const r = await call("POST", `${T}/${tpl.id}/bulk-send`, { key, json: { rows } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.data).toMatchObject({ total: 3, failed: 1 });
    expect(r.body.data.errors[0]?.row).toBe(3);
    expect(r.body.data.errors[0]?.errors.map((e) => e.field)).toEqual(["s1.email", "s2.name", "s2.email"]);
    await runDueJobs(50);
    const b = (await call("GET", `${B}/${r.body.data.id}`, { key })).body.data;
    expect(b, JSON.stringify(b.rows)).toMatchObject({ status: "DONE", sent: 2, failed: 1 });
    const req = (
      await call("GET", `/api/v1/enterprise/signature-requests/${itemAt(b.rows, 0, "bulk-send rows").requestId}`, { key })
    ).body.data;
    expect(req.title).toBe("JSON row 1");
    expect(req.recipients.map((x: { email: string }) => x.email)).toEqual(["ann-json@example.com", "bob-json@example.com"]);
    const owners = new Set(req.fields.map((f: { recipientId: string }) => f.recipientId));
    expect(owners.size).toBe(2);
    const second = (
      await call("GET", `/api/v1/enterprise/signature-requests/${itemAt(b.rows, 1, "bulk-send rows").requestId}`, { key })
    ).body.data;
    expect(second.title).toBe("Docx bulk");
  }, 120_000);

  it("sends a template of a DOCX and a PDF: each row's request has both documents, the DOCX filled, fields on each", async () => {
    const up = await call("POST", T, {
      key,
      form: {
        name: "Docx and annex",
        file: [
          { data: handBuiltDocx(), name: "c.docx", type: DOCX_TYPE },
          { data: await simplePdf([{ text: "Annex: {{s1|signature|120|40}}" }]), name: "annex.pdf", type: "application/pdf" },
        ],
      },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const tpl = up.body.data;
    const data: Record<string, string> = {};
    for (const p of tpl.placeholders as string[]) data[p] = `V-${p}`;
    const rows = [
      {
        ...data,
        "s1.name": "Ann Mixed",
        "s1.email": "ann-mixed@example.com",
        "s2.name": "Bob Mixed",
        "s2.email": "bob-mixed@example.com",
      },
    ];
    const r = await call("POST", `${T}/${tpl.id}/bulk-send`, { key, json: { rows } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await runDueJobs(50);
    const b = (await call("GET", `${B}/${r.body.data.id}`, { key })).body.data;
    expect(b, JSON.stringify(b.rows)).toMatchObject({ status: "DONE", sent: 1, failed: 0 });
    const req = (
      await call("GET", `/api/v1/enterprise/signature-requests/${itemAt(b.rows, 0, "bulk-send rows").requestId}`, { key })
    ).body.data;
    expect(req.status).toBe("IN_PROGRESS");
    expect(req.documents.map((d: { name: string }) => d.name)).toEqual(["c.pdf", "annex.pdf"]);
    // The anchors of both documents placed their fields: the DOCX's for both signers, the annex's for s1.
    const on = (i: number) => req.fields.filter((f: { documentId: string }) => f.documentId === req.documents[i]!.id).length;
    expect(on(0)).toBeGreaterThan(0);
    expect(on(1)).toBe(1);
  }, 120_000);

  it("refuses more than MAX_BULK_ROWS rows, a malformed or non-CSV file, and a wrong header; nothing is created", async () => {
    const o = await makeOrg();
    const tpl = await pdfTemplate(o.sandboxKey);
    const before = (await getDb()).select().from(bulkSends).where(eq(bulkSends.orgId, o.orgId));
    const big = ["s1.name,s1.email", ...Array.from({ length: 1001 }, (_, i) => `N${i},n${i}@example.com`)].join("\n");
    const tooBig = await call("POST", `${T}/${tpl}/bulk-send`, { key: o.sandboxKey, form: { file: csvFile(big) } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toMatch(/at most 1000 rows; this one has 1001/);
    const tooBigJson = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      json: { rows: Array.from({ length: 1001 }, (_, i) => ({ "s1.name": `N${i}`, "s1.email": `n${i}@example.com` })) },
    });
    expect(tooBigJson.status).toBe(422);

    const malformed = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      form: { file: csvFile('s1.name,s1.email\n"Open,o@example.com\n') },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/CSV is malformed.*never closed/);
    const pdf = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      form: { file: { data: await simplePdf(), name: "x.csv", type: "text/csv" } },
    });
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toMatch(/not a CSV/);
    const header = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      form: { file: csvFile("s1.name,s1.mail,notes\nA,a@example.com,x\n") },
    });
    expect(header.status).toBe(422);
    expect(header.body.details).toMatchObject({ missing: ["s1.email"], unknown: ["s1.mail", "notes"] });
    const allBad = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      form: { file: csvFile("s1.name,s1.email\nA,nope\n") },
    });
    expect(allBad.status).toBe(422);

    expect(await before).toHaveLength(0);
    expect(await (await getDb()).select().from(bulkSends).where(eq(bulkSends.orgId, o.orgId))).toHaveLength(0);
    expect(await requestsOf(o.orgId)).toHaveLength(0);
  });

  it("a template of another organization or environment is a 404, and so is another's bulk send", async () => {
    const other = await makeOrg({ production: true });
    const f = { file: csvFile("s1.name,s1.email\nA,a@example.com\n") };
    expect((await call("POST", `${T}/${templateId}/bulk-send`, { key: other.sandboxKey, form: f })).status).toBe(404);
    const prod = await makeOrg({ plan: "ENTERPRISE", production: true });
    const sandboxTpl = await pdfTemplate(prod.sandboxKey);
    expect((await call("POST", `${T}/${sandboxTpl}/bulk-send`, { key: prod.productionKey!, form: f })).status).toBe(404);
    const mine = await call("POST", `${T}/${templateId}/bulk-send`, { key, form: f });
    expect(mine.status).toBe(202);
    expect((await call("GET", `${B}/${mine.body.data.id}`, { key: other.sandboxKey })).status).toBe(404);
    expect((await call("GET", B, { key: other.sandboxKey })).body.data.items).toHaveLength(0);
    await runDueJobs(50);
  });

  it("a dry run shows the rows and every error and creates nothing", async () => {
    const o = await makeOrg();
    const tpl = await pdfTemplate(o.sandboxKey);
    const r = await call("POST", `${T}/${tpl}/bulk-send?dryRun=true`, {
      key: o.sandboxKey,
      form: { file: csvFile(fiftyRows("dry")) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      dryRun: true,
      total: 50,
      valid: 48,
      invalid: 2,
      columns: { required: ["s1.name", "s1.email"], optional: ["title", "locale", "timezone", "dateFormat", "s1.locale"] },
    });
    expect(r.body.data.preview).toHaveLength(20);
    expect(r.body.data.preview[6]).toMatchObject({ row: 7, valid: false, data: { "s1.email": "not-an-email" } });
    expect(r.body.data.errors.map((e: { row: number }) => e.row)).toEqual([7, 33]);
    const db = await getDb();
    expect(await db.select().from(bulkSends).where(eq(bulkSends.orgId, o.orgId))).toHaveLength(0);
    expect(await requestsOf(o.orgId)).toHaveLength(0);
  });

  it("honours Idempotency-Key: the same upload twice makes one bulk send", async () => {
    const o = await makeOrg();
    const tpl = await pdfTemplate(o.sandboxKey);
    const f = { file: csvFile("s1.name,s1.email\nA,idem-a@example.com\n") };
    const headers = { "idempotency-key": "bulk-idem-1" };
    const a = await call("POST", `${T}/${tpl}/bulk-send`, { key: o.sandboxKey, form: f, headers });
    const b = await call("POST", `${T}/${tpl}/bulk-send`, { key: o.sandboxKey, form: f, headers });
    expect(a.status).toBe(202);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await (await getDb()).select().from(bulkSends).where(eq(bulkSends.orgId, o.orgId))).toHaveLength(1);
    await runDueJobs(50);
  });

  it("the sandbox purge takes finished bulk sends with it", async () => {
    const o = await makeOrg();
    const tpl = await pdfTemplate(o.sandboxKey);
    const r = await call("POST", `${T}/${tpl}/bulk-send`, {
      key: o.sandboxKey,
      form: { file: csvFile("s1.name,s1.email\nA,purge-a@example.com\n") },
    });
    await runDueJobs(50);
    const db = await getDb();
    await purgeSandbox({ now: new Date(Date.now() + 400 * 86400_000) });
    expect(await db.select().from(bulkSends).where(eq(bulkSends.id, r.body.data.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(bulkSendRows)
        .where(inArray(bulkSendRows.bulkSendId, [r.body.data.id])),
    ).toHaveLength(0);
  });
});
