// What the repository's prose says: the docs (docs/*.md, README.md) and the comments of its source files, and
// the repository paths and issue numbers mentioned in them. The gates in mentions.test.ts read these.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { root } from "./import-graph";

/** One piece of prose: where it is (file and first line) and its text. */
export interface Prose {
  file: string;
  line: number;
  text: string;
}

/** The repository's tracked files (git ls-files), relative to the root. */
export function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
}

/** The documentation: README.md and docs/*.md, each line one piece of prose. */
export function docProse(files = trackedFiles()): Prose[] {
  return files
    .filter((f) => f === "README.md" || /^docs\/[^/]+\.md$/.test(f))
    .filter((f) => fs.existsSync(path.join(root, f)))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .map((text, i) => ({ file, line: i + 1, text })),
    );
}

const SOURCE = /\.(tsx?|mts|cts|[cm]?js)$/;

/** The comments of one source text (line and block comments, JSX comments too), found by TypeScript's parser. */
export function commentsOf(text: string, fileName = "source.ts"): { line: number; text: string }[] {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const found: { line: number; text: string }[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      found.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (n: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, n.pos));
    take(ts.getTrailingCommentRanges(text, n.end));
    for (const child of n.getChildren(source)) visit(child);
  };
  visit(source);
  return found.sort((a, b) => a.line - b.line);
}

/**
 * Every comment of every tracked source file that could hold what the gates look for (a path from a top-level
 * folder, an issue or ticket, a "#" and a digit, an absolute home path): parsing only those keeps the gate fast.
 */
export function commentProse(files = trackedFiles()): Prose[] {
  const worthParsing = new RegExp(`${pathStart().source}|\\b(?:issues?|tickets?)\\b|#\\d|/(?:work|home|Users)/`, "i");
  return files
    .filter((f) => SOURCE.test(f) && !f.endsWith(".d.ts") && fs.existsSync(path.join(root, f)))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return worthParsing.test(text) ? commentsOf(text, file).map((c) => ({ file, ...c })) : [];
    });
}

/** The repository's top-level folders a path mention starts with. */
export const TOP_FOLDERS = [".ci", "app", "bench", "components", "docs", "e2e", "lib", "public", "scripts", "test"];

/** Where a path mention begins: a top-level folder and a slash, not inside a longer path or word. */
const pathStart = () =>
  new RegExp(String.raw`(?<![\w./@~-])(?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/`, "g");

/** A file name's ending that makes a mention a file's path (rather than a folder's or a route's). */
const FILE_ENDING = /\.(tsx?|mts|cts|[cm]?js|md|json|sql|py|css|ya?ml|sh|html|pdf|docx|png|txt)$/;

/**
 * The repository paths a piece of prose names: a top-level folder, a slash, then path characters, ending in a
 * file's extension ("lib/server/http/route.ts", "test/api/<name>.test.ts", "app/sign/[token]/page.tsx"). A pattern
 * is not a path: a mention followed or made of a wildcard or placeholder (`*`, `<…>`, `{…}`, `…`, `...`,
 * `$`) is left out.
 */
export function pathMentions(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(pathStart())) {
    // A Markdown link's text and target are two mentions: "[docs/api.md](docs/api.md)".
    let mention = /^[\w@()[\].\/+-]*/.exec(text.slice(m.index))![0].split("](")[0]!;
    const next = text[m.index + mention.length] ?? "";
    if (/[*<{…$]/.test(next) || mention.includes("...") || mention.includes("//")) continue;
    // Sentence punctuation and a closing bracket of the prose around it are not part of the path.
    while (/[.)\]]$/.test(mention)) {
      const last = mention.at(-1)!;
      const open = last === ")" ? "(" : last === "]" ? "[" : null;
      if (open && mention.split(open).length > mention.split(last).length - 1) break;
      mention = mention.slice(0, -1);
    }
    if (FILE_ENDING.test(mention)) found.push(mention);
  }
  return found;
}

/**
 * Other projects whose issue numbers the docs may cite ("documenso #844", "DocuSeal #15"): a number written
 * right after one of these names is theirs. Every other "issue N", "issues N and M", "ticket N" or bare "#N"
 * is this project's, and a reader of the docs cannot follow it: the docs say what the code does instead.
 */
export const EXTERNAL_PROJECTS = [
  "documenso",
  "docuseal",
  "dss",
  "next.js",
  "nextjs",
  "pdf-lib",
  "pdf.js",
  "poppler",
  "react",
  "zod",
];

/**
 * This project's issue numbers named in a line of prose. Code spans (`…`) are quoted text (a tool's output such
 * as `Signature #2`, a PDF name such as `#00`) and are not read; "#" inside a word (PKCS#12, &#60;) is not a
 * number sign.
 */
export function issueMentions(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length));
  const found: string[] = [];
  const pattern = /\b(?:issues?|tickets?)\s+#?\d+(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)#?\d+)*|(?<![\w&/#])#\d+\b/gi;
  for (const m of prose.matchAll(pattern)) {
    const before =
      prose
        .slice(0, m.index)
        .trimEnd()
        .split(/[\s(]+/)
        .at(-1)
        ?.toLowerCase() ?? "";
    // The project's name as written, without the quotes or punctuation around it ("documenso #844", DocuSeal's #15).
    if (EXTERNAL_PROJECTS.includes(before.replace(/^[^\w]+|(?:'s)?[^\w.]*$/g, ""))) continue;
    found.push(m[0]);
  }
  return found;
}

const TEST_FUNCTIONS = new Set(["describe", "it", "test"]);

/** The titles a test file gives its tests and groups: the first argument of describe, it and test (it.each, test.describe, …). */
export function testTitlesOf(text: string, fileName = "source.test.ts"): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; text: string }[] = [];
  const leftmost = (e: ts.Expression): ts.Expression =>
    ts.isPropertyAccessExpression(e) ? leftmost(e.expression) : ts.isCallExpression(e) ? leftmost(e.expression) : e;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = leftmost(n.expression);
      const title = n.arguments[0];
      if (
        ts.isIdentifier(callee) &&
        TEST_FUNCTIONS.has(callee.text) &&
        title &&
        (ts.isStringLiteral(title) || ts.isTemplateLiteral(title))
      )
        found.push({ line: source.getLineAndCharacterOfPosition(title.getStart(source)).line + 1, text: title.getText(source) });
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** The titles of every tracked test file (vitest's *.test.ts, Playwright's *.spec.ts) that could name an issue. */
export function testTitleProse(files = trackedFiles()): Prose[] {
  return files
    .filter((f) => /\.(test|spec)\.tsx?$/.test(f) && fs.existsSync(path.join(root, f)))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return /\b(?:issues?|tickets?)\b|#\d/i.test(text) ? testTitlesOf(text, file).map((t) => ({ file, ...t })) : [];
    });
}
