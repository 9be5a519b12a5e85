// npm run bench: runs every bench/*.bench.ts (or .mts) in turn (never two at once: the machine is small and
// shared) and writes docs/benchmarks.md. Each benchmark prints, as its last line, a JSON object
// { title, markdown }; its figures are ratios against a baseline measured in the same run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ensureNpmPackages, log, root } from "./lib/setup.mjs";

ensureNpmPackages();
// Benchmarks run the built server (placer, responsiveness) and the engine's worker bundle: both built
// from today's sources together, never one without the other.
await ensureBuild();
const only = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(root, "bench"))
  .filter((f) => (f.endsWith(".bench.ts") || f.endsWith(".bench.mts")) && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
const sections = [];
let failed = 0;
for (const f of files) {
  log(`bench ${f}`);
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("bench", f)], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const last = r.stdout.trim().split("\n").at(-1) ?? "";
  try {
    if (r.status !== 0) throw new Error(`exit ${r.status}`);
    const { title, markdown } = JSON.parse(last);
    sections.push(`## ${title}\n\n${markdown.trim()}\n`);
    console.log(markdown);
  } catch (e) {
    failed++;
    sections.push(`## ${f}\n\nFailed: ${e.message}\n`);
    console.error(r.stdout);
  }
}
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const out = `# Benchmarks

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu},
${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. The machine is shared and noisy, so each
figure is a ratio against a baseline measured in the same run, next to the absolute times.

${sections.join("\n")}`;
const file = path.join(root, "docs", "benchmarks.md");
if (only.length === 0) fs.writeFileSync(file, out);
else if (fs.existsSync(file)) {
  // `npm run bench <name>`: only the sections measured now are replaced (or added), each marked with
  // the day it was measured; the others keep the day of the full run named in the header.
  const today = new Date().toISOString().slice(0, 10);
  const doc = fs.readFileSync(file, "utf8");
  const head = doc.slice(0, doc.search(/^## /m) === -1 ? doc.length : doc.search(/^## /m));
  const kept = doc
    .slice(head.length)
    .split(/^(?=## )/m)
    .filter(Boolean);
  const titleOf = (s) => s.split("\n", 1)[0];
  for (const section of sections) {
    const marked = section.replace(/\n/, `\n\n_Measured on its own with \`npm run bench\` on ${today}._\n`);
    const at = kept.findIndex((k) => titleOf(k) === titleOf(section));
    if (at === -1) kept.push(marked);
    else kept[at] = marked;
  }
  fs.writeFileSync(file, `${head}${kept.map((k) => `${k.trimEnd()}\n`).join("\n")}`);
}
process.exit(failed ? 1 : 0);
