import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officeConverter } from "@/lib/server/convert/converter";
import { call, makeOrg } from "../support/api";
import { FIXTURE_DATA, handBuiltDocx } from "../support/docx-fixtures";

const SR = "/api/v1/enterprise/signature-requests";

// This file's worker has no LibreOffice: the shared converter is created on first use, after this.
const saved = process.env.SIGNET_SOFFICE;
beforeAll(() => {
  process.env.SIGNET_SOFFICE = "/nonexistent/libreoffice/soffice";
});
afterAll(() => {
  officeConverter().shutdown();
  if (saved === undefined) delete process.env.SIGNET_SOFFICE;
  else process.env.SIGNET_SOFFICE = saved;
});

describe("without LibreOffice", () => {
  it("uploading and reading DOCX templates works; using one is a clear 503 with Retry-After, and leaves no draft", async () => {
    const { sandboxKey: key } = await makeOrg();
    const up = await call("POST", "/api/v1/enterprise/templates", {
      key,
      form: { name: "T", file: { data: handBuiltDocx(), name: "t.docx" } },
    });
    expect(up.status).toBe(201);
    const r = await call("POST", `${SR}/templates/${up.body.data.id}/use`, {
      key,
      json: { title: "x", recipients: [], templateData: FIXTURE_DATA },
    });
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/^Document conversion is unavailable: LibreOffice was not found/);
    expect(r.headers.get("retry-after")).toBe("5");
    expect((await call("GET", SR, { key })).body.data.items).toEqual([]);
    // Missing values are still reported as such: the 422 comes before any conversion.
    const missing = await call("POST", `${SR}/templates/${up.body.data.id}/use`, { key, json: { title: "x", recipients: [] } });
    expect(missing.status).toBe(422);
  });
});
