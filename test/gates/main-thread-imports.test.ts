// The server's main thread does not load the document engine's libraries. PDF, DOCX and image work runs in
// the engine's worker threads (lib/engine, bundled apart as .engine/worker.mjs); the main thread only asks.
// A static import from the server's code that reaches pdf-lib, pdf.js, fontkit, @signpdf, docxtemplater,
// xmldom, jpeg-js or pngjs — often through a barrel file for one constant — puts megabytes of code and data
// into every server process at start (the engine's chunk was loaded by instrumentation.ts, for
// CERTIFICATE_PAGE_SIZE, TEXT_LAYER_VERSION and the like). Such a constant lives in a light module of its own.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageOf, resolveSource, root, runtimeImportsOf, sourceFiles, targetOf, UNREADABLE } from "./import-graph";

/** The engine's libraries: loaded by its worker threads only. */
const ENGINE_ONLY = new Set([
  "@cantoo/pdf-lib",
  "@pdf-lib/fontkit",
  "pdfjs-dist",
  "@signpdf/signpdf",
  "@signpdf/utils",
  "docxtemplater",
  "@xmldom/xmldom",
  "jpeg-js",
  "pngjs",
]);

const isClientFile = (file: string) => /^\s*["']use client["']/.test(fs.readFileSync(file, "utf8"));

/** What the server process evaluates: lib/server, the app's server files, instrumentation.ts and proxy.ts. */
function mainThreadEntries(): string[] {
  return [
    ...sourceFiles(path.join(root, "lib/server")),
    ...sourceFiles(path.join(root, "app")).filter((f) => !isClientFile(f)),
    path.join(root, "instrumentation.ts"),
    path.join(root, "proxy.ts"),
  ];
}

/**
 * Each engine-only package the entries reach by static imports, with the chain that reaches it, and each
 * import that cannot be read. `extra`: source texts to add as if they were files (a test's back-edge).
 */
function reach(entries: string[], extra: Map<string, string> = new Map()) {
  const parent = new Map<string, string>();
  const seen = new Set(entries);
  const queue = [...entries];
  const found = new Map<string, string>();
  const unreadable: string[] = [];
  const chain = (file: string) => {
    const out = [file];
    for (let f = parent.get(file); f; f = parent.get(f)) out.push(f);
    return out.map((f) => path.relative(root, f)).join(" ← ");
  };
  while (queue.length) {
    const file = queue.shift()!;
    const text = extra.get(file) ?? fs.readFileSync(file, "utf8");
    for (const spec of runtimeImportsOf(text, file)) {
      if (spec === UNREADABLE) {
        unreadable.push(path.relative(root, file));
        continue;
      }
      const target = targetOf(file, spec);
      if (!target) {
        const pkg = packageOf(spec);
        if (ENGINE_ONLY.has(pkg) && !found.has(pkg)) found.set(pkg, chain(file));
        continue;
      }
      const next = resolveSource(target);
      if (!next || seen.has(next)) continue;
      seen.add(next);
      parent.set(next, file);
      queue.push(next);
    }
  }
  return { found, unreadable };
}

describe("the server's main thread", () => {
  it("loads none of the document engine's libraries by a static import", () => {
    const { found, unreadable } = reach(mainThreadEntries());
    expect(unreadable).toEqual([]);
    expect([...found].map(([pkg, via]) => `${pkg} via ${via}`)).toEqual([]);
  });

  it("bites: a value imported from a barrel that loads pdf-lib; a require() at the top of a module", () => {
    for (const text of [
      `import { CERTIFICATE_PAGE_SIZE } from "@/lib/pdf/seal";`,
      `import { CERTIFICATE_PAGE_SIZE, type SealOptions } from "@/lib/pdf/seal";`,
      `export { verifyPdf } from "@/lib/pdf/verify";`,
      `const { PDFDocument } = require("@cantoo/pdf-lib");`,
      `import x = require("pngjs");`,
    ]) {
      const file = path.join(root, "lib/server/added-by-the-test.ts");
      const { found } = reach([file], new Map([[file, text]]));
      expect(found.size, text).toBeGreaterThan(0);
    }
  });

  it("lets pass what the compiler erases or what loads only when it runs", () => {
    for (const text of [
      `import type { SealOptions } from "@/lib/pdf/seal";`,
      `import { type SealOptions, type SealResult } from "@/lib/pdf/seal";`,
      `export type { PdfVerification } from "@/lib/pdf/verify";`,
      `export async function later() { const { verifyPdf } = await import("@/lib/pdf/verify"); return verifyPdf; }`,
      `export function later() { return require("@cantoo/pdf-lib"); }`,
    ]) {
      const file = path.join(root, "lib/server/added-by-the-test.ts");
      const { found } = reach([file], new Map([[file, text]]));
      expect([...found.keys()], text).toEqual([]);
    }
  });
});
