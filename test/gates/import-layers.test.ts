// The layers of lib/server, enforced: each top-level folder (or file) of lib/server is one node; an import
// from one node to another is an edge. The graph may have no loop, and no edge may run up from a lower
// layer to a higher one. docs/architecture.md lists the same layers ("Layers of lib/server").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const server = path.join(root, "lib/server");

/** Low to high. A node may import its own layer's nodes (without a loop) and any lower layer's. */
const LAYERS: { name: string; nodes: string[] }[] = [
  {
    name: "foundation",
    nodes: [
      "api-keys",
      "audit",
      "auth",
      "blobs",
      "clock",
      "config",
      "convert",
      "cursor",
      "db",
      "engine",
      "errors",
      "i18n",
      "jobs",
      "limits",
      "log",
      "metrics",
      "notify",
      "secrets",
      "timestamp",
      "tokens",
    ],
  },
  { name: "model and outbound", nodes: ["bootstrap", "documents", "mail", "model", "webhooks"] },
  { name: "core", nodes: ["fields", "staff", "turns"] },
  {
    name: "use cases",
    nodes: ["anchors", "backup", "bulk", "purge", "recipients", "requests", "signing", "templates", "verify"],
  },
  { name: "composition roots", nodes: ["health", "http", "start", "worker"] },
];

type Graph = Map<string, Map<string, string[]>>;

/** Top-level folder or file of lib/server a path falls in. */
const nodeOf = (abs: string) =>
  path
    .relative(server, abs)
    .split(path.sep)[0]!
    .replace(/\.tsx?$/, "");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The module specifiers a source text imports: static, type-only, re-exports, side-effect and dynamic imports. */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm))
    specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

/** Every import (static, type-only, re-export or dynamic) between two nodes, with the files that make it. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(server)) {
    const from = nodeOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importsOf(fs.readFileSync(file, "utf8"))) {
      const target = spec.startsWith("@/")
        ? path.join(root, spec.slice(2))
        : spec.startsWith(".")
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (!target || !target.startsWith(server + path.sep)) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), path.relative(server, file)]);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan): each is a loop. */
function loops(graph: Graph): string[][] {
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

/** Edges that run from a lower layer up to a higher one, as "from → to (file)". */
function upwardEdges(graph: Graph): string[] {
  const layerOf = new Map(LAYERS.flatMap((l, i) => l.nodes.map((n) => [n, i] as const)));
  const up: string[] = [];
  for (const [from, edges] of graph)
    for (const [to, files] of edges)
      if ((layerOf.get(from) ?? -1) < (layerOf.get(to) ?? -1)) up.push(`${from} → ${to} (${files[0]})`);
  return up;
}

const withEdge = (graph: Graph, from: string, to: string): Graph => {
  const copy: Graph = new Map([...graph].map(([k, v]) => [k, new Map(v)]));
  copy.get(from)!.set(to, [`${from}/added-by-the-test.ts`]);
  return copy;
};

describe("the layers of lib/server", () => {
  const graph = importGraph();

  it("puts every folder and file of lib/server in exactly one layer", () => {
    const listed = LAYERS.flatMap((l) => l.nodes);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...graph.keys()].sort()).toEqual([...listed].sort());
  });

  it("has no loop between folders", () => {
    expect(loops(graph)).toEqual([]);
  });

  it("has no import from a lower layer up to a higher one", () => {
    expect(upwardEdges(graph)).toEqual([]);
  });

  it("bites: one back-edge makes a loop and an upward edge", () => {
    // The queue importing the worker that runs it: jobs → worker, while the worker imports the domains that import jobs.
    const bad = withEdge(graph, "jobs", "worker");
    expect(loops(bad).some((c) => c.includes("jobs") && c.includes("worker"))).toBe(true);
    expect(upwardEdges(bad)).toEqual([expect.stringMatching(/^jobs → worker/)]);
    // Inside one layer an edge is allowed, a loop is not: requests → signing is fine until signing → requests meets it.
    expect(loops(withEdge(graph, "signing", "requests"))).toEqual([]);
    expect(loops(withEdge(withEdge(graph, "signing", "requests"), "requests", "signing"))).toEqual([["requests", "signing"]]);
  });

  it("reads every kind of import a file can make", () => {
    const text = [
      `import { a } from "../jobs/queue";`,
      `import type { B } from "@/lib/server/model/request-dto";`,
      `export { c } from "./c";`,
      `import "../db/side-effect";`,
      `const { d } = await import("../signing/seal-request");`,
      `import {\n  e,\n  f,\n} from "../turns/invite";`,
    ].join("\n");
    expect(importsOf(text)).toEqual([
      "../jobs/queue",
      "@/lib/server/model/request-dto",
      "./c",
      "../db/side-effect",
      "../signing/seal-request",
      "../turns/invite",
    ]);
    // On the real tree: the worker's dynamic imports of the seal and the bulk runner are edges.
    expect(graph.get("worker")!.has("signing")).toBe(true);
    expect(graph.get("worker")!.has("bulk")).toBe(true);
  });

  it("matches the list in docs/architecture.md", () => {
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Layers of lib/server"));
    for (const layer of LAYERS) {
      const line = section.split("\n").find((l) => l.includes(`**${layer.name}**`));
      expect(line, `docs/architecture.md names the layer "${layer.name}"`).toBeDefined();
      for (const node of layer.nodes) expect(line, `${layer.name} lists ${node}`).toContain(`\`${node}\``);
    }
  });
});
