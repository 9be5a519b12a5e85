import { parseStoredFieldValue } from "@/lib/schemas/signing";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { fields, organizations, signatureRequests } from "@/lib/server/db/schema";
import { clock } from "@/lib/server/clock";
import { runDueJobs } from "@/lib/server/worker/worker";
import { signingToken } from "@/lib/server/tokens";
import { DATE_FORMATS } from "@/lib/schemas/states";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";
import { pageText } from "../support/seal-fixtures";
import { pdfTextLines } from "../support/pdf-fixtures";
import { firstOf, itemAt } from "../support/expect-helpers";

// Dates and numbers in the request's language, and the stored locale fields: a request's locale, timezone and
// dateFormat and a recipient's locale, taken on every input and refused when wrong (nothing changed); a DATE
// field is the signing day in the request's zone and format; the certificate prints each time in that zone
// with its offset and in UTC; a NUMBER not in its stored form is read in the signer's language and stored with ".".

const SR = "/api/v1/enterprise/signature-requests";
const T = "/api/v1/enterprise/templates";

/** 23:30:05 UTC on 31 March 2025: in Tokyo (+09:00) it is already 08:30:05 on 1 April. */
const LATE = "2025-03-31T23:30:05.000Z";
const setClock = (iso: string) => vi.spyOn(clock, "now").mockImplementation(() => new Date(iso));
afterEach(() => vi.restoreAllMocks());

const sealedDocument = async (key: string, id: string) =>
  new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());

const pdfFile = async () => ({ data: await simplePdf(), name: "c.pdf", type: "application/pdf" });

async function create(key: string, extra: Record<string, string> = {}) {
  return call("POST", SR, { key, form: { title: "Dates", file: await pdfFile(), ...extra } });
}

async function requestCount(orgId: string) {
  const db = await getDb();
  return (await db.select({ id: signatureRequests.id }).from(signatureRequests).where(eq(signatureRequests.orgId, orgId))).length;
}

