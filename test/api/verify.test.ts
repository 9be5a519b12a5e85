import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { runEngine } from "@/lib/server/engine";
import { signingCertificate } from "@/lib/server/signing/signing-certificate";
import { fillDocumentTimestamp, prepareDocumentTimestamp, signPdf } from "@/lib/pdf/seal";
import { newNonce, readTimestampResponse } from "@/lib/pdf/seal/tsp";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenFromOutbox } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";
import { itemAt } from "../support/expect-helpers";
import { append, describeBase, RED, stream } from "../support/pdf-updates";
import { askTsa, startTestTsa, type TestTsa } from "../support/tsa";
import { makeSigner, signedWith, type CmsOptions } from "../support/cms-signatures";
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import { snapshotObjects, writeIncrementalUpdate } from "@/lib/pdf/seal/incremental";

const SR = "/api/v1/enterprise/signature-requests";
const V = "/api/v1/verify";

let ipCounter = 0;
/** Each test calls from an address of its own: the verify endpoint is limited per address. */
const nextIp = () => `198.51.100.${++ipCounter}`;

const verify = (data: Uint8Array, ip = nextIp(), name = "document.pdf") =>
  call("POST", V, { form: { file: { data, name, type: "application/pdf" } }, ip });

describe("POST /api/v1/verify", () => {
  let sealed: Uint8Array;
  let requestId: string;

  beforeAll(async () => {
    // A request sealed end to end: sent, signed by its one signer, sealed by the job.
    const key = (await makeOrg()).sandboxKey;
    const email = `vera.${Date.now().toString(36)}@example.com`;
    const { id } = await sentRequest(key, [{ email, name: "Vera Verifier", order: 1 }]);
    requestId = id;
    await runDueJobs();
    const token = tokenFromOutbox(email)!;
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "Auditor" } : { fieldId: f.id, typed: "Vera Verifier" },
      );
    const signed = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await runDueJobs(); // seal
    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    sealed = new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
  });

  it("the sealed PDF: valid, sealed by this service, with its request's title, signers and completion time", async () => {
    const r = await verify(sealed);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      verdict: "VALID",
      summary: "Valid — sealed by this service, unmodified since",
      signed: true,
      sealedByThisService: true,
      modifications: [],
    });
    expect(d.level).toMatch(/^B-(B|T|LT|LTA)$/);
    expect(d.signatures[0]).toMatchObject({
      kind: "signature",
      subFilter: "ETSI.CAdES.detached",
      byteRangeValid: true,
      digestMatches: true,
      signatureVerifies: true,
      isSealingCertificate: true,
      outcome: "PASSED",
      failed: null,
      indeterminate: null,
      modificationsAfter: [],
    });
    expect(d.signatures[0]?.signer.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(d.document).toMatchObject({ title: "Signing test", sandbox: true });
    expect(d.document.completedAt).toBeTruthy();
    expect(d.document.signers).toEqual([{ name: "Vera Verifier", email: "v***@example.com", signedAt: expect.any(String) }]);
    expect(JSON.stringify(d)).not.toContain(requestId); // the request is described, never identified
    expect(r.headers.get("ratelimit-limit")).toBe("20");
  });

  it("the same file with one byte changed: altered, and nothing about the request", async () => {
    const bad = new Uint8Array(sealed);
    bad[300] = itemAt(bad, 300, "the sealed PDF") ^ 0x01;
    const d = (await verify(bad)).body.data;
    expect(d.verdict).toBe("ALTERED");
    expect(d.summary).toBe("Altered after sealing");
    expect(d.signatures[0]).toMatchObject({ digestMatches: false, outcome: "FAILED", failed: { reason: "HASH_FAILURE" } });
    expect(d.document).toBeNull();
  });

  it("bytes appended after the seal: altered, and nothing about the request", async () => {
    const d = (await verify(new Uint8Array([...sealed, ...Buffer.from("\n%%EOF\n")]))).body.data;
    expect(d.verdict).toBe("ALTERED");
    expect(d.signatures[0]).toMatchObject({ coversWholeFile: false, bytesAfter: 7 });
    expect(d.document).toBeNull();
  });

  it("a repainted page is altered, whatever its new stream or the trailer's /Info says", async () => {
    const base = await describeBase(sealed);
    const tricks = [
      append(base, [{ num: base.contents, body: stream("/Type /Metadata /Subtype /XML", RED) }]),
      append(base, [{ num: base.contents, body: stream("", RED) }], { trailer: ` /Info ${base.contents} 0 R` }),
      append(base, [{ num: base.contents, body: stream("/Type /DSS", RED) }], { xrefStream: true }),
    ];
    for (const pdf of tricks) {
      const r = await verify(pdf);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ verdict: "ALTERED", document: null });
      expect(r.body.data.modifications.join(" ")).toMatch(/page 1's content stream \(object \d+\)/);
    }
  });

  describe("a document time-stamp from an authority this service does not trust", () => {
    // Made with `openssl ts`, named like a public authority.
    let tsa: TestTsa;
    beforeAll(async () => {
      tsa = await startTestTsa({
        name: "DigiCert SHA256 RSA4096 Timestamp Responder 2025 1",
        organization: "DigiCert, Inc.",
        caName: "DigiCert Trusted G4 TimeStamping RSA4096 SHA256 2025 CA1",
      });
    });
    afterAll(() => tsa.close());

    it("appended to the sealed B-B PDF: still valid and ours, the level stays B-B, the time-stamp is reported untrusted", async () => {
      const prepared = await prepareDocumentTimestamp(sealed, 8192);
      const nonceHex = newNonce();
      const { token } = await readTimestampResponse(await askTsa(tsa, prepared.imprint, nonceHex), {
        digest: prepared.imprint,
        nonceHex,
      });
      const d = (await verify(fillDocumentTimestamp(prepared.pdf, token))).body.data;
      expect(d).toMatchObject({ verdict: "VALID", level: "B-B", modifications: [], document: { title: "Signing test" } });
      expect(d.signatures[1]).toMatchObject({
        kind: "document-timestamp",
        signatureVerifies: true,
        signerTrusted: false,
        timestamp: {
          verified: true,
          trusted: false,
          tsa: expect.stringContaining("CN=DigiCert SHA256 RSA4096 Timestamp Responder"),
        },
      });
      expect(d.reasons).toContain(
        "Document time-stamp 2 is present (CN=DigiCert SHA256 RSA4096 Timestamp Responder 2025 1, O=DigiCert, Inc.), but its authority is not one this service trusts; its time is not vouched for",
      );
    });
  });

  it("a file signed with this server's certificate but not on its record: valid seal, no request details", async () => {
    const { p12, password } = await signingCertificate();
    const other = await signPdf(await simplePdf([{ text: "Never a request" }]), { p12, password, reason: "test" });
    const d = (await verify(other)).body.data;
    expect(d.verdict).toBe("VALID");
    expect(d.document).toBeNull();
  });

  it("a PDF Signet never sealed: unsigned, or signed by another certificate", async () => {
    let d = (await verify(await simplePdf())).body.data;
    expect(d).toMatchObject({
      verdict: "NOT_SEALED_BY_SERVICE",
      summary: "Not sealed by this service",
      signed: false,
      signatures: [],
      document: null,
      level: null,
    });
    const foreign = await runEngine("createSelfSignedP12", ["Another Service"]);
    d = (await verify(await signPdf(await simplePdf(), { p12: foreign.p12, password: foreign.password, reason: "theirs" }))).body
      .data;
    expect(d).toMatchObject({ verdict: "NOT_SEALED_BY_SERVICE", signed: true, sealedByThisService: false, document: null });
    expect(d.signatures[0]).toMatchObject({ signatureVerifies: true, isSealingCertificate: false });
    expect(d.signatures[0]?.signer.subject).toContain("CN=Another Service");
  });

  describe("a PDF signed by another tool", () => {
    const cades: CmsOptions = { form: "signed-attributes", digest: "sha256", scheme: { kind: "rsa-pkcs1" } };

    it("changed after its signature, then signed again over the change: not sealed here, and the change after signature 1 named", async () => {
      const alice = makeSigner("rsa", "Alice Elsewhere");
      const signed = await signedWith(await simplePdf([{ text: "Pay 100 EUR" }]), alice, "ETSI.CAdES.detached", cades);
      const doc = await PDFDocument.load(signed, { updateMetadata: false });
      const snap = snapshotObjects(doc, signed);
      doc.getPage(0).drawRectangle({ x: 60, y: 600, width: 300, height: 80, color: rgb(1, 0, 0) });
      const changed = (await writeIncrementalUpdate(signed, doc, snap))!;
      const shadowed = await signedWith(changed, makeSigner("rsa", "Mallory Elsewhere"), "ETSI.CAdES.detached", cades);
      const r = await verify(shadowed);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const d = r.body.data;
      expect(d).toMatchObject({ verdict: "NOT_SEALED_BY_SERVICE", modifications: [], document: null });
      expect(d.signatures).toHaveLength(2);
      expect(d.signatures[0]).toMatchObject({ outcome: "PASSED", signatureVerifies: true });
      expect(d.signatures[0]?.modificationsAfter.join(" ")).toMatch(/page 1's content stream/);
      expect(d.signatures[1]).toMatchObject({ outcome: "PASSED", modificationsAfter: [] });
      expect(d.reasons.join(" ")).toMatch(/The file was changed after signature 1 \(CN=Alice Elsewhere\) was made/);
    });

    it("with an algorithm Signet does not check: INDETERMINATE with its reason, not a broken signature", async () => {
      const pdf = await signedWith(await simplePdf(), makeSigner("rsa", "Odd Tool"), "ETSI.CAdES.detached", {
        ...cades,
        scheme: { kind: "unknown", oid: "1.2.3.4.5" },
      });
      const d = (await verify(pdf)).body.data;
      expect(d.verdict).toBe("NOT_SEALED_BY_SERVICE");
      expect(d.signatures[0]).toMatchObject({
        outcome: "INDETERMINATE",
        failed: null,
        indeterminate: { reason: "UNSUPPORTED_ALGORITHM", detail: expect.stringContaining("1.2.3.4.5") },
      });
      expect(d.reasons.join(" ")).toMatch(/Signature 1 \(CN=Odd Tool\) could not be checked/);
    });
  });

  it("bad inputs: the error envelope with a 4xx", async () => {
    const ip = nextIp();
    const noFile = await call("POST", V, { form: { other: "x" }, ip });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ code: 400, data: null });
    expect(noFile.body.errors[0]?.field).toBe("file");

    const json = await call("POST", V, { json: { file: "x" }, ip });
    expect(json.status).toBe(415);

    const text = await verify(new Uint8Array(Buffer.from("just some text, not a PDF")), ip, "notes.txt");
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      code: 415,
      statusText: "Unsupported Media Type",
      message: "The file is not a PDF",
      data: null,
    });

    expect((await verify(new Uint8Array(0), ip)).status).toBe(400);

    const broken = await verify(new Uint8Array(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF\n")), ip);
    expect(broken.status).toBe(422);
    expect(broken.body.details?.reason).toMatch(/UNPARSEABLE|NOT_PDF/);

    const was = process.env.MAX_UPLOAD_MB;
    process.env.MAX_UPLOAD_MB = "1";
    try {
      const huge = await verify(new Uint8Array(2 * 1024 * 1024), nextIp());
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe(413);
    } finally {
      if (was === undefined) delete process.env.MAX_UPLOAD_MB;
      else process.env.MAX_UPLOAD_MB = was;
    }

    expect((await call("GET", V, { ip })).status).toBe(405);
  });

  it("is limited per client address: 429 with Retry-After, other addresses unaffected", async () => {
    process.env.VERIFY_RATE_LIMIT_IP = "3";
    try {
      const ip = nextIp();
      const junk = new Uint8Array(Buffer.from("not a pdf"));
      for (let i = 0; i < 3; i++) expect((await verify(junk, ip)).status).toBe(415);
      const limited = await verify(junk, ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 429, data: null });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await verify(junk, nextIp())).status).toBe(415);
    } finally {
      delete process.env.VERIFY_RATE_LIMIT_IP;
    }
  });
});
