// npm run corpus: judges verifyPdf against the EU DSS library's own test PDFs and what its JUnit tests conclude
// about them (test/corpus/). The PDFs are DSS's and are not in this repository: DSS_CORPUS_DIR names a copy of
// esig/dss's dss-pades/src/test/resources/validation/, or DSS_CORPUS_GIT a bare clone of esig/dss.
// `--report <file.json>` also writes the per-file agreements and differences; `--doc` rewrites
// docs/dss-corpus.md from this run (whether it passed or not: the document says what the run found);
// `--doc --from <file.json>` writes it from an earlier run's report, without running again.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./lib/setup.mjs";

const args = process.argv.slice(2);
const env = { ...process.env };
const take = (flag, withValue) => {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = withValue ? args[at + 1] : true;
  args.splice(at, withValue ? 2 : 1);
  return value;
};
const report = take("--report", true);
const doc = take("--doc", false);
const from = take("--from", true);
if (doc && from) {
  writeDoc(JSON.parse(fs.readFileSync(from, "utf8")));
  process.exit(0);
}
if (report || doc) env.DSS_CORPUS_REPORT = path.resolve(report ?? path.join(os.tmpdir(), `dss-corpus-${process.pid}.json`));

const r = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--config", "test/corpus/vitest.config.mts", ...args], {
  cwd: root,
  env,
  stdio: "inherit",
});
if (doc) {
  if (fs.existsSync(env.DSS_CORPUS_REPORT)) writeDoc(JSON.parse(fs.readFileSync(env.DSS_CORPUS_REPORT, "utf8")));
  else console.error("[corpus] no report was written: docs/dss-corpus.md left as it was");
}
process.exit(r.status ?? 1);

function writeDoc(run) {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(root, "test/corpus", f), "utf8"));
  const manifest = read("dss-expectations.json");
  const known = read("known-differences.json").differences;
  const byFile = new Map(run.files.map((f) => [f.file, f]));
  // The same rule as accountedBy in test/corpus/dss-judge.ts (this script is plain JavaScript).
  const reasonOf = (d) => {
    const candidates = known.filter(
      (k) =>
        k.file === d.file && (k.signature === "all" || k.signature === d.signature) && k.rule === d.rule && k.aspect === d.aspect,
    );
    const whole = candidates.find((k) => k.match === undefined);
    if (whole) return whole.reason;
    const lines = d.details?.length ? d.details : [d.signet];
    const used = new Set();
    for (const line of lines) {
      const k = candidates.find((c) => line.includes(c.match));
      if (!k) return undefined;
      used.add(k.reason);
    }
    return [...used].join(" ");
  };
  const cell = (s) => String(s).replaceAll("|", "\\|").replaceAll("\n", " ");
  const all = run.files.flatMap((f) => f.differences);
  const count = (p) => all.filter(p).length;
  const agreements = run.files.reduce((n, f) => n + f.agreements, 0);
  const unjudged = run.files.reduce((n, f) => n + f.unjudged, 0);
  const kinds = (e) => e.signatures.map((s) => (s.kind === "signature" ? "S" : "T")).join("");
  const lines = [
    "# Signet's verify judged by the EU DSS library's test corpus",
    "",
    "Written by `npm run corpus -- --doc` (scripts/dss-corpus.mjs); do not edit by hand.",
    "",
    `The PDFs are those of [esig/dss](${manifest.source.repository}) at ${manifest.source.commit.slice(0, 10)},`,
    `\`${manifest.source.directory}\`; they are not in this repository. What DSS concludes about each is read from`,
    "its JUnit tests and written down, with the test and the assertions it comes from, in",
    "`test/corpus/dss-expectations.json`; the differences that remain, each with its reason (Decided: on purpose;",
    "Open: to fix), are in `test/corpus/known-differences.json` and docs/api.md, Verify. Rules: Signet never calls intact a",
    "signature DSS finds broken or cannot check, nor unchanged a revision DSS finds changed (a miss); and it",
    "raises no alarm where DSS finds the signature intact and the revision unchanged (a false alarm).",
    "",
    `Run at ${(run.ranAt ?? new Date().toISOString()).slice(0, 16).replace("T", " ")} UTC on Signet ${run.signet ?? "(commit not recorded)"},`,
    `${run.files.length} files (${manifest.files.length} in the manifest).`,
    "",
    "| | count |",
    "|---|---|",
    `| per-signature judgements that agree | ${agreements} |`,
    `| judgements Signet's report cannot be compared on (no per-signature list of changes) | ${unjudged} |`,
    `| differences | ${all.length} (${count((d) => reasonOf(d))} known, ${count((d) => !reasonOf(d))} not) |`,
    `| — misses | ${count((d) => d.rule === "miss")} |`,
    `| — false alarms | ${count((d) => d.rule === "false-alarm")} |`,
    "",
    "## Differences",
    "",
    "| file | sig. | rule | aspect | Signet | DSS | reason |",
    "|---|---|---|---|---|---|---|",
    ...all.map(
      (d) =>
        `| ${cell(d.file)} | ${d.signature ?? "file"} | ${d.rule} | ${d.aspect} | ${cell(d.signet)} | ${cell(d.dss)} | ${cell(reasonOf(d) ?? "**not listed**")} |`,
    ),
    "",
    "## Every file",
    "",
    "Signatures in the order their signed bytes end: S a signature, T a document time-stamp.",
    "",
    "| file | DSS test | signatures | agree | not comparable | differences |",
    "|---|---|---|---|---|---|",
    ...manifest.files.map((e) => {
      const f = byFile.get(e.file);
      if (!f) return `| ${cell(e.file)} | ${e.dssTest} | ${kinds(e)} | not run | | |`;
      const d = f.differences.map((x) => `${x.signature ?? "file"}: ${x.rule} (${x.aspect})`).join("; ");
      return `| ${cell(e.file)} | ${cell(e.dssTest)} | ${kinds(e)} | ${f.agreements} | ${f.unjudged || ""} | ${cell(d || "—")} |`;
    }),
    "",
    "## Left out",
    "",
    ...manifest.leftOut.map((l) => `- ${l.files.map((f) => `\`${f}\``).join(", ")}: ${l.why}.`),
    "",
  ];
  fs.writeFileSync(path.join(root, "docs/dss-corpus.md"), lines.join("\n"));
  console.log("[corpus] wrote docs/dss-corpus.md");
}