/** A sent request with one signer, with a SIGNATURE, a DATE and (optionally) a NUMBER field; returns the signer's token. */
async function sentWith(
  key: string,
  request: Record<string, string>,
  signer: Record<string, unknown> = {},
  opts: { number?: boolean } = {},
) {
  const d = await create(key, request);
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const id = d.body.data.id as string;
  const r = await call("POST", `${SR}/${id}/recipients`, {
    key,
    json: { email: "dana.date@example.com", name: "Dana Date", ...signer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const rid = r.body.data.id as string;
  const at = { recipientId: rid, page: 1 };
  const f = await call("POST", `${SR}/${id}/fields`, {
    key,
    json: {
      fields: [
        { ...at, type: "SIGNATURE", x: 72, y: 120, width: 180, height: 50 },
        { ...at, type: "DATE", x: 72, y: 200, width: 160, height: 20 },
        ...(opts.number ? [{ ...at, type: "NUMBER", x: 72, y: 240, width: 100, height: 20, label: "Hours", decimals: 2 }] : []),
      ],
    },
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
  await runDueJobs();
  return { id, rid, token: await signingToken(await getDb(), rid) };
}

type ViewField = { id: string; type: string };
async function sign(token: string, number?: string) {
  const view = (await call("GET", `/api/sign/${token}`)).body.data;
  const values = (view.fields as ViewField[]).flatMap((f): { fieldId: string; typed?: string; text?: string }[] =>
    f.type === "SIGNATURE"
      ? [{ fieldId: f.id, typed: "Dana Date" }]
      : f.type === "NUMBER" && number !== undefined
        ? [{ fieldId: f.id, text: number }]
        : [],
  );
  return call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
}

/** The stored value of the request's field of this type. */
async function storedValue(requestId: string, type: string) {
  const db = await getDb();
  const rows = await db.select().from(fields).where(eq(fields.requestId, requestId));
  const f = rows.find((x) => x.type === type);
  const v = parseStoredFieldValue(f?.value);
  return v && "text" in v ? v.text : undefined;
}

describe("a request's locale, timezone and dateFormat", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await makeOrg();
    key = org.sandboxKey;
  });

  it("are taken on create (a region dropped, a zone's case fixed) and shown; without them: none, UTC, YYYY-MM-DD", async () => {
    const r = await create(key, { locale: "de-CH", timezone: "asia/tokyo", dateFormat: "DD.MM.YYYY" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ locale: "de", timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY" });
    const got = (await call("GET", `${SR}/${r.body.data.id}`, { key })).body.data;
    expect(got).toMatchObject({ locale: "de", timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY" });
    const listed = (await call("GET", `${SR}?limit=5`, { key })).body.data.items.find(
      (i: { id: string }) => i.id === r.body.data.id,
    );
    expect(listed).toMatchObject({ locale: "de", timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY" });

    const plain = await create(key);
    expect(plain.body.data).toMatchObject({ locale: null, timezone: "UTC", dateFormat: "YYYY-MM-DD" });
    const audit = (await call("GET", `${SR}/${r.body.data.id}/audit`, { key })).body.data.items;
    expect(firstOf(audit, "audit events")).toMatchObject({
      type: "request.created",
      data: { locale: "de", timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY" },
    });
  });

  it("takes the organization's time zone when none is given, as it is at creation", async () => {
    const other = await makeOrg();
    const db = await getDb();
    await db.update(organizations).set({ timezone: "Europe/Berlin" }).where(eq(organizations.id, other.orgId));
    const r = await create(other.sandboxKey);
    expect(r.body.data.timezone).toBe("Europe/Berlin");
    expect((await create(other.sandboxKey, { timezone: "UTC" })).body.data.timezone).toBe("UTC");
    await db.update(organizations).set({ timezone: "America/Chicago" }).where(eq(organizations.id, other.orgId));
    expect((await call("GET", `${SR}/${r.body.data.id}`, { key: other.sandboxKey })).body.data.timezone).toBe("Europe/Berlin");
    // Another organization's zone is not this one's.
    expect((await create(key)).body.data.timezone).toBe("UTC");
  });

  it("refuses a bad value on create with 400 naming the field, and makes nothing", async () => {
    const before = await requestCount(org.orgId);
    for (const [field, value] of [
      ["timezone", "Mars/Olympus"],
      ["timezone", "+09:00"],
      ["locale", "sv"],
      ["locale", "not a tag"],
      ["dateFormat", "YYYY/MM/DD"],
    ] as const) {
      const r = await create(key, { [field]: value });
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(r.body.errorCode).toBe("VALIDATION_FAILED");
      expect(r.body.errors.map((e) => e.field)).toEqual([field]);
    }
    expect(await requestCount(org.orgId)).toBe(before);
  });
});

describe("a recipient's locale", () => {
  it("is taken when added, changed and cleared by PATCH, refused when wrong (nothing changed), and another organization's key changes nothing", async () => {
    const o = await makeOrg();
    const key = o.sandboxKey;
    const d = (await create(key, { locale: "fr" })).body.data;
    const add = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "paul@example.com", name: "Paul", locale: "PT-br" },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.data.locale).toBe("pt");
    const rid = add.body.data.id as string;
    const plain = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "x@example.com", name: "X" } });
    expect(plain.body.data.locale).toBeNull();

    const badAdd = await call("POST", `${SR}/${d.id}/recipients`, {
      key,
      json: { email: "y@example.com", name: "Y", locale: "tlh" },
    });
    expect(badAdd.status).toBe(400);
    expect(badAdd.body.errors.map((e) => e.field)).toEqual(["locale"]);
    const recipientsNow = async () => (await call("GET", `${SR}/${d.id}`, { key })).body.data.recipients;
    expect(await recipientsNow()).toHaveLength(2);

    const path = `${SR}/${d.id}/recipients/${rid}`;
    const badPatch = await call("PATCH", path, { key, json: { locale: "xx-YY" } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.errors.map((e) => e.field)).toEqual(["locale"]);
    expect(itemAt(await recipientsNow(), 0).locale).toBe("pt");

    // Another organization: the same 404 as for a request that does not exist, and nothing changed.
    const stranger = (await makeOrg()).sandboxKey;
    expect((await call("PATCH", path, { key: stranger, json: { locale: "de" } })).status).toBe(404);
    expect(
      (
        await call("POST", `${SR}/${d.id}/recipients`, {
          key: stranger,
          json: { email: "z@example.com", name: "Z", locale: "de" },
        })
      ).status,
    ).toBe(404);
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data).toMatchObject({
      locale: "fr",
      recipients: [{ id: rid, locale: "pt" }, { locale: null }],
    });

    const patched = await call("PATCH", path, { key, json: { locale: "nl" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.locale).toBe("nl");
    expect((await call("PATCH", path, { key, json: { locale: null } })).body.data.locale).toBeNull();
  });
});

describe("templates/{id}/use and bulk send", () => {
  let key: string;
  let orgId: string;
  let tpl: string;
  beforeAll(async () => {
    const o = await makeOrg();
    key = o.sandboxKey;
    orgId = o.orgId;
    const r = await call("POST", T, {
      key,
      form: {
        name: "Dated letter",
        file: {
          data: await simplePdf([{ text: "Sign: {{s1|signature|120|40}}  Date: {{s1|date}}" }]),
          name: "l.pdf",
          type: "application/pdf",
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    tpl = r.body.data.id as string;
  });

  it("use takes the request's and each recipient's, and refuses bad ones naming them (nothing made)", async () => {
    const use = (json: Record<string, unknown>) => call("POST", `${SR}/templates/${tpl}/use`, { key, json });
    const ok = await use({
      title: "Used",
      recipients: [{ email: "ana@example.com", name: "Ana", locale: "es-MX" }],
      locale: "it",
      timezone: "America/Argentina/Buenos_Aires",
      dateFormat: "D MMMM YYYY",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({
      locale: "it",
      timezone: "America/Argentina/Buenos_Aires",
      dateFormat: "D MMMM YYYY",
      recipients: [{ email: "ana@example.com", locale: "es" }],
    });

    const before = await requestCount(orgId);
    for (const [body, field] of [
      [{ timezone: "Europe/Atlantis" }, "timezone"],
      [{ locale: "sv-SE" }, "locale"],
      [{ dateFormat: "dd.mm.yyyy" }, "dateFormat"],
      [{ recipients: [{ email: "ana@example.com", name: "Ana", locale: "zz" }] }, "recipients.0.locale"],
    ] as const) {
      const r = await use({ title: "Bad", recipients: [{ email: "ana@example.com", name: "Ana" }], ...body });
      expect(r.status, field).toBe(400);
      expect(r.body.errors.map((e) => e.field)).toEqual([field]);
    }
    expect(await requestCount(orgId)).toBe(before);
  });

  it("bulk send takes optional locale, timezone, dateFormat and <role>.locale columns; a bad one fails its row, naming the column", async () => {
    const csv = [
      "s1.name,s1.email,s1.locale,locale,timezone,dateFormat",
      "Ana,ana.bulk@example.com,pl,de,Asia/Tokyo,DD.MM.YYYY",
      "Ben,ben.bulk@example.com,,,,",
      "Cy,cy.bulk@example.com,klingon,de,Mars/Base,DD.MM.YYYY",
    ].join("\n");
    const form = { file: { data: new TextEncoder().encode(csv), name: "rows.csv", type: "text/csv" } };
    const dry = await call("POST", `${T}/${tpl}/bulk-send?dryRun=true`, { key, form });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.columns.optional).toEqual(["title", "locale", "timezone", "dateFormat", "s1.locale"]);
    expect(dry.body.data.errors).toEqual([
      {
        row: 3,
        errors: [
          { field: "s1.locale", message: expect.stringContaining("s1.locale: locale must be") },
          { field: "timezone", message: expect.stringContaining("IANA time zone") },
        ],
      },
    ]);

    const started = await call("POST", `${T}/${tpl}/bulk-send`, { key, form });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runDueJobs();
    const bulk = (await call("GET", `/api/v1/enterprise/bulk-sends/${started.body.data.id}`, { key })).body.data;
    expect(bulk.rows.map((r: { status: string }) => r.status)).toEqual(["SENT", "SENT", "FAILED"]);
    const made = async (i: number) =>
      (await call("GET", `${SR}/${itemAt(bulk.rows as { requestId: string }[], i).requestId}`, { key })).body.data;
    expect(await made(0)).toMatchObject({
      locale: "de",
      timezone: "Asia/Tokyo",
      dateFormat: "DD.MM.YYYY",
      recipients: [{ locale: "pl" }],
    });
    expect(await made(1)).toMatchObject({
      locale: null,
      timezone: "UTC",
      dateFormat: "YYYY-MM-DD",
      recipients: [{ locale: null }],
    });
  });
});

describe("DATE fields and the certificate in the request's zone", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("Asia/Tokyo, DD.MM.YYYY, signed at 23:30 UTC: the sealed PDF has the next day's date, the certificate +09:00 and UTC", async () => {
    const { id, token } = await sentWith(key, { timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY" });
    setClock(LATE);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    expect(view.signingDate).toEqual({
      value: "01.04.2025",
      day: "2025-04-01",
      timezone: "Asia/Tokyo",
      dateFormat: "DD.MM.YYYY",
      locale: "en",
    });
    expect(view.request).toMatchObject({ timezone: "Asia/Tokyo", dateFormat: "DD.MM.YYYY", locale: null });
    expect((await sign(token)).status).toBe(200);
    vi.restoreAllMocks();
    expect(await storedValue(id, "DATE")).toBe("01.04.2025");
    await runDueJobs(); // the seal

    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    // The API stays UTC ISO 8601.
    expect(itemAt(done.recipients, 0).signedAt).toBe(LATE);
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.find((e: { type: string }) => e.type === "recipient.signed")?.createdAt).toBe(LATE);

    const pdf = await sealedDocument(key, id);
    expect(await pageText(pdf, 1)).toContain("01.04.2025");
    const cert = await pdfTextLines(pdf, 2);
    expect(cert).toContain("Time zone: Asia/Tokyo");
    // The local day in the request's format, the UTC instant in ISO 8601.
    expect(cert).toContain("Signed at 01.04.2025 08:30:05 +09:00 (2025-03-31 23:30:05 UTC)");
    expect(cert).not.toContain("recipient.signed"); // the audit trail's event, not the certificate's
    // Every time in the zone, to the second: no ISO 8601 "T…Z", no milliseconds.
    expect(
      cert.match(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \+09:00 \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\)/g)!.length,
    ).toBeGreaterThan(3);
    expect(cert).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+09:00/);
    expect(cert).not.toMatch(/\dT\d{2}:\d{2}|:\d{2}\.\d{3}/);
  });

  it("writes the signing day in each date format; D MMMM YYYY in the signer's language", async () => {
    const cases: [Record<string, string>, Record<string, unknown>, string][] = [
      ...DATE_FORMATS.map((f): [Record<string, string>, Record<string, unknown>, string] => [
        { timezone: "Asia/Tokyo", dateFormat: f },
        {},
        { "YYYY-MM-DD": "2025-04-01", "DD.MM.YYYY": "01.04.2025", "DD/MM/YYYY": "01/04/2025", "MM/DD/YYYY": "04/01/2025" }[
          f as string
        ] ?? "1 April 2025",
      ]),
      // The recipient's language, else the request's; a zone west of UTC is still on the 31st.
      [{ timezone: "Europe/Berlin", dateFormat: "D MMMM YYYY", locale: "fr" }, { locale: "de" }, "1. April 2025"],
      [{ timezone: "America/New_York", dateFormat: "D MMMM YYYY", locale: "pl" }, {}, "31 marca 2025"],
      [{ dateFormat: "DD/MM/YYYY" }, {}, "31/03/2025"],
    ];
    for (const [request, signer, expected] of cases) {
      const { id, token } = await sentWith(key, request, signer);
      setClock(LATE);
      expect((await call("GET", `/api/sign/${token}`)).body.data.signingDate.value).toBe(expected);
      expect((await sign(token)).status).toBe(200);
      vi.restoreAllMocks();
      expect(await storedValue(id, "DATE"), JSON.stringify(request)).toBe(expected);
    }
  });
});

describe("NUMBER in the signer's language", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("stores the page's form as it is, and reads other text in the signer's language, thousands separators too", async () => {
    const de = await sentWith(key, {}, { locale: "de" }, { number: true });
    expect((await sign(de.token, "3,5")).status).toBe(200);
    expect(await storedValue(de.id, "NUMBER")).toBe("3.5");
    const grouped = await sentWith(key, {}, { locale: "de" }, { number: true });
    expect((await sign(grouped.token, "1.234,5")).status).toBe(200);
    expect(await storedValue(grouped.id, "NUMBER")).toBe("1234.5");

    // The request's language when the recipient has none.
    const byRequest = await sentWith(key, { locale: "pl" }, {}, { number: true });
    expect((await sign(byRequest.token, " 12,25 ")).status).toBe(200);
    expect(await storedValue(byRequest.id, "NUMBER")).toBe("12.25");
    // The stored form (what the page sends: "." for decimals, no separators) is taken in every language.
    const dot = await sentWith(key, {}, { locale: "de" }, { number: true });
    expect((await sign(dot.token, "1.5")).status).toBe(200);
    expect(await storedValue(dot.id, "NUMBER")).toBe("1.5");
    const english = await sentWith(key, {}, { locale: "en" }, { number: true });
    expect((await sign(english.token, "1,234.5")).status).toBe(200);
    expect(await storedValue(english.id, "NUMBER")).toBe("1234.5");
  });

  it("refuses a number that is not one, or ambiguous, in the signer's language: 422 naming the field, nothing recorded", async () => {
    // English: the recipient's own language wins over the request's; "3,5" could be 3.5 or a thousands group.
    const en = await sentWith(key, { locale: "de" }, { locale: "en" }, { number: true });
    const either = "no thousands separators (1234.5), or as written in";
    for (const [text, message] of [
      ["3,5", `Hours is ambiguous: "3,5" can be read two ways in en; write it with "." for decimals and ${either} en (1,234.5)`],
      ["1,2,3", `Hours must be a number: digits with "." for decimals and ${either} en (1,234.5)`],
      ["١٢", `Hours must be a number: digits with "." for decimals and ${either} en (1,234.5)`],
      ["１２", `Hours must be a number: digits with "." for decimals and ${either} en (1,234.5)`],
      ["1\u200b2", `Hours must be a number: digits with "." for decimals and ${either} en (1,234.5)`],
      ["0".repeat(9000) + "1", "Hours is too long to be a number (at most 40 characters)"],
    ] as [string, string][]) {
      const refused = await sign(en.token, text);
      expect(refused.status, text.slice(0, 20)).toBe(422);
      expect(refused.body.errorCode).toBe("FIELD_VALUES_INVALID");
      expect(refused.body.errors).toEqual([{ field: "values.1.text", message }]);
    }
    const de = await sentWith(key, {}, { locale: "de" }, { number: true });
    for (const [text, message] of [
      ["1,2,3", `Hours must be a number: digits with "." for decimals and ${either} de (1.234,5)`],
      ["1.23,5", `Hours must be a number: digits with "." for decimals and ${either} de (1.234,5)`],
      ["3,125", "Hours has at most 2 decimals"],
    ] as [string, string][]) {
      const refused = await sign(de.token, text);
      expect(refused.status, text).toBe(422);
      expect(refused.body.errors).toEqual([{ field: "values.1.text", message }]);
    }
    // Nothing recorded: no value, not signed, no signing in the audit trail.
    for (const { id, token } of [en, de]) {
      expect(await storedValue(id, "NUMBER")).toBeUndefined();
      expect((await call("GET", `/api/sign/${token}`)).body.data.recipient.status).not.toBe("SIGNED");
      const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as { type: string }[];
      expect(audit.map((e) => e.type)).not.toContain("recipient.signed");
    }
  });
});
