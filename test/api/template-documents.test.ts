import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { officeConverter } from "@/lib/server/convert/converter";
import { call, makeOrg } from "../support/api";
import { simplePdf, simplePdfText } from "../support/simple-pdf";
import { FIXTURE_DATA, handBuiltDocx } from "../support/docx-fixtures";
import { pdftotext } from "../support/pdf-fixtures";
import { runDueJobs } from "@/lib/server/worker/worker";

// Templates of several documents (PDF and DOCX mixed): made, changed, filled, used by role and sent.

const T = "/api/v1/enterprise/templates";
const SR = "/api/v1/enterprise/signature-requests";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const pdfPart = (data: Uint8Array, name: string) => ({ data, name, type: "application/pdf" });
const docxPart = (data: Uint8Array, name: string) => ({ data, name, type: DOCX });

/** An offer letter in Word: two placeholders in its text (two more in its header and footer) and a signature for s2. */
const offerDocx = () =>
  handBuiltDocx(
    `<w:p><w:r><w:t xml:space="preserve">Offer for {{customer.name}} at {{amount}}.</w:t></w:r></w:p>` +
      `<w:p><w:r><w:t xml:space="preserve">Accepted: {{s2|signature|150|50}}</w:t></w:r></w:p>`,
  );

type Doc = {
  id: string;
  name: string;
  order: number;
  kind: string;
  pageCount: number | null;
  sha256: string;
  placeholders: string[];
};

afterAll(() => officeConverter().shutdown());

