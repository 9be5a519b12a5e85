import { afterEach, describe, expect, it } from "vitest";
import { config } from "./config";

// DRAW_PAGES_AHEAD: a whole number from 0 to 10. Anything else is refused with its name and the value given
// (read at start by lib/server/start.ts, so a bad one stops the server before it sends anything).
describe("DRAW_PAGES_AHEAD", () => {
  const before = process.env.DRAW_PAGES_AHEAD;
  afterEach(() => {
    if (before === undefined) delete process.env.DRAW_PAGES_AHEAD;
    else process.env.DRAW_PAGES_AHEAD = before;
  });

  it("defaults to 2 and takes 0 (off) to 10", () => {
    delete process.env.DRAW_PAGES_AHEAD;
    expect(config.drawPagesAhead).toBe(2);
    for (const [raw, n] of [
      ["0", 0],
      ["10", 10],
      ["1", 1],
    ] as const) {
      process.env.DRAW_PAGES_AHEAD = raw;
      expect(config.drawPagesAhead).toBe(n);
    }
  });

  it("refuses what is not a whole number from 0 to 10", () => {
    for (const raw of ["abc", "-1", "11", "1.5", "1e9", " 2x"]) {
      process.env.DRAW_PAGES_AHEAD = raw;
      expect(() => config.drawPagesAhead, raw).toThrow(`DRAW_PAGES_AHEAD must be a whole number from 0 to 10, got "${raw}"`);
    }
  });
});
