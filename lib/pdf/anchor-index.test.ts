import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ANCHOR_INDEX_VERSION } from "./text-layer-version";

// The stored anchor index holds what these files computed at upload; a stored index is read only at its
// own ANCHOR_INDEX_VERSION. When they change, decide whether the same layer would give another index
// (a grammar rule, a box, a layout rule): if so bump the version, so stored indexes are no longer read.
// Then record the new fingerprint here, with the version.
const FILES = ["anchor-grammar.ts", "anchors.ts", "anchor-fit.ts", "text/lines.ts", "anchor-index.ts"];
const RECORDED = { version: 1, fingerprint: "5f74a2cb9df74763" };

describe("the anchor index's version", () => {
  it("is looked at whenever the code that makes the index changes", () => {
    const hash = createHash("sha256");
    for (const f of FILES) hash.update(fs.readFileSync(path.join(import.meta.dirname, f)));
    const fingerprint = hash.digest("hex").slice(0, 16);
    expect(
      { version: ANCHOR_INDEX_VERSION, fingerprint },
      `${FILES.join(", ")} changed: bump ANCHOR_INDEX_VERSION (lib/pdf/text-layer-version.ts) if a stored index would now be wrong, then record this`,
    ).toEqual(RECORDED);
  });
});
