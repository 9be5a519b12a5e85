import { createHash } from "node:crypto";
import PizZip from "pizzip";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";
import { simplePdf, simplePdfText } from "../support/simple-pdf";
import { runDueJobs } from "@/lib/server/worker/worker";
import { certificateLines } from "../support/sealing";
import { pdfsig } from "../support/seal-fixtures";
import { tokenOf } from "../support/signing";
import { outboxMessages } from "../support/outbox-token";

const SR = "/api/v1/enterprise/signature-requests";
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const file = (data: Uint8Array, name: string) => ({ data, name, type: "application/pdf" });

/** A draft made of these PDFs (in order), with one signer. */
async function draftOf(key: string, pdfs: { data: Uint8Array; name: string }[]) {
  const r = await call("POST", SR, { key, form: { title: "Contract and annexes", file: pdfs.map((p) => file(p.data, p.name)) } });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  const signer = await call("POST", `${SR}/${r.body.data.id}/recipients`, {
    key,
    json: { email: "ann@example.com", name: "Ann Lee", order: 1 },
  });
  return { req: r.body.data, signerId: signer.body.data.id as string };
}

const audit = async (key: string, id: string) =>
  ((await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as { type: string; data: Record<string, unknown> }[]).map(
    (e) => e.type,
  );

describe("several documents in one request", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let other: Awaited<ReturnType<typeof makeOrg>>;
  let contract: Uint8Array, annexA: Uint8Array, annexB: Uint8Array;
  beforeAll(async () => {
    org = await makeOrg();
    other = await makeOrg();
    contract = await simplePdf([{ text: "Contract page 1" }, { text: "Contract page 2" }]);
    annexA = await simplePdfText("Annex A {{s1|signature|150|40}}");
    annexB = await simplePdf([{ text: "Annex B page 1" }, { text: "Annex B page 2" }, { text: "Sign: {{s1|date}}" }]);
  });
  afterEach(() => {
    delete process.env.MAX_DOCUMENTS;
    delete process.env.MAX_REQUEST_PAGES;
  });

  it("creates a request from several file parts, in order, each with its pages and hash; `document` is the first", async () => {
    const { req } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexA, name: "annex-a.pdf" },
      { data: annexB, name: "annex-b.pdf" },
    ]);
    expect(req.documents.map((d: { name: string; order: number; pageCount: number }) => [d.name, d.order, d.pageCount])).toEqual([
      ["contract.pdf", 1, 2],
      ["annex-a.pdf", 2, 1],
      ["annex-b.pdf", 3, 3],
    ]);
    expect(req.document).toEqual(
      (({ id: _id, name: _name, order: _order, ...rest }) => rest)(req.documents[0] as Record<string, unknown>),
    );
    // Each document's PDF is served by its id, and is what its record's hash says.
    for (const d of req.documents as { id: string; sha256: string }[]) {
      const got = await call("GET", `${SR}/${req.id}/documents/${d.id}`, { key: org.sandboxKey });
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("application/pdf");
      expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(d.sha256);
    }
    // The list says how many documents a request has.
    const list = await call("GET", `${SR}?limit=5`, { key: org.sandboxKey });
    expect(list.body.data.items.find((i: { id: string }) => i.id === req.id)).toMatchObject({ documentCount: 3 });
    // ?all=1: every document in one zip, in order.
    const zip = await call("GET", `${SR}/${req.id}/document?all=1`, { key: org.sandboxKey });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = new PizZip(new Uint8Array(await zip.raw.arrayBuffer())).files;
    expect(Object.keys(entries)).toEqual(["1 - contract.pdf", "2 - annex-a.pdf", "3 - annex-b.pdf"]);
    expect(sha(entries["2 - annex-a.pdf"]!.asUint8Array())).toBe(req.documents[1]!.sha256);
  });

  it("keeps the spec's one-document create: `file` once makes one document named after the file", async () => {
    const r = await call("POST", SR, { key: org.sandboxKey, form: { title: "One", file: file(contract, "one.pdf") } });
    expect(r.status).toBe(201);
    expect(r.body.data.documents).toHaveLength(1);
    expect(r.body.data.documents[0]).toMatchObject({ name: "one.pdf", order: 1, sha256: r.body.data.document.sha256 });
    const doc = await call("GET", `${SR}/${r.body.data.id}/document`, { key: org.sandboxKey });
    expect(doc.headers.get("content-type")).toBe("application/pdf");
  });

  it("adds, renames, moves and removes documents of a draft, each in the audit trail", async () => {
    const { req } = await draftOf(org.sandboxKey, [{ data: contract, name: "contract.pdf" }]);
    const added = await call("POST", `${SR}/${req.id}/documents`, {
      key: org.sandboxKey,
      form: { file: file(annexA, "a.pdf"), name: "Annex A" },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: "Annex A", order: 2, pageCount: 1 });
    const first = await call("POST", `${SR}/${req.id}/documents`, {
      key: org.sandboxKey,
      form: { file: file(annexB, "cover.pdf"), order: "1" },
    });
    expect(first.body.data).toMatchObject({ name: "cover.pdf", order: 1 });
    let now = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(now.documents.map((d: { name: string }) => d.name)).toEqual(["cover.pdf", "contract.pdf", "Annex A"]);
    expect(now.document.sha256).toBe(now.documents[0]!.sha256);

    const moved = await call("PATCH", `${SR}/${req.id}/documents/${first.body.data.id}`, {
      key: org.sandboxKey,
      json: { order: 3, name: "Cover letter" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: "Cover letter", order: 3 });
    now = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(now.documents.map((d: { name: string; order: number }) => [d.order, d.name])).toEqual([
      [1, "contract.pdf"],
      [2, "Annex A"],
      [3, "Cover letter"],
    ]);

    const removed = await call("DELETE", `${SR}/${req.id}/documents/${added.body.data.id}`, { key: org.sandboxKey });
    expect(removed.status).toBe(200);
    now = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(now.documents.map((d: { name: string; order: number }) => [d.order, d.name])).toEqual([
      [1, "contract.pdf"],
      [2, "Cover letter"],
    ]);
    expect(await audit(org.sandboxKey, req.id)).toEqual(
      expect.arrayContaining(["document.added", "document.updated", "document.removed"]),
    );
  });

  it("places fields on the second document, and pages count that document's pages", async () => {
    const { req, signerId } = await draftOf(org.sandboxKey, [
      { data: annexA, name: "one-page.pdf" },
      { data: annexB, name: "three-pages.pdf" },
    ]);
    const second = req.documents[1]!.id as string;
    const put = await call("POST", `${SR}/${req.id}/fields`, {
      key: org.sandboxKey,
      json: { type: "SIGNATURE", recipientId: signerId, documentId: second, page: 3, x: 72, y: 100, width: 150, height: 40 },
    });
    expect(put.status).toBe(201);
    expect(put.body.data.fields[0]).toMatchObject({ documentId: second, page: 3 });
    // Page 3 does not exist on the first document, which a field without documentId stands on.
    const onFirst = await call("POST", `${SR}/${req.id}/fields`, {
      key: org.sandboxKey,
      json: { type: "SIGNATURE", recipientId: signerId, page: 3, x: 72, y: 100, width: 150, height: 40 },
    });
    expect(onFirst.status).toBe(422);
    expect(onFirst.body.errorCode).toBe("FIELD_PLACEMENT_INVALID");
    // Moved to the first document by PATCH: page 3 is refused there too.
    const move = await call("PATCH", `${SR}/${req.id}/fields/${put.body.data.fields[0]!.id}`, {
      key: org.sandboxKey,
      json: { documentId: req.documents[0]!.id },
    });
    expect(move.status).toBe(422);
    const read = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(read.fields).toEqual([expect.objectContaining({ documentId: second, page: 3 })]);
  });

  it("finds anchors in every document, each result naming its document, or in the one asked for", async () => {
    const { req, signerId } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexA, name: "annex-a.pdf" },
      { data: annexB, name: "annex-b.pdf" },
    ]);
    const [, a, b] = req.documents as { id: string }[];
    const all = await call("POST", `${SR}/${req.id}/anchors/preview`, { key: org.sandboxKey, json: {} });
    expect(all.status).toBe(200);
    expect(
      all.body.data.anchors.map((x: { anchorKey: string; documentId: string; page: number }) => [
        x.anchorKey,
        x.documentId,
        x.page,
      ]),
    ).toEqual([
      ["{{s1|signature|150|40}}", a!.id, 1],
      ["{{s1|date}}", b!.id, 3],
    ]);
    expect(all.body.data.documents).toHaveLength(3);
    const onlyB = await call("POST", `${SR}/${req.id}/anchors/preview`, { key: org.sandboxKey, json: { documentId: b!.id } });
    expect(onlyB.body.data.anchors.map((x: { anchorKey: string }) => x.anchorKey)).toEqual(["{{s1|date}}"]);

    // Unified anchors: one field per anchor, each on the document it is in (the date in the third).
    const placed = await call("POST", `${SR}/${req.id}/fields/anchors`, {
      key: org.sandboxKey,
      json: { recipientId: signerId, signerRef: "s1" },
    });
    expect(placed.status).toBe(201);
    expect(
      placed.body.data.fields.map((f: { type: string; documentId: string; page: number }) => [f.type, f.documentId, f.page]),
    ).toEqual([
      ["SIGNATURE", a!.id, 1],
      ["DATE", b!.id, 3],
    ]);
    // Placing again skips both, naming their documents.
    const again = await call("POST", `${SR}/${req.id}/fields/anchors`, {
      key: org.sandboxKey,
      json: { recipientId: signerId, signerRef: "s1" },
    });
    expect(again.body.data.skipped.map((s: { code: string; documentId: string }) => [s.code, s.documentId])).toEqual([
      ["ALREADY_PLACED", a!.id],
      ["ALREADY_PLACED", b!.id],
    ]);
  });

  it("replaces text in the document the anchor is in: a new version of that document only", async () => {
    const { req } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexB, name: "annex-b.pdf" },
    ]);
    const r = await call("POST", `${SR}/${req.id}/anchors/text-replacements`, {
      key: org.sandboxKey,
      json: { replacements: [{ anchorKey: "{{s1|date}}", text: "27 Nov 2026", width: 120, height: 16, fontSize: 10 }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.replacements[0]).toMatchObject({ documentId: req.documents[1]!.id, page: 3 });
    expect(r.body.data.documents).toEqual([{ documentId: req.documents[1]!.id, documentVersion: 2, sha256: r.body.data.sha256 }]);
    const now = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(now.documents.map((d: { version: number }) => d.version)).toEqual([1, 2]);
    expect(now.documents[0]!.sha256).toBe(req.documents[0]!.sha256);
  });

  it("refuses what would break a draft's documents: clear 4xx, nothing changed", async () => {
    const { req, signerId } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexA, name: "annex-a.pdf" },
    ]);
    const [d1, d2] = req.documents as { id: string }[];
    await call("POST", `${SR}/${req.id}/fields`, {
      key: org.sandboxKey,
      json: { type: "SIGNATURE", recipientId: signerId, documentId: d2!.id, page: 1, x: 72, y: 100, width: 150, height: 40 },
    });
    const before = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;

    // Another request's document, another organization's request, an id that is not one.
    const { req: mine2 } = await draftOf(org.sandboxKey, [{ data: contract, name: "x.pdf" }]);
    const foreign = mine2.documents[0]!.id as string;
    for (const [method, path] of [
      ["GET", `${SR}/${req.id}/documents/${foreign}`],
      ["PATCH", `${SR}/${req.id}/documents/${foreign}`],
      ["DELETE", `${SR}/${req.id}/documents/${foreign}`],
      ["GET", `${SR}/${req.id}/documents/not-a-uuid`],
    ] as const) {
      const r = await call(method, path, { key: org.sandboxKey, ...(method === "PATCH" && { json: { name: "x" } }) });
      expect([method, path, r.status, r.body.errorCode]).toEqual([method, path, 404, "DOCUMENT_NOT_FOUND"]);
    }
    const otherOrg = await call("GET", `${SR}/${req.id}/documents/${d1!.id}`, { key: other.sandboxKey });
    expect(otherOrg.status).toBe(404);
    expect(otherOrg.body.errorCode).toBe("REQUEST_NOT_FOUND");
    const onField = await call("POST", `${SR}/${req.id}/fields`, {
      key: org.sandboxKey,
      json: { type: "SIGNATURE", recipientId: signerId, documentId: foreign, page: 1, x: 72, y: 100, width: 150, height: 40 },
    });
    expect(onField.status).toBe(422);
    expect(onField.body.errors[0]!.field).toBe("documentId");
    const onPreview = await call("POST", `${SR}/${req.id}/anchors/preview`, {
      key: org.sandboxKey,
      json: { documentId: foreign },
    });
    expect(onPreview.status).toBe(404);

    // A document with fields is removed only when asked to take them too; the last one never.
    const withFields = await call("DELETE", `${SR}/${req.id}/documents/${d2!.id}`, { key: org.sandboxKey });
    expect(withFields.status).toBe(409);
    expect(withFields.body.errorCode).toBe("DOCUMENT_HAS_FIELDS");
    // Bad bodies and queries: an order out of range, an empty name, nothing to change, an unknown flag.
    for (const json of [{ order: 3 }, { order: 0 }, { name: "  " }, {}, { order: "first" }]) {
      const r = await call("PATCH", `${SR}/${req.id}/documents/${d1!.id}`, { key: org.sandboxKey, json });
      expect([JSON.stringify(json), r.status]).toEqual([JSON.stringify(json), 400]);
    }
    const badFlag = await call("DELETE", `${SR}/${req.id}/documents/${d2!.id}?removeFields=yes`, { key: org.sandboxKey });
    expect(badFlag.status).toBe(400);
    // Not a PDF: judged by its bytes, whatever its name says.
    const notPdf = await call("POST", `${SR}/${req.id}/documents`, {
      key: org.sandboxKey,
      form: { file: file(new TextEncoder().encode("%PDF- not really"), "annex.pdf") },
    });
    expect(notPdf.status).toBe(422);
    const after = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(after).toEqual(before);

    // With removeFields the fields go too; then the last document stays.
    const gone = await call("DELETE", `${SR}/${req.id}/documents/${d2!.id}?removeFields=true`, { key: org.sandboxKey });
    expect(gone.status).toBe(200);
    const left = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(left.fields).toEqual([]);
    const last = await call("DELETE", `${SR}/${req.id}/documents/${d1!.id}`, { key: org.sandboxKey });
    expect(last.status).toBe(409);
    expect(last.body.errorCode).toBe("LAST_DOCUMENT");
  });

  it("holds the limits: documents per request and pages together, each a 422 that stores nothing", async () => {
    process.env.MAX_DOCUMENTS = "2";
    const three = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "Too many", file: [file(contract, "1.pdf"), file(annexA, "2.pdf"), file(annexB, "3.pdf")] },
    });
    expect(three.status).toBe(422);
    expect(three.body.errorCode).toBe("TOO_MANY_DOCUMENTS");
    const { req } = await draftOf(org.sandboxKey, [
      { data: contract, name: "1.pdf" },
      { data: annexA, name: "2.pdf" },
    ]);
    const third = await call("POST", `${SR}/${req.id}/documents`, { key: org.sandboxKey, form: { file: file(annexB, "3.pdf") } });
    expect(third.status).toBe(422);
    expect(third.body).toMatchObject({ errorCode: "TOO_MANY_DOCUMENTS", details: { limit: 2 } });
    delete process.env.MAX_DOCUMENTS;
    process.env.MAX_REQUEST_PAGES = "4";
    const pages = await call("POST", `${SR}/${req.id}/documents`, { key: org.sandboxKey, form: { file: file(annexB, "3.pdf") } });
    expect(pages.status).toBe(422);
    expect(pages.body.errorCode).toBe("DOCUMENTS_TOO_MANY_PAGES");
    const now = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(now.documents).toHaveLength(2);
  });

  it("sends several documents: the signer sees and signs them all, each is sealed with a certificate naming them all", async () => {
    const { req, signerId } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexA, name: "annex-a.pdf" },
      { data: annexB, name: "annex-b.pdf" },
    ]);
    const ids = (req.documents as { id: string }[]).map((d) => d.id);
    // A signature on each document (the third on its third page).
    for (const [i, page] of [1, 1, 3].entries()) {
      const put = await call("POST", `${SR}/${req.id}/fields`, {
        key: org.sandboxKey,
        json: { type: "SIGNATURE", recipientId: signerId, documentId: ids[i], page, x: 72, y: 300, width: 150, height: 40 },
      });
      expect(put.status).toBe(201);
    }
    expect((await call("POST", `${SR}/${req.id}/send`, { key: org.sandboxKey })).status).toBe(200);
    await runDueJobs();

    const token = await tokenOf(signerId);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    expect(view.documents.map((d: { id: string; name: string }) => [d.id, d.name])).toEqual([
      [ids[0], "contract.pdf"],
      [ids[1], "annex-a.pdf"],
      [ids[2], "annex-b.pdf"],
    ]);
    // Its fields in reading order across the documents, each naming its own.
    expect(view.fields.map((f: { documentId: string; page: number }) => [f.documentId, f.page])).toEqual([
      [ids[0], 1],
      [ids[1], 1],
      [ids[2], 3],
    ]);
    // Each document's pages are served by ?document=, the first without it: page 2 of the third document is
    // another PDF's (its ETag) than page 2 of the first; page 3 is the third document's only. (Page 2: another
    // test file looks for no page 3 in the shared page cache.)
    const second = await call("GET", `/api/sign/${token}/pages/2?w=480&document=${ids[2]}`);
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toMatch(/^image\//);
    const first = await call("GET", `/api/sign/${token}/pages/2?w=480`);
    expect(first.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((await call("GET", `/api/sign/${token}/pages/3/text`)).status).toBe(404);
    const text = await call("GET", `/api/sign/${token}/pages/1/text?document=${ids[1]}`);
    expect(text.body.data.items.map((i: { s: string }) => i.s).join(" ")).toContain("Annex A");
    const { req: otherReq } = await draftOf(org.sandboxKey, [{ data: contract, name: "x.pdf" }]);
    const foreign = await call("GET", `/api/sign/${token}/document?document=${otherReq.documents[0]!.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("DOCUMENT_NOT_FOUND");

    // Missing one document's signature: refused, naming it.
    const partial = await call("POST", `/api/sign/${token}/sign`, {
      json: { consent: true, values: view.fields.slice(0, 2).map((f: { id: string }) => ({ fieldId: f.id, typed: "Ann Lee" })) },
    });
    expect(partial.status).toBe(422);
    const signed = await call("POST", `/api/sign/${token}/sign`, {
      json: { consent: true, values: view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Ann Lee" })) },
    });
    expect(signed.status).toBe(200);
    await runDueJobs(); // the seal

    const done = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(done.status).toBe("COMPLETED");
    const sealed: Uint8Array[] = [];
    for (const [i, d] of (done.documents as { id: string; sha256: string; pageCount: number }[]).entries()) {
      const got = await call("GET", `${SR}/${req.id}/documents/${d.id}`, { key: org.sandboxKey });
      const pdf = new Uint8Array(await got.raw.arrayBuffer());
      sealed.push(pdf);
      expect(sha(pdf)).toBe(d.sha256);
      expect(await pdfsig(pdf)).toMatch(/Signature Validation: Signature is Valid/);
      // Its certificate lists every document: name, pages and original SHA-256, this one marked.
      const cert = (await certificateLines(pdf, req.documents[i]!.pageCount)).replace(/\s+/g, " ");
      for (const [k, o] of (req.documents as { name: string; sha256: string }[]).entries()) {
        expect(cert).toContain(`${k + 1}. ${o.name}`);
        expect(cert).toContain(o.sha256);
      }
      expect(cert).toContain(`${i + 1}. ${req.documents[i]!.name} · ${req.documents[i]!.pageCount} page`);
      expect(cert).toMatch(new RegExp(`${i + 1}\\. [^ ]+ · \\d+ pages? \\(this document\\)`));
    }
    // The audit trail and the webhook name each document with its original and sealed hashes.
    const completed = (
      (await call("GET", `${SR}/${req.id}/audit`, { key: org.sandboxKey })).body.data.items as {
        type: string;
        data: { documents?: { documentId: string; sealedSha256: string }[] };
      }[]
    ).find((e) => e.type === "request.completed")!;
    expect(completed.data.documents!.map((d) => [d.documentId, d.sealedSha256])).toEqual(
      (done.documents as { id: string; sha256: string }[]).map((d) => [d.id, d.sha256]),
    );
    // The completed mail carries the three sealed PDFs.
    const mail = outboxMessages()
      .filter((m) => m.raw.includes("ann@example.com") && /application\/pdf/.test(m.raw))
      .at(-1)!;
    expect(mail.raw.match(/Content-Type: application\/pdf/gi)?.length).toBe(3);
    // /verify accepts each, names it and its siblings.
    const check = await call("POST", "/api/v1/verify", { form: { file: file(sealed[1]!, "annex.pdf") }, ip: "203.0.113.77" });
    expect(check.body.data.verdict).toBe("VALID");
    expect(check.body.data.document).toMatchObject({
      name: "annex-a.pdf",
      documents: [
        { order: 1, name: "contract.pdf", sealedSha256: sha(sealed[0]!), thisFile: false },
        { order: 2, name: "annex-a.pdf", sealedSha256: sha(sealed[1]!), thisFile: true },
        { order: 3, name: "annex-b.pdf", sealedSha256: sha(sealed[2]!), thisFile: false },
      ],
    });
    // A sent request's documents do not change.
    const late = await call("POST", `${SR}/${req.id}/documents`, {
      key: org.sandboxKey,
      form: { file: file(annexA, "late.pdf") },
    });
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe("REQUEST_NOT_DRAFT");
    const rename = await call("PATCH", `${SR}/${req.id}/documents/${ids[0]}`, { key: org.sandboxKey, json: { name: "renamed" } });
    expect(rename.status).toBe(409);
  });

  it("links to the signer's page instead of attaching sealed documents too large for one mail; each downloads there", async () => {
    const { req, signerId } = await draftOf(org.sandboxKey, [
      { data: contract, name: "contract.pdf" },
      { data: annexA, name: "annex-a.pdf" },
    ]);
    for (const d of req.documents as { id: string }[]) {
      const put = await call("POST", `${SR}/${req.id}/fields`, {
        key: org.sandboxKey,
        json: { type: "SIGNATURE", recipientId: signerId, documentId: d.id, page: 1, x: 72, y: 300, width: 150, height: 40 },
      });
      expect(put.status).toBe(201);
    }
    expect((await call("POST", `${SR}/${req.id}/send`, { key: org.sandboxKey })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(signerId);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    // The sealed documents together are over the limit (a few kB here).
    process.env.MAIL_ATTACHMENTS_MAX_MB = "0.001";
    try {
      const signed = await call("POST", `/api/sign/${token}/sign`, {
        json: { consent: true, values: view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Ann Lee" })) },
      });
      expect(signed.status).toBe(200);
      await runDueJobs();
    } finally {
      delete process.env.MAIL_ATTACHMENTS_MAX_MB;
    }
    const mail = outboxMessages()
      .filter((m) => m.raw.includes("ann@example.com") && m.raw.includes("Completed: Contract and annexes"))
      .at(-1)!;
    expect(mail.raw).not.toMatch(/Content-Type: application\/pdf/i);
    // Quoted-printable: its soft line breaks joined again.
    const text = mail.raw.replace(/=\r?\n/g, "");
    expect(text).toContain("too large to attach");
    expect(text).toContain(`/sign/${token}`);
    // There, each sealed document downloads.
    const done = (await call("GET", `${SR}/${req.id}`, { key: org.sandboxKey })).body.data;
    expect(done.status).toBe("COMPLETED");
    for (const d of done.documents as { id: string; sha256: string }[]) {
      const got = await call("GET", `/api/sign/${token}/document?document=${d.id}`);
      expect(got.status).toBe(200);
      expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(d.sha256);
    }
  });
});
