import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claimIdempotencyKey } from "@/lib/server/limits/idempotency";
import { errorCatalog, errorCodes } from "@/lib/server/errors";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";

// Conditions a client must tell apart come back with distinct machine codes (`errorCode`), through real
// calls: two 401s, two 403s, two 404s, two 400s, two 409/422s of Idempotency-Key, and so on. The HTTP
// status always agrees with the catalog.

const SR = "/api/v1/enterprise/signature-requests";
const KEYS = "/api/v1/api-keys";
const UNKNOWN_ID = "0b9f7c1e-0000-4000-8000-000000000000";

/** The error envelope of an answer, checked against the catalog: its code and its status agree. */
function codeOf(r: { status: number; body: { code: number; data: unknown; errorCode?: unknown } }): string {
  expect(r.body.data).toBeNull();
  expect(r.body.code).toBe(r.status);
  const code = r.body.errorCode;
  expect(typeof code).toBe("string");
  expect(errorCodes).toContain(code);
  expect(errorCatalog[code as keyof typeof errorCatalog].status).toBe(r.status);
  return code as string;
}

describe("error codes", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  beforeAll(async () => {
    org = await makeOrg();
  });

  it("tells a missing key, an unknown key and a revoked key apart (all 401)", async () => {
    expect(codeOf(await call("GET", KEYS, {}))).toBe("API_KEY_MISSING");
    expect(codeOf(await call("GET", KEYS, { key: "signet_test_" + "A".repeat(32) }))).toBe("API_KEY_INVALID");
    const created = await call("POST", KEYS, { key: org.sandboxKey, json: { name: "to revoke", environment: "SANDBOX" } });
    expect(created.status).toBe(201);
    expect((await call("DELETE", `${KEYS}/${created.body.data.id}`, { key: org.sandboxKey })).status).toBe(200);
    expect(codeOf(await call("GET", KEYS, { key: created.body.data.apiKey }))).toBe("API_KEY_REVOKED");
  });

  it("tells an address not allowed from a plan that does not allow production keys (both 403)", async () => {
    const fenced = await makeOrg({ allowedIps: ["10.9.9.9"] });
    expect(codeOf(await call("GET", KEYS, { key: fenced.sandboxKey, ip: "127.0.0.1" }))).toBe("IP_NOT_ALLOWED");
    const production = await call("POST", KEYS, { key: org.sandboxKey, json: { name: "p", environment: "PRODUCTION" } });
    expect(codeOf(production)).toBe("ENTERPRISE_PLAN_REQUIRED");
  });

  it("tells an unknown request, an unknown recipient, an unknown endpoint and an unknown signing link apart (all 404)", async () => {
    expect(codeOf(await call("GET", `${SR}/${UNKNOWN_ID}`, { key: org.sandboxKey }))).toBe("REQUEST_NOT_FOUND");
    expect(codeOf(await call("GET", `${SR}/not-a-uuid`, { key: org.sandboxKey }))).toBe("REQUEST_NOT_FOUND");
    const draft = await createDraft(org.sandboxKey);
    const recipient = await call("DELETE", `${SR}/${draft.id}/recipients/${UNKNOWN_ID}`, { key: org.sandboxKey });
    expect(codeOf(recipient)).toBe("RECIPIENT_NOT_FOUND");
    expect(codeOf(await call("DELETE", `${SR}/${draft.id}/fields/${UNKNOWN_ID}`, { key: org.sandboxKey }))).toBe(
      "FIELD_NOT_FOUND",
    );
    expect(codeOf(await call("GET", "/api/v1/no-such-thing", { key: org.sandboxKey }))).toBe("ENDPOINT_NOT_FOUND");
    expect(codeOf(await call("GET", `/api/sign/${"x".repeat(43)}`))).toBe("SIGNING_LINK_NOT_FOUND");
  });

  it("tells malformed JSON, a body that fails validation, a bad cursor and another media type apart", async () => {
    const malformed = await call("POST", KEYS, { key: org.sandboxKey, json: "{not json" });
    expect(codeOf(malformed)).toBe("MALFORMED_JSON");
    const invalid = await call("POST", KEYS, { key: org.sandboxKey, json: { name: "", environment: "SANDBOX" } });
    expect(codeOf(invalid)).toBe("VALIDATION_FAILED");
    expect(invalid.body.errors).toMatchObject([{ field: "name" }]);
    expect(codeOf(await call("GET", `${SR}?cursor=garbage`, { key: org.sandboxKey }))).toBe("CURSOR_INVALID");
    // A multipart endpoint given JSON, and a JSON endpoint given text.
    expect(codeOf(await call("POST", SR, { key: org.sandboxKey, json: { title: "t" } }))).toBe("UNSUPPORTED_MEDIA_TYPE");
    const text = await call("POST", KEYS, { key: org.sandboxKey, body: "name=k", headers: { "content-type": "text/plain" } });
    expect(codeOf(text)).toBe("UNSUPPORTED_MEDIA_TYPE");
    const multipart = await call("POST", SR, {
      key: org.sandboxKey,
      body: "not multipart at all",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(codeOf(multipart)).toBe("MALFORMED_MULTIPART");
  });

  it("tells an Idempotency-Key reused with another body from one still in progress", async () => {
    const first = await call("POST", KEYS, {
      key: org.sandboxKey,
      json: { name: "once", environment: "SANDBOX" },
      headers: { "idempotency-key": "codes-1" },
    });
    expect(first.status).toBe(201);
    const reused = await call("POST", KEYS, {
      key: org.sandboxKey,
      json: { name: "twice", environment: "SANDBOX" },
      headers: { "idempotency-key": "codes-1" },
    });
    expect(codeOf(reused)).toBe("IDEMPOTENCY_KEY_REUSED");

    // Claimed for this very request, with no answer stored yet: the first is still being processed.
    const hash = crypto.createHash("sha256").update('{"environment":"SANDBOX","name":"busy"}').digest("hex");
    expect(await claimIdempotencyKey(org.sandboxKeyId, "codes-2", "POST", KEYS, hash)).toEqual({ kind: "new" });
    const busy = await call("POST", KEYS, {
      key: org.sandboxKey,
      json: { name: "busy", environment: "SANDBOX" },
      headers: { "idempotency-key": "codes-2" },
    });
    expect(codeOf(busy)).toBe("IDEMPOTENCY_KEY_IN_PROGRESS");

    const long = await call("POST", KEYS, {
      key: org.sandboxKey,
      json: { name: "long", environment: "SANDBOX" },
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(codeOf(long)).toBe("IDEMPOTENCY_KEY_INVALID");
  });

  it("answers a body over the limit with PAYLOAD_TOO_LARGE and a method the path does not take with METHOD_NOT_ALLOWED", async () => {
    const before = process.env.MAX_UPLOAD_MB;
    process.env.MAX_UPLOAD_MB = "1";
    try {
      const large = await call("POST", SR, {
        key: org.sandboxKey,
        body: "x",
        headers: { "content-type": "multipart/form-data; boundary=xyz", "content-length": String(50 * 1024 * 1024) },
      });
      expect(codeOf(large)).toBe("PAYLOAD_TOO_LARGE");
      expect(large.body.details).toEqual({ limitBytes: 1024 * 1024 });
    } finally {
      if (before === undefined) delete process.env.MAX_UPLOAD_MB;
      else process.env.MAX_UPLOAD_MB = before;
    }
    const put = await call("PUT", KEYS, { key: org.sandboxKey });
    expect(codeOf(put)).toBe("METHOD_NOT_ALLOWED");
    expect(put.headers.get("allow")).toBe("GET, POST");
  });

  it("gives each refusal of the PDF engine its own code: not a PDF, damaged, encrypted", async () => {
    const upload = (data: Uint8Array) =>
      call("POST", SR, { key: org.sandboxKey, form: { title: "t", file: { data, name: "a.pdf" } } });
    const pdf = await simplePdf();
    const notPdf = await upload(new TextEncoder().encode("hello, I am text"));
    expect(codeOf(notPdf)).toBe("NOT_A_PDF");
    const damaged = await upload(pdf.slice(0, 200));
    expect(codeOf(damaged)).toBe("PDF_MALFORMED");
    expect(damaged.body.details).toEqual({ reason: "UNPARSEABLE" });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "codes-"));
    try {
      fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
      execFileSync("qpdf", ["--encrypt", "u", "o", "256", "--", path.join(dir, "in.pdf"), path.join(dir, "out.pdf")]);
      const encrypted = await upload(new Uint8Array(fs.readFileSync(path.join(dir, "out.pdf"))));
      expect(codeOf(encrypted)).toBe("PDF_ENCRYPTED");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tells a send with nobody who decides from a signer without fields apart (both 422)", async () => {
    const draft = await createDraft(org.sandboxKey);
    expect(codeOf(await call("POST", `${SR}/${draft.id}/send`, { key: org.sandboxKey }))).toBe("NO_DECIDING_RECIPIENT");
    const added = await call("POST", `${SR}/${draft.id}/recipients`, {
      key: org.sandboxKey,
      json: { email: "a@example.com", name: "A", order: 1 },
    });
    expect(added.status).toBe(201);
    expect(codeOf(await call("POST", `${SR}/${draft.id}/send`, { key: org.sandboxKey }))).toBe("SIGNER_WITHOUT_FIELDS");
  });

  it("lists every code, and only those, in the OpenAPI document's Error schema", async () => {
    const doc = await call("GET", "/api/v1/openapi.json");
    expect(doc.status).toBe(200);
    const schema = (
      doc.body as unknown as {
        components: { schemas: { Error: { required: string[]; properties: Record<string, { enum?: string[] }> } } };
      }
    ).components.schemas.Error;
    expect(schema.required).toContain("errorCode");
    expect(schema.properties.errorCode?.enum).toEqual(errorCodes);
  });
});
