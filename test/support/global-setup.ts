// Once per test run: bundle the document engine's worker (.engine/worker.mjs), which the engine's
// thread pool loads, so the tests run today's lib/pdf and lib/docx.
export default async function setup() {
  // @ts-expect-error -- a plain .mjs script without type declarations
  const { buildEngine } = await import("../../scripts/build-engine.mjs");
  await buildEngine();
}
