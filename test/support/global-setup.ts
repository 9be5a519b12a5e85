// Once per test run: bundle the document engine's worker (.engine/worker.mjs), which the engine's
// thread pool loads, so the tests run today's lib/pdf and lib/docx. On a PostgreSQL server
// (TEST_DATABASE_URL), migrate the database each test file copies (test/support/pg-databases.ts), and drop
// this run's databases at its end.
export default async function setup() {
  // @ts-expect-error -- a plain .mjs script without type declarations
  const { buildEngine } = await import("../../scripts/build-engine.mjs");
  await buildEngine();
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return;
  const { dropTestDatabases, makeTemplateDatabase, newRunId } = await import("./pg-databases");
  const runId = newRunId();
  // The test files' processes are started after this and inherit these.
  process.env.SIGNET_TEST_PG_RUN = runId;
  process.env.SIGNET_TEST_PG_TEMPLATE = await makeTemplateDatabase(server, runId);
  return () => dropTestDatabases(server, runId);
}
