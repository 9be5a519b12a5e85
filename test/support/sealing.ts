import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "@cantoo/pdf-lib";
import { getDb } from "@/lib/server/db";
import { documentVersions, jobs } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call } from "./api";
import { firstOf } from "./expect-helpers";
import { pdfTextLines } from "./pdf-fixtures";
import { sentRequest, tokenOf } from "./signing";

const SR = "/api/v1/enterprise/signature-requests";

/** A one-signer request, sent and signed (a typed signature, "CTO" as job title): its seal job is queued, not run. */
export async function signedRequest(key: string, signer: { email: string; name: string }): Promise<string> {
  const { id, recipientIds } = await sentRequest(key, [{ ...signer, order: 1 }]);
  await runDueJobs(); // the invitation
  const token = await tokenOf(firstOf(recipientIds, "recipientIds"));
  const view = (await call("GET", `/api/sign/${token}`)).body.data;
  const values = view.fields
    .filter((f: { type: string }) => f.type !== "DATE")
    .map((f: { id: string; type: string }) =>
      f.type === "TEXT" ? { fieldId: f.id, text: "CTO" } : { fieldId: f.id, typed: signer.name },
    );
  const res = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return id;
}

/** The request's seal job (one per request in these tests); an error when it has none. */
export async function sealJob(requestId: string) {
  const db = await getDb();
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, "seal"), sql`${jobs.payload}->>'requestId' = ${requestId}`));
  if (!job) throw new Error(`request ${requestId} has no seal job`);
  return job;
}

/** Makes the seal job due now (its backoff skipped) and runs due jobs. */
export async function retrySealNow(requestId: string) {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, (await sealJob(requestId)).id));
  await runDueJobs();
}

/** The reasons of the request's document versions, oldest first (a SEALED one exists once the seal is stored). */
export async function versionReasons(requestId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.requestId, requestId))
    .orderBy(documentVersions.version);
  return rows.map((r) => r.reason);
}

/** The request's sealed PDF as the API serves it. */
export async function sealedDocument(key: string, requestId: string): Promise<Uint8Array> {
  return new Uint8Array(await (await call("GET", `${SR}/${requestId}/document`, { key })).raw.arrayBuffer());
}

/** The certificate of completion's text line by line as it looks (pdfTextLines): its pages follow the document's `documentPages`. */
export async function certificateLines(pdf: Uint8Array, documentPages = 1): Promise<string> {
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const lines: string[] = [];
  for (let p = documentPages + 1; p <= pages; p++) lines.push(await pdfTextLines(pdf, p));
  return lines.join("\n");
}
