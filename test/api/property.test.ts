import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";
const RUNS = Number(process.env.PROPERTY_RUNS || 1000);

// Values of every JSON type, with a bias towards what the API expects, so that bodies get past the
// first check often enough to reach the domain code.
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.emailAddress(),
  fc.uuid(),
  fc.constantFrom(
    "SANDBOX",
    "PRODUCTION",
    "SIGNER",
    "CC",
    "SIGNATURE",
    "INITIAL",
    "DATE",
    "TEXT",
    "email",
    "",
    "1.2.3.4",
    "10.0.0.0/8",
    "::1",
    "s1",
    "s2",
    "{{s1|signature|100|40}}",
    "Signet test document",
    "https://example.com/h",
    "signature_request.sent",
  ),
  fc.integer({ min: -5, max: 2000 }),
  fc.double({ min: -10, max: 1000, noNaN: true }),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const keys = [
  "name",
  "environment",
  "allowedIps",
  "email",
  "role",
  "order",
  "signingOrder",
  "type",
  "recipientId",
  "page",
  "x",
  "y",
  "width",
  "height",
  "required",
  "label",
  "maxLength",
  "fontSize",
  "defaultValue",
  "reason",
  "fields",
  "title",
  "anchors",
  "anchorKey",
  "signerRef",
  "xOffset",
  "yOffset",
  "occurrenceIndex",
  "replacements",
  "text",
  "url",
  "events",
  "consent",
  "values",
];
const nearValid = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 10 });
const withFields = nearValid.chain((o) => fc.array(nearValid, { maxLength: 3 }).map((fields) => ({ ...o, fields })));
const withLists = nearValid.chain((o) =>
  fc
    .tuple(fc.array(nearValid, { maxLength: 2 }), fc.array(nearValid, { maxLength: 2 }), fc.array(nearValid, { maxLength: 2 }))
    .map(([anchors, replacements, values]) => ({ ...o, anchors, replacements, values })),
);
const jsonBody = fc.oneof(
  nearValid.map((o) => JSON.stringify(o)),
  withFields.map((o) => JSON.stringify(o)),
  withLists.map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constant(""),
);

