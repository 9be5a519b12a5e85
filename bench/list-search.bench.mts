/**
 * The list's search. `GET /signature-requests?q=` finds a request by a recipient's
 * e-mail among 10,000 requests (two recipients each, one organization, beside 2,000 of another) on a
 * PostgreSQL server, through the use case the route calls (listRequests). The baseline, in the same run,
 * is the list's first page without `q` (the scope index alone). Goal: under 50 ms, and EXPLAIN shows the
 * trigram index (requests_search_idx). Run by scripts/bench.mjs.
 */
import { sql } from "drizzle-orm";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../scripts/lib/postgres.mjs";

const N = Number(process.env.BENCH_REQUESTS || 10_000);
const RUNS = 30;
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const pg = await startTestPostgres();
  process.env.DATABASE_URL = pg.url;
  try {
    const { getDb } = await import("../lib/server/db");
    const { listRequests } = await import("../lib/server/requests/list-requests");
    const { authenticateKey } = await import("../lib/server/auth/authenticate");
    const { makeOrg } = await import("../test/support/api");
    const db = await getDb();
    const org = await makeOrg();
    const other = await makeOrg();
    const fill = async (orgId: string, n: number, tag: string) => {
      // Requests, then two recipients each: the triggers keep search_text as the API's writes would.
      await db.execute(sql`
        insert into signature_requests (org_id, environment, title, status, created_at)
        select ${orgId}::uuid, 'SANDBOX', 'Agreement ' || ${tag} || ' no. ' || g, 'IN_PROGRESS',
               now() - (g || ' minutes')::interval
        from generate_series(1, ${n}) g`);
      await db.execute(sql`
        insert into recipients (request_id, email, name, signing_order)
        select r.id, 'person.' || ${tag} || '.' || k || '.' || split_part(r.title, 'no. ', 2) || '@example.com',
               'Person ' || k || ' of ' || r.title, k
        from signature_requests r cross join generate_series(1, 2) k
        where r.org_id = ${orgId}::uuid`);
      // Each request's one document, then its first version, as the API makes them.
      await db.execute(sql`
        insert into request_documents (request_id, position, name)
        select r.id, 1, r.title from signature_requests r where r.org_id = ${orgId}::uuid`);
      await db.execute(sql`
        insert into document_versions (request_id, document_id, version, sha256, size, page_count, pages, reason)
        select d.request_id, d.id, 1, repeat('0', 64), 1000, 1, '[{"width":612,"height":792}]'::jsonb, 'ORIGINAL'
        from request_documents d join signature_requests r on r.id = d.request_id where r.org_id = ${orgId}::uuid`);
    };
    const t0 = performance.now();
    await fill(org.orgId, N, "a");
    await fill(other.orgId, Math.round(N / 5), "b");
    await db.execute(sql`analyze`);
    const fillMs = Math.round(performance.now() - t0);

    const auth = await authenticateKey(org.sandboxKey, "127.0.0.1", null);
    const target = `person.a.2.${Math.round(N * 0.73)}@example.com`;
    const time = async (q: { q?: string }) => {
      const xs: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const page = await listRequests(auth, { limit: 20, ...q });
        xs.push(performance.now() - s);
        found = page.items.length;
      }
      return { ms: median(xs), found };
    };
    await time({}); // warm-up
    const base = await time({});
    const search = await time({ q: target });
    if (search.found !== 1) throw new Error(`the search found ${search.found} requests, not 1`);
    const word = await time({ q: "agreement a no. 42" });
    const explained = (await db.execute(sql`
        explain select id from signature_requests
        where org_id = ${org.orgId}::uuid and environment = 'SANDBOX' and search_text like ${`%${target}%`}
        order by created_at desc, id desc limit 21`)) as unknown as { rows: { "QUERY PLAN": string }[] };
    const plan = explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
    const usesIndex = plan.includes("requests_search_idx");
    if (!usesIndex) throw new Error(`EXPLAIN does not show requests_search_idx:\n${plan}`);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    const markdown = [
      `${N.toLocaleString("en")} requests with two recipients each in one organization (and ${Math.round(N / 5).toLocaleString("en")} in another), on a PostgreSQL 15 server; \`listRequests\` (what \`GET /signature-requests\` runs), median of ${RUNS} calls after a warm-up. Filled in ${fillMs} ms (the triggers writing \`search_text\`).`,
      "",
      "| | time | ratio to the first page |",
      "|---|---|---|",
      `| First page, no \`q\` (baseline: the scope index) | ${f(base.ms)} | 1.0 |`,
      `| \`q\` = a recipient's e-mail (1 found) | **${f(search.ms)}** (goal < 50 ms) | ${(search.ms / base.ms).toFixed(1)} |`,
      `| \`q\` = words of a title ("agreement a no. 42", ${word.found} found) | ${f(word.ms)} | ${(word.ms / base.ms).toFixed(1)} |`,
      "",
      "EXPLAIN of the search:",
      "",
      "```",
      plan,
      "```",
    ].join("\n");
    console.error(`list search: ${f(search.ms)} for one e-mail among ${N}, first page ${f(base.ms)}`);
    console.log(JSON.stringify({ title: "Searching the requests list", markdown }));
  } finally {
    pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
