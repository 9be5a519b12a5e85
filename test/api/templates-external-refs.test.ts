import PizZip from "pizzip";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { officeConverter } from "@/lib/server/convert/converter";
import type * as ConverterModule from "@/lib/server/convert/converter";
import { call, makeOrg } from "../support/api";
import {
  EXFILTRATED_TEXT,
  EXTERNAL_REF_PATHS,
  FIXTURE_DATA,
  externalRefsDocx,
  externalRefsServer,
  flat,
} from "../support/docx-fixtures";
import { pdftotext } from "../support/pdf-fixtures";
import { firstOf } from "../support/expect-helpers";

/** What the template flow hands LibreOffice, recorded on its way (the conversion itself is real). */
const given = vi.hoisted(() => [] as Uint8Array[]);
vi.mock("@/lib/server/convert/converter", async (importOriginal) => {
  const real = await importOriginal<typeof ConverterModule>();
  return {
    ...real,
    convertToPdf: (bytes: Uint8Array, from?: Parameters<typeof real.convertToPdf>[1]) => {
      given.push(bytes);
      return real.convertToPdf(bytes, from);
    },
  };
});

const T = "/api/v1/enterprise/templates";
const SR = "/api/v1/enterprise/signature-requests";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Every part of a DOCX as text. */
const docxText = (bytes: Uint8Array) => {
  const zip = new PizZip(bytes);
  return Object.values(zip.files)
    .map((f) => (f.dir ? "" : Buffer.from(f.asUint8Array()).toString("utf8")))
    .join("\n");
};

/**
 * A DOCX template whose linked picture, INCLUDEPICTURE, INCLUDETEXT, LINK, OLE link, hyperlink and
 * attached template all point at a local HTTP server: using it makes a draft whose PDF has the
 * document's text, and the server never hears from the converter.
 */
describe("a DOCX template with external references, used through the API", () => {
  let server: Awaited<ReturnType<typeof externalRefsServer>>;
  let key: string;
  let templateId: string;
  beforeAll(async () => {
    server = await externalRefsServer();
    key = (await makeOrg()).sandboxKey;
    const r = await call("POST", T, {
      key,
      form: { name: "Linked", file: { data: externalRefsDocx(server.baseUrl), name: "linked.docx", type: DOCX_TYPE } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.placeholders).toEqual(["customer.name", "amount"]);
    templateId = r.body.data.id;
  });
  afterAll(async () => {
    officeConverter().shutdown();
    await server.close();
  });

  it("use: 201, a PDF with the filled text and the anchor, and no request to the server", async () => {
    server.requests.length = 0;
    const r = await call("POST", `${SR}/templates/${templateId}/use`, {
      key,
      json: { title: "Linked", recipients: [{ email: "c@example.com", name: "Customer" }], templateData: FIXTURE_DATA },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const doc = await call("GET", `${SR}/${r.body.data.id}/document`, { key });
    expect(doc.status).toBe(200);
    const pdf = new Uint8Array(await doc.raw.arrayBuffer());

    const text = flat(await pdftotext(pdf));
    expect(text).toContain("Linked references for Zoë Ångström, amount EUR 12,500.00.");
    expect(text).toContain("Customer signature: {{s1|signature|150|50}}");
    expect(text).toContain("See the terms and page 1.");
    expect(text).not.toContain(EXFILTRATED_TEXT);
    await server.settled(); // a request sent during the conversion is in before this one's answer
    expect(server.requests).toEqual([]);

    // LibreOffice was given the document without them (it has no network besides).
    expect(given).toHaveLength(1);
    const converted = docxText(firstOf(given, "documents given to LibreOffice"));
    expect(converted).toContain("Zoë Ångström");
    expect(converted).not.toContain(server.baseUrl);
    for (const p of EXTERNAL_REF_PATHS) expect(converted).not.toContain(p);
    expect(docxText(externalRefsDocx(server.baseUrl))).toContain(`${server.baseUrl}/linked.png`); // as uploaded
  });
});
