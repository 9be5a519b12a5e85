/**
 * PAdES B-T / B-LT / B-LTA through the real seal job, with a real RFC 3161 authority on loopback
 * (openssl ts -reply, test/support/tsa.ts), and the TSA failing in the ways a seal must survive.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { checkSealingConfig } from "@/lib/server/config";
import { lastSignatureData, signatureTimestampToken } from "@/lib/pdf/seal/timestamp";
import { call, makeOrg } from "../support/api";
import { pdfsig, qpdfCheck } from "../support/seal-fixtures";
import { certificateLines, retrySealNow, sealedDocument, sealJob, signedRequest, versionReasons } from "../support/sealing";
import { qpdfJson, startTestTsa, verifyToken, type TestTsa } from "../support/tsa";
import { itemAt } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";
const TSA_ENV = ["TSA_URL", "TSA_CA_FILE", "TSA_USERNAME", "TSA_PASSWORD", "PADES_LEVEL", "TRUST_BUNDLE_FILE"] as const;

let ipCounter = 0;
/** POST /api/v1/verify from an address of its own (the endpoint is limited per address): the answer's data. */
async function verified(pdf: Uint8Array) {
  const r = await call("POST", "/api/v1/verify", {
    form: { file: { data: pdf, name: "sealed.pdf", type: "application/pdf" } },
    ip: `203.0.113.${++ipCounter}`,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** Entries of the catalog's /DSS (/Certs, /OCSPs, /CRLs; all 0 without a DSS), read with qpdf --json. */
async function dssCounts(pdf: Uint8Array): Promise<{ certs: number; ocsps: number; crls: number }> {
  const objects = (await qpdfJson(pdf)).qpdf[1];
  const isDict = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  const dictAt = (ref: unknown) => {
    const v = objects[`obj:${String(ref)}`]?.value;
    if (!isDict(v)) throw new Error(`qpdf --json: object ${String(ref)} is not a dictionary`);
    return v;
  };
  const trailer = objects.trailer?.value;
  if (!isDict(trailer)) throw new Error("qpdf --json: no trailer");
  const root = dictAt(trailer["/Root"]);
  const dssEntry = root["/DSS"];
  const dss = typeof dssEntry === "string" ? dictAt(dssEntry) : isDict(dssEntry) ? dssEntry : {};
  const n = (k: string) => {
    const entries = dss[k];
    return Array.isArray(entries) ? entries.length : 0;
  };
  return { certs: n("/Certs"), ocsps: n("/OCSPs"), crls: n("/CRLs") };
}

/** A one-signer request of a new organization, signed and sealed by the seal job; the sealed PDF and pdfsig's report. */
async function sealOne(email: string, name: string) {
  const key = (await makeOrg()).sandboxKey;
  const id = await signedRequest(key, { email, name });
  await runDueJobs(); // the seal
  const sealed = await sealedDocument(key, id);
  return { key, id, sealed, report: await pdfsig(sealed) };
}

describe("seals with a timestamp authority", () => {
  let tsa: TestTsa;
  beforeAll(async () => {
    tsa = await startTestTsa({ name: "Loopback TSA" });
  });
  afterEach(() => {
    for (const k of TSA_ENV) delete process.env[k];
    tsa.mode = "ok";
    tsa.plan = [];
  });
  afterAll(() => tsa.close());

  const useTsa = (level?: string) => {
    process.env.TSA_URL = tsa.url;
    process.env.TSA_CA_FILE = tsa.caFile;
    if (level) process.env.PADES_LEVEL = level;
  };

  it("B-LTA through the seal job: timestamped signature, /DSS, and a document timestamp as the last revision", async () => {
    useTsa("B-LTA");
    process.env.TSA_USERNAME = "signet";
    process.env.TSA_PASSWORD = "s3cret";
    const key = (await makeOrg()).sandboxKey;
    const id = await signedRequest(key, { email: "lta@example.com", name: "Lena Longterm" });
    const before = tsa.requests;
    await runDueJobs(); // the seal
    expect((await call("GET", `${SR}/${id}`, { key })).body.data).toMatchObject({ status: "COMPLETED", sealError: null });
    expect(tsa.requests - before).toBe(3); // the probe, the signature timestamp, the document timestamp
    expect(tsa.authorizations.at(-1)).toBe(`Basic ${Buffer.from("signet:s3cret").toString("base64")}`);

    const sealed = await sealedDocument(key, id);
    const report = await pdfsig(sealed);
    const [seal, docTs] = report.split(/Signature #2:/);
    expect(seal).toContain("Signature is Valid.");
    expect(seal).toContain("Not total document signed"); // the DSS and the document timestamp follow it
    expect(docTs).toContain("Signet document timestamp");
    expect(docTs).toContain("Total document signed");
    expect(await qpdfCheck(sealed)).toContain("No syntax or stream encoding errors");

    // The seal's CMS carries a token over its signature value that openssl accepts.
    const { token, imprint } = signatureTimestampToken(sealed, 0);
    expect(await verifyToken(tsa, token!, imprint)).toContain("Verification: OK");
    // The last revision is the document timestamp, over every byte but its own /Contents.
    const last = lastSignatureData(sealed);
    expect(itemAt(last.byteRange, 2) + itemAt(last.byteRange, 3)).toBe(sealed.length);
    expect(await verifyToken(tsa, last.der, last.digest)).toContain("Verification: OK");
    // The signer's certificate, the TSA's and its CA.
    expect(await dssCounts(sealed)).toEqual({ certs: 3, ocsps: 0, crls: 0 });

    const text = await certificateLines(sealed);
    expect(text).toContain("PAdES level B-LTA");
    expect(text).toContain("Timestamp authority Loopback TSA, Signet Tests");
    expect(text).toMatch(/Sealing certificate CN=Signet document sealing \(self-signed\)/);

    // Verify: the TSA's CA is TSA_CA_FILE, so both time-stamps are vouched for and the level is B-LTA.
    let v = await verified(sealed);
    expect(v).toMatchObject({ verdict: "VALID", level: "B-LTA", timestamp: { verified: true, trusted: true } });
    expect(v.timestamp.tsa).toBe("CN=Loopback TSA, O=Signet Tests");
    expect(v.signatures[0]).toMatchObject({ isSealingCertificate: true, signerTrusted: true });
    expect(v.signatures[1]).toMatchObject({ kind: "document-timestamp", signerTrusted: true, timestamp: { trusted: true } });

    // The same file once the TSA's CA is no longer configured: still VALID, but its times are not vouched for.
    delete process.env.TSA_CA_FILE;
    v = await verified(sealed);
    expect(v).toMatchObject({ verdict: "VALID", level: "B-B", timestamp: { verified: true, trusted: false } });
    expect(v.signatures[1]).toMatchObject({ signerTrusted: false, timestamp: { verified: true, trusted: false } });
    expect(v.reasons.join(" ")).toContain(
      "The seal has a time-stamp (CN=Loopback TSA, O=Signet Tests), but its authority is not one this service trusts; its time is not vouched for",
    );
    // …and with the CA in the operator's bundle, B-LTA again.
    process.env.TRUST_BUNDLE_FILE = tsa.caFile;
    v = await verified(sealed);
    expect(v).toMatchObject({ verdict: "VALID", level: "B-LTA", timestamp: { trusted: true } });
  });

  it("B-T: the one signature stays valid over the whole document, with its timestamp inside", async () => {
    useTsa("B-T");
    const { sealed, report } = await sealOne("bt@example.com", "Tom Timestamp");
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).not.toContain("Signature #2");
    const { token, imprint } = signatureTimestampToken(sealed);
    expect(await verifyToken(tsa, token!, imprint)).toContain("Verification: OK");
    expect(await dssCounts(sealed)).toEqual({ certs: 0, ocsps: 0, crls: 0 });
    expect(await verified(sealed)).toMatchObject({ verdict: "VALID", level: "B-T", timestamp: { trusted: true } });
  });

  it("B-LT by default with TSA_URL: a /DSS after the signature, no document timestamp", async () => {
    useTsa();
    const { sealed, report } = await sealOne("blt@example.com", "Liv Longterm");
    expect(report).toContain("Signature is Valid.");
    expect(report).not.toContain("Signature #2");
    expect(await dssCounts(sealed)).toEqual({ certs: 3, ocsps: 0, crls: 0 });
    expect(await certificateLines(sealed)).toContain("PAdES level B-LT");
    expect(await verified(sealed)).toMatchObject({ verdict: "VALID", level: "B-LT", timestamp: { trusted: true } });
  });

  it("B-LT with a TSA whose certificate names an OCSP responder: its response goes into /DSS /OCSPs", async () => {
    const withOcsp = await startTestTsa({ name: "OCSP TSA", revocation: "ocsp" });
    try {
      process.env.TSA_URL = withOcsp.url;
      process.env.TSA_CA_FILE = withOcsp.caFile;
      const { sealed, report } = await sealOne("ocsp@example.com", "Otto Ocsp");
      expect(withOcsp.ocspRequests).toBe(1);
      expect(await dssCounts(sealed)).toEqual({ certs: 3, ocsps: 1, crls: 0 });
      expect(report).toContain("Signature is Valid.");
    } finally {
      await withOcsp.close();
    }
  });

  it("a TSA that is down, answers garbage or replays an old token: retried, nothing stored; then sealed", async () => {
    useTsa("B-LTA");
    const key = (await makeOrg()).sandboxKey;
    const id = await signedRequest(key, { email: "flaky@example.com", name: "Fay Flaky" });
    const db = await getDb();

    tsa.mode = "http-error"; // the probe fails: no document work at all
    await runDueJobs();
    let job = await sealJob(id);
    expect(job).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(job.lastError).toContain("answered HTTP 503");

    tsa.plan = ["ok", "garbage"]; // the probe passes, the signature's token is garbage
    await retrySealNow(id);
    job = await sealJob(id);
    expect(job).toMatchObject({ status: "QUEUED", attempts: 2 });
    expect(job.lastError).toMatch(/not DER|not a TimeStampResp/);

    tsa.plan = ["ok", "ok", "replay"]; // the document timestamp's answer is the last one again: its nonce and imprint differ
    await retrySealNow(id);
    job = await sealJob(id);
    expect(job).toMatchObject({ status: "QUEUED", attempts: 3 });
    expect(job.lastError).toMatch(/messageImprint|nonce/);

    tsa.plan = ["ok", "wrong-content-type"];
    await retrySealNow(id);
    expect((await sealJob(id)).lastError).toContain('content type "text/html"');

    // After every failed attempt: still in progress, no seal error shown, no sealed version stored.
    expect((await call("GET", `${SR}/${id}`, { key })).body.data).toMatchObject({ status: "IN_PROGRESS", sealError: null });
    expect(await versionReasons(id)).not.toContain("SEALED");

    tsa.mode = "ok";
    await retrySealNow(id);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data).toMatchObject({ status: "COMPLETED", sealError: null });
    expect(await versionReasons(id)).toContain("SEALED");
    const last = lastSignatureData(await sealedDocument(key, id));
    expect(await verifyToken(tsa, last.der, last.digest)).toContain("Verification: OK");

    // A TSA that keeps failing until the last attempt: the request says so, in the TSA's words.
    const id2 = await signedRequest(key, { email: "down@example.com", name: "Dan Down" });
    await db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.id, (await sealJob(id2)).id));
    tsa.mode = "garbage";
    await runDueJobs();
    expect(await sealJob(id2)).toMatchObject({ status: "FAILED", attempts: 1 });
    const failed = (await call("GET", `${SR}/${id2}`, { key })).body.data;
    expect(failed.status).toBe("IN_PROGRESS");
    expect(failed.sealError).toMatchObject({ code: "TIMESTAMP_FAILED", message: expect.stringContaining("timestamp authority") });
    expect(await versionReasons(id2)).not.toContain("SEALED");
  });

  it("without a TSA: B-B as before, one signature over the whole document, no /DSS", async () => {
    const before = tsa.requests;
    const { sealed, report } = await sealOne("bb@example.com", "Bea Basic");
    expect(report).toContain("Signature is Valid.");
    expect(report).toContain("Total document signed");
    expect(report).not.toContain("Signature #2");
    expect(signatureTimestampToken(sealed).token).toBeUndefined();
    expect(await dssCounts(sealed)).toEqual({ certs: 0, ocsps: 0, crls: 0 });
    const text = await certificateLines(sealed);
    expect(text).toContain("PAdES level B-B");
    expect(text).not.toContain("Timestamp authority");
    expect(tsa.requests).toBe(before);
    expect(await verified(sealed)).toMatchObject({ verdict: "VALID", level: "B-B", timestamp: null });
  });

  it("refuses at start-up a level that needs a TSA without TSA_URL, and an unknown level; warns of a TSA with no trust anchor", () => {
    process.env.PADES_LEVEL = "B-LT";
    expect(() => checkSealingConfig()).toThrow("PADES_LEVEL=B-LT needs a timestamp authority: set TSA_URL");
    process.env.PADES_LEVEL = "B-X";
    expect(() => checkSealingConfig()).toThrow(/PADES_LEVEL must be one of B-B, B-T, B-LT, B-LTA/);
    process.env.PADES_LEVEL = "B-B";
    expect(() => checkSealingConfig()).not.toThrow();
    useTsa("B-LTA");
    process.env.TSA_CA_FILE = "/nonexistent/ca.pem";
    expect(() => checkSealingConfig()).toThrow(/TSA_CA_FILE/);
    process.env.TSA_CA_FILE = tsa.caFile;
    expect(checkSealingConfig()).toEqual([]);
    // A TSA with nothing to trust it by: the server starts, and warns that /verify cannot vouch for its time-stamps.
    delete process.env.TSA_CA_FILE;
    expect(checkSealingConfig().join(" ")).toMatch(/TSA_URL is set without TSA_CA_FILE or TRUST_BUNDLE_FILE/);
    process.env.TSA_CA_FILE = tsa.caFile;
    process.env.TRUST_BUNDLE_FILE = "/nonexistent/bundle.pem";
    expect(() => checkSealingConfig()).toThrow("TRUST_BUNDLE_FILE names a file that does not exist: /nonexistent/bundle.pem");
    process.env.TRUST_BUNDLE_FILE = `${tsa.dir}/serial`;
    expect(() => checkSealingConfig()).toThrow(/TRUST_BUNDLE_FILE holds no PEM certificate/);
  });
});
