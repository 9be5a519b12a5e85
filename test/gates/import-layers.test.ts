// The layers of lib/server, enforced: each top-level folder (or file) of lib/server is one node; an import
// from one node to another is an edge. The graph may have no loop, and no edge may run up from a lower
// layer to a higher one. docs/architecture.md lists the same layers ("Layers of lib/server").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Graph,
  importGraph,
  importsOf,
  loops,
  root,
  sourceFiles,
  targetOf,
  UNREADABLE,
  withEdge,
  withFile,
} from "./import-graph";

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
  { name: "model and outbound", nodes: ["bootstrap", "mail", "model", "webhooks"] },
  { name: "core", nodes: ["documents", "fields", "staff", "turns"] },
  {
    name: "use cases",
    nodes: [
      "anchors",
      "approvals",
      "backup",
      "branding",
      "bulk",
      "mcp",
      "public-links",
      "purge",
      "recipients",
      "requests",
      "scim",
      "signing",
      "sso",
      "templates",
      "verify",
    ],
  },
  { name: "composition roots", nodes: ["health", "http", "start", "worker"] },
];

/** Edges that run from a lower layer up to a higher one, as "from → to (file)". */
function upwardEdges(graph: Graph): string[] {
  const layerOf = new Map(LAYERS.flatMap((l, i) => l.nodes.map((n) => [n, i] as const)));
  const up: string[] = [];
  for (const [from, edges] of graph)
    for (const [to, files] of edges)
      if ((layerOf.get(from) ?? -1) < (layerOf.get(to) ?? -1)) up.push(`${from} → ${to} (${files[0]})`);
  return up;
}

describe("the layers of lib/server", () => {
  const { graph, unreadable } = importGraph(server);

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
      'const g = require("../mail/send");',
      "const h = await import(`../bulk/run-bulk`);",
      "const i = require(`../purge/sweep`);",
      `import j = require("../audit/trail");`,
      `type K = typeof import("../verify/verify-request");`,
      `const l = await import(pathToFileURL(createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.mjs")).href);`,
      "const m = await import(`../${name}/handler`);",
      `const n = require(which);`,
      `// import("../not/an/import") in a comment, and "require('../nor/this')" in a string`,
    ].join("\n");
    expect(importsOf(text)).toEqual([
      "../jobs/queue",
      "@/lib/server/model/request-dto",
      "./c",
      "../db/side-effect",
      "../signing/seal-request",
      "../turns/invite",
      "../mail/send",
      "../bulk/run-bulk",
      "../purge/sweep",
      "../audit/trail",
      "../verify/verify-request",
      "pdfjs-dist/legacy/build/pdf.mjs",
      UNREADABLE,
      UNREADABLE,
    ]);
    // On the real tree: the worker's dynamic imports of the seal and the bulk runner are edges.
    expect(graph.get("worker")!.has("signing")).toBe(true);
    expect(graph.get("worker")!.has("bulk")).toBe(true);
  });

  it("can read every import of lib/server (a computed one could hide an edge)", () => {
    expect(unreadable).toEqual([]);
  });

  it("bites on a require() back-edge and a template-literal import() back-edge", () => {
    const jobs = path.join(server, "jobs/added-by-the-test.ts");
    for (const text of [`const { handlers } = require("../worker/handlers");`, "const w = await import(`../worker/handlers`);"]) {
      const bad = withFile(graph, server, jobs, text);
      expect(
        loops(bad).some((c) => c.includes("jobs") && c.includes("worker")),
        text,
      ).toBe(true);
      expect(upwardEdges(bad), text).toEqual([expect.stringMatching(/^jobs → worker/)]);
    }
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

// The folders of lib/ (dates, schemas, pdf, forms, client, server, ...) form a graph of their own: a loop between two
// of them makes each half unusable without the other, so none is allowed.
describe("the folders of lib/", () => {
  const lib = path.join(root, "lib");
  const { graph, unreadable } = importGraph(lib);

  it("has no loop between folders, and no import the parser cannot read", () => {
    expect(loops(graph)).toEqual([]);
    expect(unreadable).toEqual([]);
  });

  it("bites: a require() from lib/schemas back to lib/dates makes a loop", () => {
    // lib/dates formats the closed sets lib/schemas defines (the date formats); the schemas never call the formatter.
    expect(graph.get("dates")!.has("schemas")).toBe(true);
    const bad = withFile(
      graph,
      lib,
      path.join(lib, "schemas/added-by-the-test.ts"),
      `const { wallClock } = require("../dates/zoned");`,
    );
    expect(loops(bad)).toEqual([["dates", "schemas"]]);
  });
});

// A component runs in the browser; the app/ tree is Next's routing. A server action a component calls lives in
// lib/actions (a thin "use server" door to the use case in lib/server), so no component reaches into app/.
describe("components/", () => {
  const components = path.join(root, "components");
  const app = path.join(root, "app");
  const intoApp = (file: string, text: string) =>
    importsOf(text, file).filter((spec) => spec === UNREADABLE || (targetOf(file, spec) ?? "").startsWith(app + path.sep));

  it("imports nothing from app/, and every import of a component can be read", () => {
    const found = sourceFiles(components).flatMap((file) =>
      intoApp(file, fs.readFileSync(file, "utf8")).map((spec) => `${path.relative(root, file)} → ${spec}`),
    );
    expect(found).toEqual([]);
  });

  it("bites on an import from app/ by alias, relative path or require()", () => {
    const file = path.join(components, "settings/added-by-the-test.tsx");
    expect(intoApp(file, `import { a } from "@/app/(dashboard)/settings/team/actions";`)).toHaveLength(1);
    expect(intoApp(file, `import { a } from "../../app/set-password/actions";`)).toHaveLength(1);
    expect(intoApp(file, `const { a } = require("@/app/(dashboard)/environment-action");`)).toHaveLength(1);
    expect(intoApp(file, `import { a } from "@/lib/actions/team";`)).toEqual([]);
  });
});

describe("lib/actions", () => {
  it('holds server actions only: each file starts with "use server"', () => {
    const dir = path.join(root, "lib/actions");
    const files = sourceFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(file, "utf8"), path.relative(root, file)).toMatch(/^"use server";\n/);
  });
});
