/**
 * Adobe's predefined CMaps (PDF 32000-1, 9.7.5.2: 90ms-RKSJ-H, UniJIS-UCS2-H, GBK-EUC-H, ...) and
 * the Unicode of each CID of the four CJK character collections (Adobe-<Ordering>-UCS2), read at
 * first use from pdfjs-dist, a dependency already (it renders pages in the browser), which ships
 * them in pdf.js's binary form in `pdfjs-dist/cmaps/`. poppler reads the same tables from
 * poppler-data. Parsed maps are kept for the life of the process.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CodeCMap, MAX_USECMAP_DEPTH, UnicodeCMap } from "./cmap";

let dir: string | undefined;

/**
 * The directory of pdfjs-dist's binary CMaps, found from this module (the engine's bundle in
 * .engine/ resolves node_modules as the sources do).
 */
export function cmapDirectory(): string {
  dir ??= path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "cmaps");
  return dir;
}

function readBcmap(name: string): Uint8Array | undefined {
  // The name comes from the PDF: only names Adobe gives CMaps, never a path.
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/.test(name)) return undefined;
  try {
    return new Uint8Array(fs.readFileSync(path.join(cmapDirectory(), `${name}.bcmap`)));
  } catch {
    return undefined;
  }
}

const codeCMaps = new Map<string, CodeCMap | null>();

/**
 * A predefined CMap by name: Identity-H and Identity-V, or one of pdfjs-dist's; undefined when
 * there is no such CMap (or its file cannot be read). A `usecmap` chain deeper than
 * MAX_USECMAP_DEPTH, or one that comes back to a CMap on it, stops there.
 */
export function predefinedCMap(name: string, chain: string[] = []): CodeCMap | undefined {
  if (name === "Identity-H" || name === "Identity-V") return CodeCMap.identity(name === "Identity-V");
  const cached = codeCMaps.get(name);
  if (cached !== undefined) return cached ?? undefined;
  if (chain.includes(name) || chain.length >= MAX_USECMAP_DEPTH) return undefined;
  const data = readBcmap(name);
  let cmap: CodeCMap | null = null;
  if (data) {
    try {
      cmap = CodeCMap.fromBinary(data, (used) => predefinedCMap(used, [...chain, name]));
    } catch {
      cmap = null;
    }
  }
  codeCMaps.set(name, cmap);
  return cmap ?? undefined;
}

/** The collections poppler-data has a CID -> Unicode table for (poppler's cidToUnicode files). */
const COLLECTIONS = new Set(["Adobe-CNS1", "Adobe-GB1", "Adobe-Japan1", "Adobe-Korea1"]);

const cidUnicode = new Map<string, UnicodeCMap | null>();

/** CID -> Unicode of a character collection ("Adobe-Japan1"), or undefined for any other. */
export function collectionUnicode(collection: string): UnicodeCMap | undefined {
  if (!COLLECTIONS.has(collection)) return undefined;
  let map = cidUnicode.get(collection);
  if (map === undefined) {
    const data = readBcmap(`${collection}-UCS2`);
    try {
      map = data ? UnicodeCMap.fromBinary(data) : null;
    } catch {
      map = null;
    }
    cidUnicode.set(collection, map);
  }
  return map ?? undefined;
}