describe("a template of several documents", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let other: Awaited<ReturnType<typeof makeOrg>>;
  let contract: Uint8Array, annex: Uint8Array, offer: Uint8Array;
  beforeAll(async () => {
    org = await makeOrg();
    other = await makeOrg();
    contract = await simplePdf([{ text: "Contract page 1" }, { text: "Contract page 2 SIGN_HERE" }]);
    annex = await simplePdfText("Annex A {{s1|date}} ANNEX_SIGN");
    offer = offerDocx();
  });
  afterEach(() => {
    delete process.env.MAX_DOCUMENTS;
  });

  /** A template of the contract (PDF), the offer (DOCX) and the annex (PDF), in that order. */
  async function mixedTemplate(key = org.sandboxKey) {
    const r = await call("POST", T, {
      key,
      form: {
        name: "Hiring pack",
        file: [pdfPart(contract, "contract.pdf"), docxPart(offer, "offer.docx"), pdfPart(annex, "annex.pdf")],
      },
    });
    expect(r.status).toBe(201);
    return r.body.data;
  }

  it("is made from repeated file parts: its documents in order, each of its kind; placeholders and anchors of all", async () => {
    const t = await mixedTemplate();
    const docs = t.documents as Doc[];
    expect(docs.map((d) => [d.name, d.order, d.kind, d.pageCount])).toEqual([
      ["contract.pdf", 1, "PDF", 2],
      ["offer.docx", 2, "DOCX", null],
      ["annex.pdf", 3, "PDF", 1],
    ]);
    // The top-level file facts are the first document's.
    expect(t).toMatchObject({ kind: "PDF", pageCount: 2, sha256: docs[0]!.sha256, filename: "contract.pdf" });
    // What templateData fills: the DOCX's placeholders, each once.
    expect([...t.placeholders].sort()).toEqual(["amount", "company.name", "customer.name", "footer_note"]);
    expect(docs[1]!.placeholders.sort()).toEqual(["amount", "company.name", "customer.name", "footer_note"]);
    // Every document's anchors, each naming its document; the roles they name are made (s1 in the annex, s2 in the offer).
    const anchorDocs = (t.anchors as { anchorKey: string; documentId: string }[]).map((a) => [a.anchorKey, a.documentId]);
    expect(anchorDocs).toEqual([
      ["{{s2|signature|150|50}}", docs[1]!.id],
      ["{{s1|date}}", docs[2]!.id],
    ]);
    expect(t.roles.map((r: { name: string }) => r.name)).toEqual(["s1", "s2"]);
    // Each document is served as uploaded: the DOCX as the same bytes, as a Word document.
    const got = await call("GET", `${T}/${t.id}/documents/${docs[1]!.id}`, { key: org.sandboxKey });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe(DOCX);
    expect(got.headers.get("content-disposition")).toContain("offer.docx");
    expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(sha(offer));
    const first = await call("GET", `${T}/${t.id}/document`, { key: org.sandboxKey });
    expect(sha(new Uint8Array(await first.raw.arrayBuffer()))).toBe(docs[0]!.sha256);
    // The list carries the documents too.
    const list = await call("GET", `${T}?limit=5`, { key: org.sandboxKey });
    const item = list.body.data.items.find((i: { id: string }) => i.id === t.id);
    expect(item!.documents.map((d: Doc) => d.kind)).toEqual(["PDF", "DOCX", "PDF"]);
  });

  it("stores fields on any of its PDF documents; a DOCX, an unknown or another template's document is refused", async () => {
    const t = await mixedTemplate();
    const [c, o, a] = t.documents as Doc[];
    const field = (documentId: string | undefined, page = 1) => ({
      type: "SIGNATURE",
      roleName: "s1",
      ...(documentId !== undefined && { documentId }),
      page,
      x: 72,
      y: 300,
      width: 150,
      height: 40,
    });
    const put = await call("POST", `${T}/${t.id}/fields`, {
      key: org.sandboxKey,
      json: { fields: [field(a!.id), field(undefined, 2)] },
    });
    expect(put.status).toBe(201);
    expect(put.body.data.fields.map((f: { documentId: string; page: number }) => [f.documentId, f.page])).toEqual([
      [a!.id, 1],
      [c!.id, 2],
    ]);
    // The annex has one page: page 2 of it does not exist.
    const off = await call("POST", `${T}/${t.id}/fields`, { key: org.sandboxKey, json: field(a!.id, 2) });
    expect(off.status).toBe(422);
    expect(off.body.errors[0]).toMatchObject({ field: "page" });
    // The DOCX: its fields come from anchors.
    const onDocx = await call("POST", `${T}/${t.id}/fields`, { key: org.sandboxKey, json: field(o!.id) });
    expect(onDocx.status).toBe(422);
    expect(onDocx.body.errors[0]).toMatchObject({ field: "documentId" });
    expect(onDocx.body.errors[0]!.message).toContain("offer.docx is a DOCX");
    // Another template's document, or no document at all.
    const theirs = (await mixedTemplate(other.sandboxKey)).documents[0]!.id as string;
    for (const bad of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const r = await call("POST", `${T}/${t.id}/fields`, { key: org.sandboxKey, json: field(bad) });
      expect(r.status).toBe(422);
      expect(r.body.errors[0]).toMatchObject({ field: "documentId" });
    }
    // A field moved to another document.
    const fid = put.body.data.fields[0]!.id as string;
    const moved = await call("PATCH", `${T}/${t.id}/fields/${fid}`, { key: org.sandboxKey, json: { documentId: c!.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.documentId).toBe(c!.id);
    const stored = (await call("GET", `${T}/${t.id}`, { key: org.sandboxKey })).body.data;
    expect(stored.fields).toHaveLength(2);
    // Anchored fields are found in the document that holds the text.
    const anchored = await call("POST", `${T}/${t.id}/fields/anchored`, {
      key: org.sandboxKey,
      json: { fields: [{ anchorKey: "ANNEX_SIGN", type: "INITIAL", recipientId: "s1", width: 60, height: 30 }] },
    });
    expect(anchored.status).toBe(201);
    expect(anchored.body.data.fields[0]).toMatchObject({ documentId: a!.id, page: 1 });
    const inDocx = await call("POST", `${T}/${t.id}/fields/anchored`, {
      key: org.sandboxKey,
      json: {
        fields: [{ anchorKey: "ANNEX_SIGN", documentId: o!.id, type: "INITIAL", recipientId: "s1", width: 60, height: 30 }],
      },
    });
    expect(inDocx.status).toBe(422);
    expect(inDocx.body.errorCode).toBe("TEMPLATE_NOT_PDF");
  });

  it("is used by role: each PDF as it is, the DOCX filled and converted, fields on the documents made from theirs; then sent", async () => {
    const t = await mixedTemplate();
    const [c, , a] = t.documents as Doc[];
    const put = await call("POST", `${T}/${t.id}/fields`, {
      key: org.sandboxKey,
      json: {
        fields: [
          { type: "SIGNATURE", roleName: "s1", documentId: c!.id, page: 2, x: 72, y: 300, width: 150, height: 40 },
          { type: "SIGNATURE", roleName: "s1", documentId: a!.id, page: 1, x: 72, y: 400, width: 150, height: 40 },
        ],
      },
    });
    expect(put.status).toBe(201);
    const roles = await call("PUT", `${T}/${t.id}/roles`, {
      key: org.sandboxKey,
      json: {
        roles: [
          { id: t.roles[0]!.id, name: "Candidate" },
          { id: t.roles[1]!.id, name: "Employer" },
        ],
      },
    });
    expect(roles.status).toBe(200);
    const recipients = [
      { roleName: "Employer", email: "hr@example.com", name: "Hannah Reyes" },
      { roleName: "Candidate", email: "cand@example.com", name: "Carl Diaz" },
    ];

    // Without every placeholder's value: 422 listing them, nothing made.
    const before = (await call("GET", `${SR}?limit=100`, { key: org.sandboxKey })).body.data.items.length;
    const missing = await call("POST", `${SR}/templates/${t.id}/use`, {
      key: org.sandboxKey,
      json: { title: "Hiring", recipients, templateData: { amount: "EUR 5" } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errorCode: "TEMPLATE_DATA_MISSING" });
    expect([...(missing.body.details!.missing as string[])].sort()).toEqual(["company.name", "customer.name", "footer_note"]);
    expect((await call("GET", `${SR}?limit=100`, { key: org.sandboxKey })).body.data.items).toHaveLength(before);

    const used = await call("POST", `${SR}/templates/${t.id}/use`, {
      key: org.sandboxKey,
      json: { title: "Hiring Carl", recipients, templateData: FIXTURE_DATA },
    });
    expect(used.status).toBe(201);
    const draft = used.body.data;
    expect(draft.documents.map((d: { name: string; order: number }) => [d.name, d.order])).toEqual([
      ["contract.pdf", 1],
      ["offer.pdf", 2],
      ["annex.pdf", 3],
    ]);
    // The PDFs are the template's bytes; the DOCX became a PDF holding the values.
    expect(draft.documents[0]!.sha256).toBe(c!.sha256);
    expect(draft.documents[2]!.sha256).toBe(a!.sha256);
    const offerPdf = await call("GET", `${SR}/${draft.id}/documents/${draft.documents[1]!.id}`, { key: org.sandboxKey });
    const text = await pdftotext(new Uint8Array(await offerPdf.raw.arrayBuffer()));
    expect(text).toContain("Offer for Zoë Ångström at EUR 12,500.00.");
    // Each stored field went to its role's recipient, on the document made from its own.
    const carl = draft.recipients.find((r: { email: string }) => r.email === "cand@example.com");
    expect(
      draft.fields.map((f: { recipientId: string; documentId: string; page: number }) => [f.recipientId, f.documentId, f.page]),
    ).toEqual([
      [carl!.id, draft.documents[0]!.id, 2],
      [carl!.id, draft.documents[2]!.id, 1],
    ]);
    // The anchors of the offer (s2) and the annex (s1) place the rest: the Employer signs the offer.
    const hannah = draft.recipients.find((r: { email: string }) => r.email === "hr@example.com");
    for (const [recipientId, signerRef] of [
      [carl!.id, "s1"],
      [hannah!.id, "s2"],
    ]) {
      const placed = await call("POST", `${SR}/${draft.id}/fields/anchors`, {
        key: org.sandboxKey,
        json: { recipientId, signerRef },
      });
      expect(placed.status).toBe(201);
    }
    const after = (await call("GET", `${SR}/${draft.id}`, { key: org.sandboxKey })).body.data;
    const onOffer = after.fields.filter((f: { documentId: string }) => f.documentId === draft.documents[1]!.id);
    expect(onOffer.map((f: { type: string; recipientId: string }) => [f.type, f.recipientId])).toEqual([
      ["SIGNATURE", hannah!.id],
    ]);
    const sent = await call("POST", `${SR}/${draft.id}/send`, { key: org.sandboxKey });
    expect(sent.status).toBe(200);
    await runDueJobs();
  });

  it("adds, renames, moves and removes documents; bad cases are a clear 4xx and change nothing", async () => {
    const t = await mixedTemplate();
    const [c, o, a] = t.documents as Doc[];
    const key = org.sandboxKey;
    const added = await call("POST", `${T}/${t.id}/documents`, {
      key,
      form: { file: pdfPart(await simplePdfText("Schedule {{s3|signature|150|40}}"), "schedule.pdf"), order: "1" },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: "schedule.pdf", order: 1, kind: "PDF", pageCount: 1 });
    let now = (await call("GET", `${T}/${t.id}`, { key })).body.data;
    expect(now.documents.map((d: Doc) => d.name)).toEqual(["schedule.pdf", "contract.pdf", "offer.docx", "annex.pdf"]);
    // Its anchor names s3: the role is made.
    expect(now.roles.map((r: { name: string }) => r.name)).toEqual(["s1", "s2", "s3"]);

    const renamed = await call("PATCH", `${T}/${t.id}/documents/${o!.id}`, { key, json: { name: "Offer letter", order: 4 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Offer letter", order: 4 });
    now = (await call("GET", `${T}/${t.id}`, { key })).body.data;
    expect(now.documents.map((d: Doc) => [d.name, d.order])).toEqual([
      ["schedule.pdf", 1],
      ["contract.pdf", 2],
      ["annex.pdf", 3],
      ["Offer letter", 4],
    ]);
    // Served under its new name with a DOCX's extension.
    const file = await call("GET", `${T}/${t.id}/documents/${o!.id}`, { key });
    expect(file.headers.get("content-disposition")).toContain("Offer letter.docx");

    // A document with fields stays unless its fields go too.
    const f = await call("POST", `${T}/${t.id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "s1", documentId: a!.id, page: 1, x: 72, y: 300, width: 150, height: 40 },
    });
    expect(f.status).toBe(201);
    const kept = await call("DELETE", `${T}/${t.id}/documents/${a!.id}`, { key });
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({ errorCode: "DOCUMENT_HAS_FIELDS", details: { fields: 1 } });
    const gone = await call("DELETE", `${T}/${t.id}/documents/${a!.id}?removeFields=true`, { key });
    expect(gone.status).toBe(200);
    now = (await call("GET", `${T}/${t.id}`, { key })).body.data;
    expect(now.documents.map((d: Doc) => [d.name, d.order])).toEqual([
      ["schedule.pdf", 1],
      ["contract.pdf", 2],
      ["Offer letter", 3],
    ]);
    expect(now.fields).toEqual([]);

    const snapshot = JSON.stringify(now);
    // Another organization's key, another template's document, an unknown id: 404.
    expect((await call("PATCH", `${T}/${t.id}/documents/${c!.id}`, { key: other.sandboxKey, json: { name: "x" } })).status).toBe(
      404,
    );
    const theirs = (await mixedTemplate(other.sandboxKey)).documents[0]!.id as string;
    for (const bad of [theirs, "not-a-uuid"]) {
      const r = await call("PATCH", `${T}/${t.id}/documents/${bad}`, { key, json: { name: "x" } });
      expect(r.status).toBe(404);
      expect(r.body.errorCode).toBe("DOCUMENT_NOT_FOUND");
      expect((await call("GET", `${T}/${t.id}/documents/${bad}`, { key })).status).toBe(404);
      expect((await call("DELETE", `${T}/${t.id}/documents/${bad}`, { key })).status).toBe(404);
    }
    // A place out of range, nothing to change, a name too long, an unknown key.
    for (const json of [{ order: 9 }, {}, { name: "x".repeat(201) }, { order: 0 }]) {
      const r = await call("PATCH", `${T}/${t.id}/documents/${c!.id}`, { key, json });
      expect(r.status).toBe(400);
    }
    // Not a document at all; over the limit of documents.
    const text = await call("POST", `${T}/${t.id}/documents`, {
      key,
      form: { file: { data: new TextEncoder().encode("hello"), name: "a.pdf", type: "application/pdf" } },
    });
    expect(text.status).toBe(415);
    process.env.MAX_DOCUMENTS = "3";
    const full = await call("POST", `${T}/${t.id}/documents`, { key, form: { file: pdfPart(annex, "more.pdf") } });
    expect(full.status).toBe(422);
    expect(full.body).toMatchObject({ errorCode: "TOO_MANY_DOCUMENTS", details: { limit: 3 } });
    // Said before the upload is read: a file that is no document at all gets the same answer.
    const fullText = await call("POST", `${T}/${t.id}/documents`, {
      key,
      form: { file: { data: new TextEncoder().encode("hello"), name: "a.pdf", type: "application/pdf" } },
    });
    expect(fullText.body.errorCode).toBe("TOO_MANY_DOCUMENTS");
    const tooMany = await call("POST", T, {
      key,
      form: { file: [pdfPart(annex, "1.pdf"), pdfPart(annex, "2.pdf"), pdfPart(annex, "3.pdf"), pdfPart(annex, "4.pdf")] },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errorCode).toBe("TOO_MANY_DOCUMENTS");
    delete process.env.MAX_DOCUMENTS;
    expect(JSON.stringify((await call("GET", `${T}/${t.id}`, { key })).body.data)).toBe(snapshot);

    // The last document is never removed.
    const one = await call("POST", T, { key, form: { file: pdfPart(annex, "only.pdf") } });
    const last = await call("DELETE", `${T}/${one.body.data.id}/documents/${one.body.data.documents[0]!.id}`, { key });
    expect(last.status).toBe(409);
    expect(last.body.errorCode).toBe("LAST_DOCUMENT");
  });

  it("is saved from a request of several documents: each document as its signers saw it, each field on its own", async () => {
    const r = await call("POST", SR, {
      key: org.sandboxKey,
      form: { title: "Contract and annex", file: [pdfPart(contract, "contract.pdf"), pdfPart(annex, "annex.pdf")] },
    });
    expect(r.status).toBe(201);
    const req = r.body.data;
    const signer = await call("POST", `${SR}/${req.id}/recipients`, {
      key: org.sandboxKey,
      json: { email: "ann@example.com", name: "Ann Lee", order: 1 },
    });
    const placed = await call("POST", `${SR}/${req.id}/fields`, {
      key: org.sandboxKey,
      json: {
        type: "SIGNATURE",
        recipientId: signer.body.data.id,
        documentId: req.documents[1]!.id,
        page: 1,
        x: 72,
        y: 300,
        width: 150,
        height: 40,
      },
    });
    expect(placed.status).toBe(201);
    const saved = await call("POST", `${SR}/${req.id}/save-as-template`, { key: org.sandboxKey, json: {} });
    expect(saved.status).toBe(201);
    const t = saved.body.data;
    expect(t.documents.map((d: Doc) => [d.name, d.kind, d.sha256])).toEqual([
      ["contract.pdf", "PDF", req.documents[0]!.sha256],
      ["annex.pdf", "PDF", req.documents[1]!.sha256],
    ]);
    expect(t.roles.map((x: { name: string }) => x.name)).toEqual(["Ann Lee"]);
    expect(t.fields.map((f: { documentId: string; roleName: string }) => [f.documentId, f.roleName])).toEqual([
      [t.documents[1]!.id, "Ann Lee"],
    ]);

    // And used again: the same two documents, the field on the second.
    const used = await call("POST", `${SR}/templates/${t.id}/use`, {
      key: org.sandboxKey,
      json: { title: "Again", recipients: [{ email: "bo@example.com", name: "Bo" }] },
    });
    expect(used.status).toBe(201);
    expect(used.body.data.documents.map((d: { sha256: string }) => d.sha256)).toEqual(
      req.documents.map((d: { sha256: string }) => d.sha256),
    );
    expect(used.body.data.fields[0]!.documentId).toBe(used.body.data.documents[1]!.id);
  });
});
