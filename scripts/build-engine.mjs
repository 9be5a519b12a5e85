// Bundles the document engine's worker (lib/engine/worker.ts, with lib/pdf and lib/docx) into
// .engine/worker.mjs, the file the server's worker-thread pool loads. Run by the build (scripts/lib/
// setup.mjs), by the tests' global setup, and by `npm run dev`; takes well under a second.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const engineWorkerFile = path.join(root, ".engine", "worker.mjs");

/** How the engine's code is bundled (esbuild): one ES module for Node 20, as the server's worker threads load it. */
export const engineBundleOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: path.join(root, "tsconfig.json"),
  // Bundled CommonJS packages require Node's own modules: give the ES module a require.
  banner: {
    js: "import { createRequire as __signetRequire } from 'node:module'; const require = __signetRequire(import.meta.url);",
  },
  // Without white-space and with shorter syntax (names kept, for stacks and profiles): every engine thread
  // holds its modules' source text, 6 MB of it as written.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
};

export async function buildEngine() {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: { worker: path.join(root, "lib/engine/worker.ts") },
    outdir: path.dirname(engineWorkerFile),
    // The tasks' modules load when a thread first runs one (lib/engine/tasks.ts `lazy`): chunks beside worker.mjs.
    splitting: true,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    ...engineBundleOptions,
    sourcemap: "linked",
    write: false,
  });
  // Each file is written beside its place and renamed into it: a test run or a server loading the worker while
  // another build writes it (npm test builds while the PostgreSQL run goes) reads the old file or the new, whole.
  // Chunks are named by their hash: those of earlier builds are left for a process that still runs them, and
  // those of today's are written before the entry that imports them.
  const outputs = result.outputFiles.toSorted(
    (a, b) => Number(a.path === engineWorkerFile) - Number(b.path === engineWorkerFile),
  );
  for (const out of outputs) {
    fs.mkdirSync(path.dirname(out.path), { recursive: true });
    const temp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, out.contents);
    fs.renameSync(temp, out.path);
  }
  // Chunks of builds more than an hour old that today's entry does not import go.
  const chunks = path.join(path.dirname(engineWorkerFile), "chunks");
  const current = new Set(outputs.map((o) => o.path));
  for (const f of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    const file = path.join(chunks, f);
    if (!current.has(file) && Date.now() - fs.statSync(file).mtimeMs > 3600_000) fs.rmSync(file, { force: true });
  }
  return engineWorkerFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildEngine();
}
