// npm run corpus: judges verifyPdf against the EU DSS library's own test PDFs and what its JUnit tests conclude
// about them (test/corpus/). The PDFs are DSS's and are not in this repository: DSS_CORPUS_DIR names a copy of
// esig/dss's dss-pades/src/test/resources/validation/, or DSS_CORPUS_GIT a bare clone of esig/dss.
// `npm run corpus -- --report <file.json>` also writes the per-file agreements and differences.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { root } from "./lib/setup.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--report");
const env = { ...process.env };
if (at >= 0) {
  env.DSS_CORPUS_REPORT = path.resolve(args[at + 1] ?? "dss-corpus-report.json");
  args.splice(at, 2);
}
const r = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--config", "test/corpus/vitest.config.mts", ...args], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(r.status ?? 1);
