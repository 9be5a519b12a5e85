/**
 * The EU DSS library's PAdES test PDFs as a judge of verifyPdf (npm run corpus; not part of the default run).
 * The files are DSS's and stay outside this repository: they are read from DSS_CORPUS_DIR (a copy of
 * esig/dss's dss-pades/src/test/resources/validation/) or else from a git mirror of esig/dss (DSS_CORPUS_GIT,
 * a bare repository) at the commit the manifest names. Each file's SHA-256 must be the manifest's: a
 * conclusion is only worth what the exact file it was drawn from.
 *
 * Signet must never call intact what DSS's tests find broken or changed, and must not raise a false alarm
 * where they find it intact and unchanged, except the differences known-differences.json lists with a reason;
 * a listed difference that no longer occurs fails too, so the list stays true.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PdfError } from "@/lib/pdf/errors";
import { verifyPdf } from "@/lib/pdf/verify";
import { accountedBy, judge, type Difference, type KnownDifference, type Manifest } from "./dss-judge";

const here = import.meta.dirname;
const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(here, "dss-expectations.json"), "utf8"));
const known: KnownDifference[] = JSON.parse(fs.readFileSync(path.join(here, "known-differences.json"), "utf8")).differences;

const DEFAULT_GIT = "/work/.mirror/esig+dss/repo";

function corpusReader(): ((file: string) => Buffer) | string {
  const dir = process.env.DSS_CORPUS_DIR;
  if (dir) {
    if (!fs.existsSync(dir)) return `DSS_CORPUS_DIR ${dir} does not exist`;
    return (file) => fs.readFileSync(path.join(dir, file));
  }
  const git = process.env.DSS_CORPUS_GIT ?? DEFAULT_GIT;
  if (!fs.existsSync(git))
    return `no corpus: set DSS_CORPUS_DIR to esig/dss's ${manifest.source.directory}, or DSS_CORPUS_GIT to a bare clone`;
  return (file) =>
    execFileSync(
      "git",
      [`--git-dir=${git}`, "cat-file", "blob", `${manifest.source.commit}:${manifest.source.directory}${file}`],
      {
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
}

const read = corpusReader();
const used = new Set<KnownDifference>();
const summary: { file: string; agreements: number; unjudged: number; differences: Difference[] }[] = [];

describe("DSS's test corpus", () => {
  it("is readable", () => {
    expect(typeof read === "string" ? read : "ok").toBe("ok");
  });

  for (const entry of manifest.files) {
    it(entry.file, async () => {
      if (typeof read === "string") return;
      const bytes = read(entry.file);
      expect(crypto.createHash("sha256").update(bytes).digest("hex"), "the file is not the one the manifest describes").toBe(
        entry.sha256,
      );
      let result: Awaited<ReturnType<typeof verifyPdf>> | { error: string };
      try {
        result = await verifyPdf(new Uint8Array(bytes));
      } catch (e) {
        // A refusal is an answer (the API's 4xx); anything else is a bug in the verifier.
        if (!(e instanceof PdfError)) throw e;
        result = { error: `${e.kind}: ${e.message}` };
      }
      const j = judge(entry, result);
      summary.push({ file: entry.file, agreements: j.agreements, unjudged: j.unjudged, differences: j.differences });
      const unexpected = j.differences.filter((d) => {
        const by = accountedBy(known, d);
        by?.forEach((k) => used.add(k));
        return !by;
      });
      expect(unexpected, "differences from DSS not in known-differences.json").toEqual([]);
    });
  }

  it("lists only differences that still occur", () => {
    if (typeof read === "string") return;
    const stale = known.filter((k) => !used.has(k));
    expect(stale, "known differences that no longer occur (remove them)").toEqual([]);
  });

  afterAll(() => {
    const out = process.env.DSS_CORPUS_REPORT;
    if (!out) return;
    const git = (...a: string[]) => execFileSync("git", a, { encoding: "utf8" }).trim();
    // Which verifier was judged: the commit, and whether lib/pdf/verify differed from it.
    const signet = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "lib/pdf/verify") ? " (lib/pdf/verify changed since)" : ""}`;
    const report = { ranAt: new Date().toISOString(), signet, commit: manifest.source.commit, files: summary };
    fs.writeFileSync(out, JSON.stringify(report, null, 2));
  });
});
