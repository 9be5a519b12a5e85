import crypto from "node:crypto";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { signingLinkState } from "@/lib/server/signing/link-state";
import { call, makeOrg } from "../support/api";
import { outboxMailsOf } from "../support/outbox-mail";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";

// A request of three documents as its signers and recipients get it: every sealed document and every file
// signers kept downloads from the signing link (its API and its page), only that request's and only once
// completed; each file keeps its name as written (RFC 5987 in HTTP, RFC 2231 in mail); the completed mail
// speaks of the PDFs in the plural; a decline says whom it told.

const SR = "/api/v1/enterprise/signature-requests";
const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
const NAMES = ["Contrat signé – annexe.pdf", "Annexe B – «prix» été.pdf", "Conditions générales.pdf"];
const TITLE = "Dossier signé – Müller";

function pngOf(w: number, h: number): Uint8Array {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([i % 256, (i * 3) % 256, 90, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/**
 * A MIME header's parameter as a reader decodes it (RFC 2231: `p*=UTF-8''…`, or continuations `p*0*=`, `p*1*=`,
 * before a plain `p="…"`), from the header's unfolded text. Written apart from the code that encodes it.
 */
function mimeParam(header: string, param: string): string | undefined {
  const attrs = [...header.matchAll(/;\s*([A-Za-z0-9_-]+)(\*(\d+))?(\*)?=("([^"]*)"|[^;\s]*)/g)].map((m) => ({
    name: m[1]!.toLowerCase(),
    part: m[3] === undefined ? -1 : Number(m[3]),
    extended: m[4] === "*" || (m[2] === "*" && m[3] === undefined),
    value: m[6] ?? m[5]!,
  }));
  const mine = attrs.filter((a) => a.name === param.toLowerCase());
  const extended = mine.filter((a) => a.extended || a.part >= 0).sort((a, b) => a.part - b.part);
  if (extended.length) {
    const joined = extended.map((a) => a.value).join("");
    const [charset, , encoded] = joined.split("'");
    expect(charset?.toUpperCase()).toBe("UTF-8");
    return decodeURIComponent(encoded!);
  }
  return mine[0]?.value;
}

/** The attachments of a raw message: each part's Content-Type and Content-Disposition, unfolded. */
function attachmentHeaders(raw: string) {
  return raw
    .replace(/\r\n/g, "\n")
    .split(/\n--[^\n]+\n/)
    .map((part) => part.slice(0, part.indexOf("\n\n")).replace(/\n[ \t]+/g, " "))
    .filter((h) => /^Content-Disposition: attachment/im.test(h))
    .map((h) => ({
      type: /^Content-Type: (.*)$/im.exec(h)![1]!,
      disposition: /^Content-Disposition: (.*)$/im.exec(h)![1]!,
    }));
}

/** What a browser saves a download as: `filename*` when there is one, else `filename`. */
const savedAs = (res: { headers: Headers }) =>
  mimeParam(`x; ${res.headers.get("content-disposition")!.replace(/^[^;]*;\s*/, "")}`, "filename");

describe("an envelope of three documents, as its signers get it", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  /** A sent request of these documents: `signers` in their steps, each with a signature on every document. */
  async function sentEnvelope(
    signers: { email: string; name: string; order: number }[],
    opts: { file?: boolean; cc?: boolean } = {},
  ) {
    const pdfs = await Promise.all(
      NAMES.map((n, i) => simplePdf([{ text: `${n} page 1` }, ...(i === 1 ? [{ text: "p2" }] : [])])),
    );
    const made = await call("POST", SR, {
      key,
      form: { title: TITLE, file: pdfs.map((data, i) => ({ data, name: NAMES[i]!, type: "application/pdf" })) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const req = made.body.data as { id: string; documents: { id: string; name: string }[] };
    expect(req.documents.map((d) => d.name)).toEqual(NAMES);
    const ids: string[] = [];
    for (const s of signers) {
      const r = await call("POST", `${SR}/${req.id}/recipients`, { key, json: s });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.data.id as string);
      const fields = req.documents.map((d) => ({
        type: "SIGNATURE",
        recipientId: r.body.data.id,
        documentId: d.id,
        page: 1,
        x: 72,
        y: 100 + ids.length * 100,
        width: 150,
        height: 40,
      }));
      const placed = await call("POST", `${SR}/${req.id}/fields`, { key, json: { fields } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    let fileField: string | undefined;
    if (opts.file) {
      const f = await call("POST", `${SR}/${req.id}/fields`, {
        key,
        json: {
          type: "FILE",
          recipientId: ids[0],
          documentId: req.documents[1]!.id,
          page: 2,
          x: 72,
          y: 100,
          width: 200,
          height: 24,
          label: "Pièce d’identité",
        },
      });
      expect(f.status, JSON.stringify(f.body)).toBe(201);
      fileField = (f.body.data.id ?? f.body.data.fields?.[0]?.id) as string;
      expect(fileField).toMatch(/^[0-9a-f-]{36}$/);
    }
    if (opts.cc)
      expect(
        (
          await call("POST", `${SR}/${req.id}/recipients`, {
            key,
            json: { email: "cc.env@example.com", name: "Carla Copy", role: "CC" },
          })
        ).status,
      ).toBe(201);
    const sent = await call("POST", `${SR}/${req.id}/send`, { key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await runDueJobs();
    return { req, ids, fileField };
  }

  /** Signs every field of this link: the signatures typed, the FILE field with `files`. */
  async function signAll(token: string, files: Record<string, string[]> = {}) {
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = (view.fields as { id: string; type: string }[]).map((f) =>
      f.type === "FILE" ? { fieldId: f.id, files: files[f.id] ?? [] } : { fieldId: f.id, typed: view.recipient.name },
    );
    const signed = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  }

  it("offers every sealed document and every kept file from the link, each named as written, only once completed", async () => {
    const { req, ids, fileField } = await sentEnvelope(
      [
        { email: "anne.env@example.com", name: "Anne Envelope", order: 1 },
        { email: "bruno.env@example.com", name: "Bruno Envelope", order: 2 },
      ],
      { file: true },
    );
    const [anne, bruno] = [await tokenOf(ids[0]!), await tokenOf(ids[1]!)];
    const png = pngOf(40, 30);
    const up = await call("POST", `/api/sign/${anne}/files`, {
      form: { fieldId: fileField!, file: { data: png, name: "Pièce d’identité – été.png", type: "image/png" } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const attachmentId = up.body.data.id as string;
    await signAll(anne, { [fileField!]: [attachmentId] });
    await runDueJobs(); // Bruno's turn

    // Before completion: each document to sign, named by the rule (each after its own name), no attachment yet.
    const before = await call("GET", `/api/sign/${anne}/documents`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ sealed: false, availableUntil: null, attachments: [] });
    expect(before.body.data.documents.map((d: { fileName: string }) => d.fileName)).toEqual(NAMES);
    const early = await call("GET", `/api/sign/${anne}/attachments/${attachmentId}`);
    expect(early.status).toBe(404);
    expect(early.body.errorCode).toBe("ATTACHMENT_NOT_FOUND");

    await signAll(bruno);
    await runDueJobs(); // the seal
    const done = (await call("GET", `${SR}/${req.id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    const sealedNames = [
      "Contrat signé – annexe (signed).pdf",
      "Annexe B – «prix» été (signed).pdf",
      "Conditions générales (signed).pdf",
    ];

    // The list: every sealed document (its hash the record's) and the kept file, under the seal of document 2.
    const list = await call("GET", `/api/sign/${anne}/documents`);
    expect(list.status).toBe(200);
    expect(list.body.data.sealed).toBe(true);
    expect(list.body.data.documents).toEqual(
      (done.documents as { id: string; name: string; order: number; sha256: string; pageCount: number }[]).map((d, i) => ({
        id: d.id,
        order: d.order,
        name: d.name,
        pageCount: d.pageCount,
        sha256: d.sha256,
        fileName: sealedNames[i],
      })),
    );
    expect(list.body.data.attachments).toEqual([
      {
        id: attachmentId,
        fieldId: fileField,
        documentId: req.documents[1]!.id,
        name: "Pièce d’identité – été.png",
        type: "image/png",
        size: up.body.data.size,
        sha256: up.body.data.sha256,
        yours: true,
      },
    ]);
    // Another recipient's link offers the same file (it is in the sealed PDF they were sent), not as theirs.
    const theirs = (await call("GET", `/api/sign/${bruno}/documents`)).body.data;
    expect(theirs.attachments.map((a: { id: string; yours: boolean }) => [a.id, a.yours])).toEqual([[attachmentId, false]]);
    // The signer's view says the same.
    const view = (await call("GET", `/api/sign/${anne}`)).body.data;
    expect(view.attachments.map((a: { id: string }) => a.id)).toEqual([attachmentId]);
    // And the page, rendered by the server: each sealed document and the attachment.
    const page = await signingLinkState(anne, { files: true });
    expect(page.kind).toBe("completed");
    if (page.kind !== "completed") return;
    expect(page.files?.documents.map((d) => d.fileName)).toEqual(sealedNames);
    expect(page.files?.attachments.map((a) => a.name)).toEqual(["Pièce d’identité – été.png"]);

    // Each sealed document downloads: its bytes the record's, its name as written (filename*) beside an ASCII one.
    for (const [i, d] of (done.documents as { id: string; sha256: string }[]).entries()) {
      const got = await call("GET", `/api/sign/${anne}/document?document=${d.id}`);
      expect(got.status).toBe(200);
      expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(d.sha256);
      expect(savedAs(got)).toBe(sealedNames[i]);
      expect(got.headers.get("content-disposition")).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    }
    // Without ?document=: the first, as before, named by the same rule.
    const first = await call("GET", `/api/sign/${anne}/document`);
    expect(sha(new Uint8Array(await first.raw.arrayBuffer()))).toBe(done.documents[0]!.sha256);
    expect(savedAs(first)).toBe(sealedNames[0]);
    // The kept file, as kept, always as an attachment.
    const file = await call("GET", `/api/sign/${anne}/attachments/${attachmentId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(savedAs(file)).toBe("Pièce d’identité – été.png");
    expect(sha(new Uint8Array(await file.raw.arrayBuffer()))).toBe(up.body.data.sha256);

    // The enterprise API offers each sealed document too, by the same naming rule.
    for (const [i, d] of (done.documents as { id: string; sha256: string }[]).entries()) {
      const got = await call("GET", `${SR}/${req.id}/documents/${d.id}`, { key });
      expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(d.sha256);
      expect(savedAs(got)).toBe(sealedNames[i]);
    }
    const staffFirst = await call("GET", `${SR}/${req.id}/document`, { key });
    expect(savedAs(staffFirst)).toBe(sealedNames[0]);

    // The completed mail: three sealed PDFs, in the plural, each named exactly as written.
    const mail = (await outboxMailsOf(req.id, "completed")).find((m) => m.to.includes("anne.env@example.com"))!;
    expect(mail.text).toContain("The 3 sealed PDFs, one for each document, are attached.");
    const parts = attachmentHeaders(mail.raw);
    expect(parts.map((p) => mimeParam(p.disposition, "filename"))).toEqual(sealedNames);
    expect(parts.map((p) => mimeParam(p.type, "name"))).toEqual(sealedNames);
    // Beside them, the ASCII names for programs that read nothing else.
    expect(parts.map((p) => /filename="([^"]*)"/.exec(p.disposition)![1])).toEqual([
      "Contrat signe - annexe (signed).pdf",
      "Annexe B - 'prix' ete (signed).pdf",
      "Conditions generales (signed).pdf",
    ]);
  });

  it("refuses another request's documents and files through a link, and hostile ids, with a 4xx", async () => {
    const { req, ids, fileField } = await sentEnvelope([{ email: "olga.env@example.com", name: "Olga Other", order: 1 }], {
      file: true,
    });
    const olga = await tokenOf(ids[0]!);
    const up = await call("POST", `/api/sign/${olga}/files`, {
      form: { fieldId: fileField!, file: { data: pngOf(8, 8), name: "olga.png", type: "image/png" } },
    });
    expect(up.status).toBe(201);
    await signAll(olga, { [fileField!]: [up.body.data.id as string] });
    await runDueJobs();
    expect((await call("GET", `${SR}/${req.id}`, { key })).body.data.status).toBe("COMPLETED");

    // A second completed request, whose link asks for the first one's document and file.
    const second = await sentEnvelope([{ email: "paul.env@example.com", name: "Paul Probe", order: 1 }]);
    const paul = await tokenOf(second.ids[0]!);
    await signAll(paul);
    await runDueJobs();
    const foreignDoc = await call("GET", `/api/sign/${paul}/document?document=${req.documents[0]!.id}`);
    expect(foreignDoc.status).toBe(404);
    expect(foreignDoc.body.errorCode).toBe("DOCUMENT_NOT_FOUND");
    const foreignFile = await call("GET", `/api/sign/${paul}/attachments/${up.body.data.id}`);
    expect(foreignFile.status).toBe(404);
    expect(foreignFile.body.errorCode).toBe("ATTACHMENT_NOT_FOUND");
    expect((await call("GET", `/api/sign/${paul}/documents`)).body.data.attachments).toEqual([]);

    for (const hostile of [
      "00000000-0000-0000-0000-000000000000",
      "..%2F..%2Fetc%2Fpasswd",
      "%00",
      "'%20OR%20'1'%3D'1",
      "%F0%9F%98%80",
      "x".repeat(101),
    ]) {
      const file = await call("GET", `/api/sign/${olga}/attachments/${hostile}`);
      expect(file.status, `attachment ${hostile}`).toBeGreaterThanOrEqual(400);
      expect(file.status, `attachment ${hostile}`).toBeLessThan(500);
      const doc = await call("GET", `/api/sign/${olga}/document?document=${hostile}`);
      expect(doc.status, `document ${hostile}`).toBeGreaterThanOrEqual(400);
      expect(doc.status, `document ${hostile}`).toBeLessThan(500);
    }
    // An unknown link: 404, whatever it asks for.
    const unknown = "u".repeat(43);
    expect((await call("GET", `/api/sign/${unknown}/documents`)).status).toBe(404);
    expect((await call("GET", `/api/sign/${unknown}/attachments/${up.body.data.id}`)).status).toBe(404);
    // Reading only.
    expect((await call("POST", `/api/sign/${olga}/documents`)).status).toBe(405);
    expect((await call("DELETE", `/api/sign/${olga}/attachments/${up.body.data.id}`)).status).toBe(405);
  });

  it("a decline that reached nobody else says only the sender was told; one that did says how many", async () => {
    const alone = await sentEnvelope([
      { email: "dora.env@example.com", name: "Dora Alone", order: 1 },
      { email: "ed.env@example.com", name: "Ed Later", order: 2 },
    ]);
    const dora = await tokenOf(alone.ids[0]!);
    // Ed's turn has not come: he never saw the request, and is not told.
    expect((await call("GET", `/api/sign/${dora}`)).body.data.declineTells).toBe(0);
    const declined = await call("POST", `/api/sign/${dora}/decline`, { json: { reason: "Wrong amount" } });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ status: "DECLINED", othersTold: 0 });
    const after = await call("GET", `/api/sign/${dora}`);
    expect(after.status).toBe(410);
    expect(after.body.details).toMatchObject({ status: "DECLINED", recipientStatus: "DECLINED", othersTold: 0 });
    expect(await signingLinkState(dora)).toMatchObject({ kind: "ended", status: "DECLINED", othersTold: 0 });

    const together = await sentEnvelope(
      [
        { email: "fay.env@example.com", name: "Fay Together", order: 1 },
        { email: "gil.env@example.com", name: "Gil Together", order: 1 },
      ],
      { cc: true },
    );
    const fay = await tokenOf(together.ids[0]!);
    expect((await call("GET", `/api/sign/${fay}`)).body.data.declineTells).toBe(2);
    const told = await call("POST", `/api/sign/${fay}/decline`, { json: { reason: "Not mine" } });
    expect(told.body.data.othersTold).toBe(2);
    // Another recipient's link says nothing of whom the decline told.
    const gil = await call("GET", `/api/sign/${await tokenOf(together.ids[1]!)}`);
    expect(gil.status).toBe(410);
    expect(gil.body.details).not.toHaveProperty("othersTold");
  });
});

describe("a completed mail too large to attach", () => {
  it("speaks of a one-document request's sealed document in the singular", async () => {
    const key = (await makeOrg()).sandboxKey;
    const made = await call("POST", SR, {
      key,
      form: { title: "Lone large", file: { data: await simplePdf(), name: "lone.pdf", type: "application/pdf" } },
    });
    const id = made.body.data.id as string;
    const r = await call("POST", `${SR}/${id}/recipients`, { key, json: { email: "lone.env@example.com", name: "Lone Large" } });
    await call("POST", `${SR}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: r.body.data.id, page: 1, x: 72, y: 300, width: 150, height: 40 },
    });
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(r.body.data.id as string);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    process.env.MAIL_ATTACHMENTS_MAX_MB = "0.001";
    try {
      const signed = await call("POST", `/api/sign/${token}/sign`, {
        json: { consent: true, values: [{ fieldId: view.fields[0]!.id, typed: "Lone Large" }] },
      });
      expect(signed.status).toBe(200);
      await runDueJobs();
    } finally {
      delete process.env.MAIL_ATTACHMENTS_MAX_MB;
    }
    const [mail] = await outboxMailsOf(id, "completed");
    expect(mail!.text).toContain("The sealed document is too large to attach");
    expect(mail!.text).toContain("Download the signed document:");
    expect(mail!.text).not.toContain("documents");
  });
});

describe("the same person added twice", () => {
  it("is added by the API as it always was (a person may sign at two steps); the dashboard's form is what refuses it", async () => {
    const key = (await makeOrg()).sandboxKey;
    const made = await call("POST", SR, {
      key,
      form: { title: "Twice", file: { data: await simplePdf(), name: "twice.pdf", type: "application/pdf" } },
    });
    const id = made.body.data.id as string;
    const add = (json: Record<string, unknown>) => call("POST", `${SR}/${id}/recipients`, { key, json });
    expect((await add({ email: "hana@example.com", name: "Hana Twice", order: 1 })).status).toBe(201);
    expect((await add({ email: "HANA@Example.com", name: "Hana Twice", order: 2 })).status).toBe(201);
    const recipients = (await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { order: number }[];
    expect(recipients.map((r) => r.order)).toEqual([1, 2]);
  });
});
