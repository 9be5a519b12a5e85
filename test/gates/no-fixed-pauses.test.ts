import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Tests wait for the event they need (a log line, an answer, a file, expect.poll, vi.waitFor, Playwright's
// auto-waiting) or hold the clock the code reads (lib/server/clock.ts): a fixed pause is too short on a
// loaded machine and wasted on a quiet one. A pause may only space the tries of a bounded poll, inside
// its loop, and says so on its line; Playwright's waitForTimeout never.

const root = path.resolve(import.meta.dirname, "../..");
const self = path.relative(root, import.meta.filename);

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(rel, keep, out);
    } else if (keep(rel)) out.push(rel);
  }
  return out;
}

const PAUSE = /await\s+new\s+Promise\s*(?:<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\s*,/;
const HELPER_PAUSE = /await\s+(?:sleep|pause|delay)\(/;
/** A pause that spaces the tries of a bounded poll or retry says so on its line. */
const BETWEEN_TRIES = /\/\/.*\b(?:poll|retry)/i;

/** Lines (1-based) of `text` that pause without saying they space a poll's tries, or call waitForTimeout at all. */
export function fixedPauses(text: string): number[] {
  const hits: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (/\.waitForTimeout\(/.test(line)) hits.push(i + 1);
    else if ((PAUSE.test(line) || HELPER_PAUSE.test(line)) && !BETWEEN_TRIES.test(line)) hits.push(i + 1);
  });
  return hits;
}

describe("no fixed pauses in tests", () => {
  it("the check bites: a pause and waitForTimeout are found; a poll's interval that says so is not", () => {
    expect(fixedPauses(`it("x", async () => {\n  await new Promise((r) => setTimeout(r, 300));\n});`)).toEqual([2]);
    expect(fixedPauses(`  await sleep(50);`)).toEqual([1]);
    expect(fixedPauses(`  await page.waitForTimeout(500);`)).toEqual([1]);
    expect(
      fixedPauses(
        `while (!(await ready())) {\n  if (Date.now() > end) throw new Error("timed out");\n  await new Promise((r) => setTimeout(r, 200)); // between a bounded poll's tries\n}`,
      ),
    ).toEqual([]);
    // A loop nearby does not make a pause a poll's: "time for a duplicate" after a loop is still a pause.
    expect(fixedPauses(`for (const j of jobs) check(j);\nawait new Promise((r) => setTimeout(r, 1500));`)).toEqual([2]);
  });

  it("none in test/, lib/**/*.test.ts or e2e/", () => {
    const files = [
      ...walk("test", (f) => /\.(?:ts|mts|tsx)$/.test(f)),
      ...walk("lib", (f) => /\.test\.(?:ts|tsx)$/.test(f)),
      ...walk("e2e", (f) => /\.(?:ts|mts)$/.test(f)),
    ].filter((f) => f !== self);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => fixedPauses(fs.readFileSync(path.join(root, f), "utf8")).map((line) => `${f}:${line}`));
    expect(found).toEqual([]);
  });
});
