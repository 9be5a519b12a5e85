import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeConverter } from "@/lib/server/convert/converter";
import { getDb } from "@/lib/server/db";
import { templates } from "@/lib/server/db/schema";
import { call, makeOrg } from "../support/api";
import {
  FIXTURE_DATA,
  deeplyNestedDocx,
  docxFromPackage,
  handBuiltDocx,
  lyingZipDocx,
  manyPartsDocx,
  xmlBombDocx,
} from "../support/docx-fixtures";

const T = "/api/v1/enterprise/templates";
const SR = "/api/v1/enterprise/signature-requests";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

afterAll(() => officeConverter().shutdown());

const upload = (key: string, data: Uint8Array) =>
  call("POST", T, { key, form: { name: "Hostile", file: { data, name: "contract.docx", type: DOCX_TYPE } } });

async function templateRows(orgId: string) {
  const db = await getDb();
  return (await db.select({ id: templates.id }).from(templates).where(eq(templates.orgId, orgId))).length;
}

describe("hostile DOCX uploads are a 4xx in the envelope, leave no template, and the server carries on", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  beforeAll(async () => {
    org = await makeOrg();
  });

  it.each([
    ["a 150 MB word/document.xml in under 1 MB", () => xmlBombDocx(150), "TOO_LARGE"],
    ["a zip directory declaring 1,000 bytes for a 150 MB part", () => lyingZipDocx("small"), "CORRUPT"],
    ["a zip directory declaring 3 GB for a 300-byte part", () => lyingZipDocx("huge"), "TOO_LARGE"],
    ["a local header that disagrees with the directory", () => lyingZipDocx("local"), "CORRUPT"],
    ["2,001 zip entries", () => manyPartsDocx(2_001), "TOO_COMPLEX"],
    ["100,000 nested paragraphs", () => deeplyNestedDocx(100_000), "TOO_COMPLEX"],
  ] as const)("%s", async (_, make, reason) => {
    const bytes = make();
    const before = await templateRows(org.orgId);
    const r = await upload(org.sandboxKey, bytes);
    // Stopped by a limit (details.reason), not by the engine's deadline, whose message says it took too long:
    // the refusal's words tell early from late, so no wall-clock bound.
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body).toMatchObject({ code: 422, data: null, details: { reason } });
    expect(r.body.message.length).toBeGreaterThan(10);
    expect(r.body.message).not.toMatch(/took longer than/);
    expect(await templateRows(org.orgId)).toBe(before);

    const ok = await upload(org.sandboxKey, handBuiltDocx());
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await templateRows(org.orgId)).toBe(before + 1);
  });
});

describe("using a DOCX template stays within its limits", () => {
  const signers = [{ email: "customer@example.com", name: "Customer" }];

  it("values that would insert more than the fill limit: 422 TOO_LARGE, and no draft", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await upload(key, handBuiltDocx(`<w:p><w:r><w:t>${"{{amount}} ".repeat(20_000)}</w:t></w:r></w:p>`));
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    const r = await call("POST", `${SR}/templates/${tpl.body.data.id}/use`, {
      key,
      json: { title: "Amplified", recipients: signers, templateData: { ...FIXTURE_DATA, amount: "x".repeat(1000) } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.details?.reason).toBe("TOO_LARGE");
    expect((await call("GET", SR, { key })).body.data.items).toEqual([]);
  });

  it("a converted PDF with more pages than MAX_PAGES: 422 TOO_MANY_PAGES, and no draft", async () => {
    const { sandboxKey: key } = await makeOrg();
    const tpl = await upload(key, await docxFromPackage(4));
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    const saved = process.env.MAX_PAGES;
    process.env.MAX_PAGES = "2";
    try {
      const r = await call("POST", `${SR}/templates/${tpl.body.data.id}/use`, {
        key,
        json: { title: "Too long", recipients: signers, templateData: FIXTURE_DATA },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.details?.reason).toBe("TOO_MANY_PAGES");
      expect(r.body.message).toMatch(/the limit is 2/);
    } finally {
      if (saved === undefined) delete process.env.MAX_PAGES;
      else process.env.MAX_PAGES = saved;
    }
    expect((await call("GET", SR, { key })).body.data.items).toEqual([]);
    const ok = await call("POST", `${SR}/templates/${tpl.body.data.id}/use`, {
      key,
      json: { title: "Fine", recipients: signers, templateData: FIXTURE_DATA },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.document.pageCount).toBeGreaterThan(2);
  });
});
