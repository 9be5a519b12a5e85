import { describe, expect, it } from "vitest";
import { stackByArea } from "./field-stacking";

describe("stackByArea", () => {
  it("puts the smaller of overlapping fields above the larger, whatever their order", () => {
    const z = stackByArea([
      { id: "signature", width: 160, height: 50 },
      { id: "date", width: 200, height: 60 },
    ]);
    expect(z.get("signature")).toBeGreaterThan(z.get("date")!);
    const reversed = stackByArea([
      { id: "date", width: 200, height: 60 },
      { id: "signature", width: 160, height: 50 },
    ]);
    expect(reversed.get("signature")).toBeGreaterThan(reversed.get("date")!);
  });

  it("gives every field its own level from 1; equal areas keep their order, the later above", () => {
    const z = stackByArea([
      { id: "a", width: 10, height: 10 },
      { id: "b", width: 50, height: 2 },
      { id: "c", width: 100, height: 100 },
      { id: "d", width: 20, height: 5 },
      { id: "e", width: 3, height: 3 },
    ]);
    expect([...z.entries()].sort((p, q) => p[1] - q[1]).map(([id]) => id)).toEqual(["c", "a", "b", "d", "e"]);
    expect(stackByArea([])).toEqual(new Map());
  });
});