describe("no generated input gives a 5xx", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await simplePdf([{}, { rotate: 90 }]);
  });

  async function setup() {
    const d = await createDraft(key, pdf);
    const r = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s@example.com", name: "S" } })).body.data;
    await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s2@example.com", name: "S2", order: 2 } });
    const f = firstOf(
      (
        await call("POST", `${SR}/${d.id}/fields`, {
          key,
          json: { type: "SIGNATURE", recipientId: r.id, page: 1, x: 10, y: 10, width: 100, height: 40 },
        })
      ).body.data.fields,
      "fields",
    );
    return { id: d.id, recipientId: r.id, fieldId: f.id };
  }

  const idArb = (real: string) =>
    fc.oneof(
      fc.constant(real),
      fc.uuid(),
      fc.string({ maxLength: 40 }).filter((s) => !s.includes("/") && !s.includes("?") && !s.includes("#")),
    );

  const jsonEndpoints: [string, string, (ids: { id: string; recipientId: string; fieldId: string }) => fc.Arbitrary<string>][] = [
    ["POST", "api-keys", () => fc.constant("/api/v1/api-keys")],
    ["DELETE", "api-keys/{id}", () => idArb("x").map((i) => `/api/v1/api-keys/${encodeURIComponent(i)}`)],
    ["GET", "signature-requests/{id}", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}`)],
    ["POST", "recipients", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/recipients`)],
    [
      "PATCH",
      "recipients/{id}",
      (ids) =>
        fc
          .tuple(idArb(ids.id), idArb(ids.recipientId))
          .map(([i, r]) => `${SR}/${encodeURIComponent(i)}/recipients/${encodeURIComponent(r)}`),
    ],
    [
      "DELETE",
      "recipients/{id}",
      (ids) =>
        fc
          .tuple(idArb(ids.id), idArb(ids.recipientId))
          .map(([i, r]) => `${SR}/${encodeURIComponent(i)}/recipients/${encodeURIComponent(r)}`),
    ],
    ["POST", "fields", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/fields`)],
    [
      "PATCH",
      "fields/{id}",
      (ids) =>
        fc
          .tuple(idArb(ids.id), idArb(ids.fieldId))
          .map(([i, f]) => `${SR}/${encodeURIComponent(i)}/fields/${encodeURIComponent(f)}`),
    ],
    [
      "DELETE",
      "fields/{id}",
      (ids) =>
        fc
          .tuple(idArb(ids.id), idArb(ids.fieldId))
          .map(([i, f]) => `${SR}/${encodeURIComponent(i)}/fields/${encodeURIComponent(f)}`),
    ],
    ["POST", "send", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/send`)],
    ["POST", "cancel", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/cancel`)],
    ["DELETE", "signature-requests/{id}", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}`)],
    ["GET", "document", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/document`)],
    ["GET", "audit", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/audit`)],
    ["POST", "anchors/preview", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/anchors/preview`)],
    ["POST", "fields/anchors", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/fields/anchors`)],
    ["POST", "fields/anchored", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/fields/anchored`)],
    [
      "POST",
      "anchors/text-replacements",
      (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/anchors/text-replacements`),
    ],
    ["POST", "remind", (ids) => idArb(ids.id).map((i) => `${SR}/${encodeURIComponent(i)}/remind`)],
    ["POST", "webhooks", () => fc.constant("/api/v1/enterprise/webhooks")],
    [
      "POST",
      "sign (public)",
      () =>
        fc
          .string({ minLength: 0, maxLength: 60 })
          .filter((s) => !/[/?#%]/.test(s))
          .map((t) => `/api/sign/${encodeURIComponent(t) || "x"}/sign`),
    ],
    [
      "POST",
      "decline (public)",
      () =>
        fc
          .string({ minLength: 0, maxLength: 60 })
          .filter((s) => !/[/?#%]/.test(s))
          .map((t) => `/api/sign/${encodeURIComponent(t) || "x"}/decline`),
    ],
    [
      "GET",
      "list",
      () =>
        fc
          .dictionary(
            fc.constantFrom("limit", "cursor", "status", "x"),
            fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom("DRAFT", "IN_PROGRESS", "0", "101")),
          )
          .map((q) => `${SR}?${new URLSearchParams(q)}`),
    ],
  ];

  for (const [method, name, pathArb] of jsonEndpoints) {
    it(`${method} ${name}`, async () => {
      const ids = await setup();
      await fc.assert(
        fc.asyncProperty(
          pathArb(ids),
          jsonBody,
          fc.constantFrom("application/json", "text/plain", ""),
          async (path, body, type) => {
            const r = await call(method, path, {
              key,
              body: method === "GET" ? undefined : body,
              headers: type ? { "content-type": type } : {},
            });
            expect(r.status, `${method} ${path} ${body}`).toBeLessThan(500);
            if (r.status === 200 && name === "document") expect(r.headers.get("content-type")).toBe("application/pdf");
            else expect(r.body?.code).toBe(r.status);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it("POST signature-requests (multipart)", async () => {
    const part = fc.oneof(
      fc.string().map((s) => s as string | { data: Uint8Array; name: string }),
      fc.uint8Array({ maxLength: 300 }).map((data) => ({ data, name: "f.pdf" })),
      fc.constant({ data: pdf, name: "ok.pdf" }),
      fc.integer({ min: 1, max: 400 }).map((n) => ({ data: pdf.slice(0, pdf.length - n), name: "cut.pdf" })),
      fc.constant({ data: new TextEncoder().encode("%PDF-1.7\n%garbage\n"), name: "fake.pdf" }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("file", "documentFile", "title", "delivery_mode", "other"), part, { maxKeys: 4 }),
        async (form) => {
          const r = await call("POST", SR, { key, form });
          expect(r.status, JSON.stringify(Object.keys(form))).toBeLessThan(500);
          expect(r.body.code).toBe(r.status);
        },
      ),
      { numRuns: RUNS },
    );
    const garbled = await call("POST", SR, {
      key,
      body: "--xyz\r\nnot really\r\n",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(garbled.status).toBe(400);
  });
});
