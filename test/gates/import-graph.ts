// What a source file imports, read by TypeScript's own parser so that no form of import slips past a gate:
// static imports and re-exports (type-only too), side-effect imports, `import x = require(…)`, dynamic
// `import(…)`, `require(…)` and `typeof import(…)` types. A specifier is read when it is a string or a
// template without a substitution; a computed one is read only when it resolves a named module
// (`createRequire(…).resolve("pdfjs-dist/…")`, whose target is that module) — any other is unreadable, and
// the gates treat an unreadable import as a failure, never as "no edge".
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const root = path.resolve(import.meta.dirname, "../..");

/** Stands for an import whose target the parser cannot read. */
export const UNREADABLE = "<unreadable>";

const literalText = (node: ts.Node): string | null =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;

/** A computed specifier's target: the module it resolves by name, or UNREADABLE. */
function computedTarget(expr: ts.Node): string {
  let found: string | null = null;
  const visit = (n: ts.Node) => {
    if (
      !found &&
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === "resolve" &&
      n.arguments.length === 1
    )
      found = literalText(n.arguments[0]!);
    if (!found) ts.forEachChild(n, visit);
  };
  visit(expr);
  return found ?? UNREADABLE;
}

/** The module specifiers a source text imports, in the order they appear. */
export function importsOf(text: string, fileName = "source.ts"): string[] {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const specs: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) {
      specs.push(literalText(n.moduleSpecifier) ?? UNREADABLE);
    } else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) {
      specs.push(literalText(n.moduleReference.expression) ?? UNREADABLE);
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)) {
      specs.push(literalText(n.argument.literal) ?? UNREADABLE);
    } else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === "require"))
    ) {
      const arg = n.arguments[0];
      specs.push(arg ? (literalText(arg) ?? computedTarget(arg)) : UNREADABLE);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return specs;
}

/**
 * The modules a source text loads when it is evaluated: static imports and re-exports that bring a value
 * (`import type`, `export type` and imports whose every name is `type …` are erased by the compiler), side-
 * effect imports, `import x = require(…)` and a top-level `require(…)`. Dynamic `import(…)` is not here: it
 * loads when it runs. A specifier that cannot be read is UNREADABLE.
 */
export function runtimeImportsOf(text: string, fileName = "source.ts"): string[] {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const specs: string[] = [];
  const typeOnlyNames = (names: readonly { isTypeOnly: boolean }[]) => names.length > 0 && names.every((n) => n.isTypeOnly);
  for (const n of source.statements) {
    if (ts.isImportDeclaration(n)) {
      const c = n.importClause;
      const typeOnly =
        !!c &&
        (c.isTypeOnly ||
          (!c.name && !!c.namedBindings && ts.isNamedImports(c.namedBindings) && typeOnlyNames(c.namedBindings.elements)));
      if (!typeOnly) specs.push(literalText(n.moduleSpecifier) ?? UNREADABLE);
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier) {
      const typeOnly =
        n.isTypeOnly || (!!n.exportClause && ts.isNamedExports(n.exportClause) && typeOnlyNames(n.exportClause.elements));
      if (!typeOnly) specs.push(literalText(n.moduleSpecifier) ?? UNREADABLE);
    } else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) {
      if (!n.isTypeOnly) specs.push(literalText(n.moduleReference.expression) ?? UNREADABLE);
    } else {
      const visit = (m: ts.Node): void => {
        if (ts.isFunctionLike(m)) return; // a require() inside a function runs when it is called
        if (ts.isCallExpression(m) && ts.isIdentifier(m.expression) && m.expression.text === "require") {
          const arg = m.arguments[0];
          specs.push(arg ? (literalText(arg) ?? computedTarget(arg)) : UNREADABLE);
        }
        ts.forEachChild(m, visit);
      };
      visit(n);
    }
  }
  return specs;
}

/** The file a specifier resolved by targetOf names (with its extension or index file), or null. */
export function resolveSource(target: string): string | null {
  for (const c of [target, ...[".ts", ".tsx", ".mts", ".mjs", ".js"].map((e) => target + e), path.join(target, "index.ts")])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** The package a bare specifier names: "@scope/name" or "name" ("pdfjs-dist/legacy/x" → "pdfjs-dist"). */
export const packageOf = (spec: string): string =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;

/** Every source file (TypeScript or JavaScript, tests excluded) under `dir`. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(p);
    return /\.(tsx?|[cm]?js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The absolute path a specifier points at inside the repository, or null for a package ("zod", "node:fs"). */
export function targetOf(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return path.join(root, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
  return null;
}

/** node → node it imports → the files (relative to the root) that make the edge. */
export type Graph = Map<string, Map<string, string[]>>;

/**
 * The graph of imports between the nodes of `dir` (a node: a top-level folder or file of it, extension
 * dropped). Imports that leave `dir` are not edges; unreadable ones are collected in `unreadable`.
 */
export function importGraph(dir: string): { graph: Graph; unreadable: string[] } {
  const nodeOf = (abs: string) =>
    path
      .relative(dir, abs)
      .split(path.sep)[0]!
      .replace(/\.(tsx?|[cm]?js)$/, "");
  const graph: Graph = new Map();
  const unreadable: string[] = [];
  for (const file of sourceFiles(dir)) {
    const from = nodeOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importsOf(fs.readFileSync(file, "utf8"), file)) {
      if (spec === UNREADABLE) {
        unreadable.push(path.relative(root, file));
        continue;
      }
      const target = targetOf(file, spec);
      if (!target || !target.startsWith(dir + path.sep)) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), path.relative(root, file)]);
    }
  }
  return { graph, unreadable };
}

/** The strongly connected components of more than one node (Tarjan): each is a loop. */
export function loops(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** A copy of `graph` with one more edge, as a test's back-edge. */
export const withEdge = (graph: Graph, from: string, to: string): Graph => {
  const copy: Graph = new Map([...graph].map(([k, v]) => [k, new Map(v)]));
  if (!copy.has(from)) copy.set(from, new Map());
  copy.get(from)!.set(to, [`${from}/added-by-the-test.ts`]);
  return copy;
};

/** The graph of `dir` with the edges one more source text would add, as if it were `file`. */
export function withFile(graph: Graph, dir: string, file: string, text: string): Graph {
  const from = path.relative(dir, file).split(path.sep)[0]!;
  let copy = graph;
  for (const spec of importsOf(text, file)) {
    const target = targetOf(file, spec);
    if (!target || !target.startsWith(dir + path.sep)) continue;
    const to = path
      .relative(dir, target)
      .split(path.sep)[0]!
      .replace(/\.(tsx?|[cm]?js)$/, "");
    if (to !== from) copy = withEdge(copy, from, to);
  }
  return copy;
}
