// Bundles the document engine's worker (lib/engine/worker.ts, with lib/pdf and lib/docx) into
// .engine/worker.mjs, the file the server's worker-thread pool loads. Run by the build (scripts/lib/
// setup.mjs), by the tests' global setup, and by `npm run dev`; takes well under a second.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const engineWorkerFile = path.join(root, ".engine", "worker.mjs");

export async function buildEngine() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(root, "lib/engine/worker.ts")],
    outfile: engineWorkerFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    // Bundled CommonJS packages require Node's own modules: give the ES module a require.
    banner: {
      js: "import { createRequire as __signetRequire } from 'node:module'; const require = __signetRequire(import.meta.url);",
    },
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  // Each file is written beside its place and renamed into it: a test run or a server loading the worker while
  // another build writes it (npm test builds while the PostgreSQL run goes) reads the old file or the new, whole.
  fs.mkdirSync(path.dirname(engineWorkerFile), { recursive: true });
  for (const out of result.outputFiles) {
    const temp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, out.contents);
    fs.renameSync(temp, out.path);
  }
  return engineWorkerFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildEngine();
}
