import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { organizations } from "@/lib/server/db/schema";
import { call, makeOrg } from "../support/api";
import { pdfimagesList, pdftotext } from "../support/pdf-fixtures";
import { certificateLines, sealedDocument } from "../support/sealing";
import { tokenOf } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";

// The certificate of completion a person reads. One block per recipient (name, e-mail,
// role in words, how identified, the signature and initials as made, sent/viewed/signed to the second in
// the request's zone), the hashes and the seal; no internal ids or event codes; one page for up to four
// recipients. The audit API keeps every detail.

const SR = "/api/v1/enterprise/signature-requests";
const PNG = `data:image/png;base64,${fs.readFileSync(path.resolve(__dirname, "../fixtures/stamp-200x100.png")).toString("base64")}`;
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** A time on the certificate in Tokyo: the local time with its offset, then UTC, to the second. */
const TOKYO_TIME = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+09:00 \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)`;

interface Person {
  name: string;
  email: string;
  order: number;
}

/** A sent request on a one-page document: each person a signer with a SIGNATURE and an INITIAL field. */
async function sentRequest(key: string, form: Record<string, string>, people: Person[]) {
  const created = await call("POST", SR, {
    key,
    form: { title: "Service agreement", file: { data: await simplePdf(), name: "c.pdf", type: "application/pdf" }, ...form },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const ids: string[] = [];
  for (const [i, p] of people.entries()) {
    const r = await call("POST", `${SR}/${id}/recipients`, { key, json: p });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.push(r.body.data.id);
    const at = { recipientId: r.body.data.id, page: 1, y: 100 + i * 150 };
    const f = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: {
        fields: [
          { ...at, type: "SIGNATURE", x: 72, width: 180, height: 50 },
          { ...at, type: "INITIAL", x: 300, width: 60, height: 30 },
        ],
      },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
  }
  expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
  await runDueJobs(); // the invitations
  return { id, ids };
}

/** Opens the link and signs every field: drawn (the PNG) or typed (the name, and its initials). */
async function signAs(recipientId: string, how: { drawn: true } | { typed: string }, ip: string) {
  const token = await tokenOf(recipientId);
  const who = { ip, headers: { "user-agent": CHROME_WINDOWS } };
  const view = (await call("GET", `/api/sign/${token}`, who)).body.data;
  const values = view.fields.map((f: { id: string; type: string }) =>
    "drawn" in how
      ? { fieldId: f.id, image: PNG }
      : {
          fieldId: f.id,
          typed: f.type === "INITIAL" ? how.typed.replace(/(\p{L})\p{L}*\s*/gu, "$1") : how.typed,
        },
  );
  const r = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values }, ...who });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await runDueJobs(); // the next turn's invitation, or the seal
}

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe("the certificate of completion, for a person to read", () => {
  let key: string;
  let orgName = "";
  beforeAll(async () => {
    const org = await makeOrg();
    key = org.sandboxKey;
    const db = await getDb();
    orgName = (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, org.orgId)))[0]!.name;
  });

  it("two signers, one drawn and one typed: one page with both blocks, both marks, times with offset, no ids or codes", async () => {
    const { id, ids } = await sentRequest(key, { timezone: "Asia/Tokyo" }, [
      { name: "Clara Client", email: "clara@example.com", order: 1 },
      { name: "Conrad Consultant", email: "conrad@example.com", order: 2 },
    ]);
    await signAs(ids[0]!, { drawn: true }, "198.51.100.23");
    await signAs(ids[1]!, { typed: "Conrad Consultant" }, "203.0.113.5");
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("COMPLETED");
    const sealed = await sealedDocument(key, id);

    // The document's one page, then exactly one certificate page.
    expect(await pageCount(sealed)).toBe(2);
    const text = await certificateLines(sealed);
    // Who sent it, as the audit trail names them (here the test's key), when, and from where.
    expect(text).toMatch(
      /Sent for signing by API key signet_test_\w+… on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+09:00 [^\n]*from\s+127\.0\.0\.1/,
    );
    for (const s of [
      "Certificate of completion",
      `Organization: ${orgName}`,
      "Service agreement",
      "Recipients (2)",
      "Clara Client\nclara@example.com · Signer · Order 1\nIdentified by e-mail link",
      "Conrad Consultant\nconrad@example.com · Signer · Order 2",
      "IP address 198.51.100.23",
      "IP address 203.0.113.5",
      "User agent Chrome 131 on Windows",
      "Signature",
      "Initials",
      "\nCC\n", // Conrad's typed initials, drawn in script
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text.replace(/\s+/g, " ")).toContain("Time zone: Asia/Tokyo (each time in this zone, then in UTC)");
    expect(text.match(/^Identified by e-mail link$/gm)).toHaveLength(2);
    for (const label of ["Sent at", "Viewed at", "Signed at"])
      expect(text.match(new RegExp(`^${label} ${TOKYO_TIME}$`, "gm")), label).toHaveLength(2);
    expect(text.match(/^Conrad Consultant$/gm)).toHaveLength(2); // his name, and his typed signature

    // Nothing a person cannot read: no ids of recipients, no event codes, no field edits, no milliseconds.
    const plain = await pdftotext(sealed);
    for (const t of [text, plain]) {
      expect(t).not.toMatch(
        /recipient:|recipient\.|signature_request\.|request\.(sent|created|completed)|fields?\.(added|updated|removed)/,
      );
      expect(t).not.toMatch(/\.\d{3}Z|\d\d:\d\d:\d\d\.\d/);
      for (const r of ids) expect(t).not.toContain(r);
    }

    // Clara's drawn signature and initials are on the certificate page (pdfimages -list -f 2 -l 2).
    const images = (await pdfimagesList(sealed)).filter((i) => i.type === "image");
    expect(images.filter((i) => i.page === 2).length).toBeGreaterThanOrEqual(2);
    // The same image objects the document's fields show: embedded once, drawn again.
    const onCertificate = new Set(images.filter((i) => i.page === 2).map((i) => i.object));
    expect([...onCertificate].every((o) => images.some((i) => i.page === 1 && i.object === o))).toBe(true);

    // The audit API keeps every detail: each event, its actor's id, the times in UTC with milliseconds.
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as {
      type: string;
      actor: string;
      createdAt: string;
    }[];
    const types = audit.map((e) => e.type);
    for (const t of ["fields.added", "request.sent", "recipient.viewed", "recipient.signed", "request.completed"])
      expect(types).toContain(t);
    expect(audit.find((e) => e.type === "recipient.viewed")?.actor).toMatch(/^recipient:[0-9a-f-]{36}$/);
    expect(audit.every((e) => /\.\d{3}Z$/.test(e.createdAt))).toBe(true);
  });

  it("four signers, each with a drawn signature and initials, fit on one page", async () => {
    const people = ["Ann", "Ben", "Cat", "Dan"].map((n, i) => ({
      name: `${n} Example`,
      email: `${n.toLowerCase()}@example.com`,
      order: i + 1,
    }));
    const { id, ids } = await sentRequest(key, { timezone: "Europe/Berlin" }, people);
    for (const [i, r] of ids.entries()) await signAs(r, { drawn: true }, `198.51.100.${i + 1}`);
    const sealed = await sealedDocument(key, id);
    expect(await pageCount(sealed)).toBe(2);
    const text = await certificateLines(sealed);
    for (const p of people) expect(text).toContain(`${p.email} · Signer · Order ${p.order}`);
    expect(text).toContain("Sealing certificate");
    expect(text).toContain("page 1 of 1");
    expect((await pdfimagesList(sealed)).filter((i) => i.page === 2 && i.type === "image")).toHaveLength(8);
  });

  it("a German request's certificate speaks German", async () => {
    const { id, ids } = await sentRequest(key, { timezone: "Europe/Berlin", locale: "de" }, [
      { name: "Greta Gruber", email: "greta@example.com", order: 1 },
    ]);
    await signAs(ids[0]!, { typed: "Greta Gruber" }, "198.51.100.7");
    const text = await certificateLines(await sealedDocument(key, id));
    for (const s of [
      "Abschlusszertifikat",
      "Empfänger (1)",
      "greta@example.com · Unterzeichner · Reihenfolge 1",
      "Identifiziert durch E-Mail-Link",
      "Unterschrift",
      "Initialen",
      "User-Agent Chrome 131 unter Windows",
      "SHA-256 des Originaldokuments",
      "Siegel",
    ])
      expect(text, s).toContain(s);
    expect(text.replace(/\s+/g, " ")).toContain("Zeitzone: Europe/Berlin (jede Uhrzeit in dieser Zone, danach in UTC)");
    for (const label of ["Gesendet am", "Angesehen am", "Unterschrieben am"])
      expect(text, label).toMatch(new RegExp(`^${label} \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d:\\d\\d \\+0[12]:00 \\(`, "m"));
    expect(text).not.toMatch(/Certificate of completion|Signed at|Signer\b|Recipients/);
  });
});
