/**
 * A backup of the embedded store while the server answers. The store holds
 * BENCH_REQUESTS (10,000) requests with two recipients, a document version and three audit events each,
 * and 100 distinct PDFs. `npm run signet -- backup` asks the running server for the archive while four
 * clients keep reading the list (GET /signature-requests). Reported: the backup's time and size, and the
 * list's latency during it against the same load without a backup (the baseline, same run). The server's
 * other statements wait while the tables are read (PGlite is one session); the documents are copied after.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "../lib/server/db";
import { bootstrap } from "../lib/server/bootstrap";
import { blobs } from "../lib/server/blobs/store";
import { callServer } from "../test/support/http-api";
import { root, startServer } from "../test/support/server-process";

const N = Number(process.env.BENCH_REQUESTS || 10_000);
/** Every archive is encrypted and authenticated with the backup key: one for this run, given to the server and the command. */
const BACKUP_KEY = crypto.randomBytes(32).toString("base64");
const PDFS = 100;
const CLIENTS = 4;
const KEY = "signet_test_" + "B".repeat(16) + "ackupBench012345";
const SR = "/api/v1/enterprise/signature-requests";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-backup-"));

async function fill() {
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = "";
  process.env.SIGNET_BOOTSTRAP_KEY = KEY;
  const db = await getDb();
  const { orgId } = await bootstrap();
  const shas: string[] = [];
  for (let i = 0; i < PDFS; i++) {
    const d = await PDFDocument.create();
    const font = await d.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 3; p++)
      d.addPage([612, 792]).drawText(`Agreement ${i}, page ${p + 1}`, { x: 72, y: 700, size: 14, font });
    shas.push((await blobs().put(await d.save())).sha256);
  }
  await db.execute(sql`
    insert into signature_requests (org_id, environment, title, status, created_at)
    select ${orgId}::uuid, 'SANDBOX', 'Agreement no. ' || g, 'IN_PROGRESS', now() - (g || ' minutes')::interval
    from generate_series(1, ${N}) g`);
  await db.execute(sql`
    insert into recipients (request_id, email, name, signing_order)
    select r.id, 'person.' || k || '.' || split_part(r.title, 'no. ', 2) || '@example.com', 'Person ' || k, k
    from signature_requests r cross join generate_series(1, 2) k`);
  // Each request's one document, then its first version, as the API makes them.
  await db.execute(sql`
    insert into request_documents (request_id, position, name)
    select r.id, 1, r.title from signature_requests r`);
  await db.execute(sql`
    insert into document_versions (request_id, document_id, version, sha256, size, page_count, pages, reason)
    select d.request_id, d.id, 1, (${`{${shas.join(",")}}`}::text[])[1 + (abs(hashtext(d.request_id::text)) % ${PDFS})], 1000, 3,
           '[{"width":612,"height":792},{"width":612,"height":792},{"width":612,"height":792}]'::jsonb, 'ORIGINAL'
    from request_documents d`);
  await db.execute(sql`
    insert into audit_events (request_id, type, actor, data)
    select r.id, e, 'api-key:signet_test_BBBB', jsonb_build_object('title', r.title, 'note', repeat('x', 120))
    from signature_requests r cross join unnest(array['request.created', 'recipient.added', 'request.sent']) e`);
  await closeDb();
}

const percentile = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Four clients reading the list until `until` resolves; each call's latency. */
async function load(url: string, until: Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!done) {
        const t = performance.now();
        const r = await callServer(url, KEY, "GET", `${SR}?limit=20`);
        if (r.status !== 200) throw new Error(`list: ${r.status}`);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

function backup(out: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ["scripts/signet.mjs", "backup", "--out", out], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", BACKUP_KEY },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (d) => (text += d));
    child.stderr.on("data", (d) => (text += d));
    child.on("exit", (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(text))));
  });
}

async function main() {
  await fill();
  const s = await startServer({ DATA_DIR: dir, SIGNET_BOOTSTRAP_KEY: KEY, RATE_LIMIT_SANDBOX: "100000000", BACKUP_KEY });
  try {
    await load(s.url, new Promise((r) => setTimeout(r, 3000))); // warm
    const baseline = await load(s.url, new Promise((r) => setTimeout(r, 10_000)));
    const out = path.join(dir, "backup.tar.gz.enc");
    let ms = 0;
    const during = await load(
      s.url,
      backup(out).then((t) => (ms = t)),
    );
    const size = fs.statSync(out).size;
    const f = (x: number) => `${x.toFixed(0)} ms`;
    const row = (name: string, xs: number[]) =>
      `| ${name} | ${xs.length} | ${f(percentile(xs, 0.5))} | ${f(percentile(xs, 0.99))} | ${f(Math.max(...xs))} |`;
    const markdown = `
The embedded store with ${N.toLocaleString("en")} requests (two recipients, a document version and three audit events
each) and ${PDFS} PDFs. \`npm run signet -- backup\` asks the running server for the archive while ${CLIENTS} clients
keep reading the list. The baseline is the same load without a backup, in the same run.

| | value |
|---|---|
| backup, the command's whole time (tables, documents, the check of the archive) | **${(ms / 1000).toFixed(1)} s** |
| archive | ${(size / 2 ** 20).toFixed(1)} MiB |

| list calls | calls | p50 | p99 | slowest |
|---|---|---|---|---|
${row("without a backup (baseline)", baseline)}
${row("while the backup runs", during)}

p99 during the backup: **${(percentile(during, 0.99) / percentile(baseline, 0.99)).toFixed(1)}×** the baseline's. The slowest call waited for the
tables' snapshot: PGlite is one session, so the server's statements wait while the rows are read. The
documents are copied after, and the server answers meanwhile. With a PostgreSQL server the snapshot
holds nothing up.
`;
    console.log(JSON.stringify({ title: "Backup while the server answers", markdown }));
  } finally {
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
