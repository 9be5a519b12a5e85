import { describe, expect, it } from "vitest";
import { groupsOf, moveRecipient } from "./signing-steps";

const rs = [
  { id: "a", order: 1 },
  { id: "b", order: 1 },
  { id: "c", order: 3 },
];

describe("signing steps", () => {
  it("groups recipients of the same order as one parallel step", () => {
    expect(groupsOf(rs).map((g) => g.map((r) => r.id))).toEqual([["a", "b"], ["c"]]);
  });

  it("joins a step, inserts a new step, and renumbers without gaps", () => {
    expect(Object.fromEntries(moveRecipient(rs, "c", { kind: "join", step: 0 }))).toEqual({ a: 1, b: 1, c: 1 });
    expect(Object.fromEntries(moveRecipient(rs, "b", { kind: "insert", before: 0 }))).toEqual({ b: 1, a: 2, c: 3 });
    expect(Object.fromEntries(moveRecipient(rs, "a", { kind: "insert", before: 2 }))).toEqual({ b: 1, c: 2, a: 3 });
    expect(Object.fromEntries(moveRecipient(rs, "c", { kind: "insert", before: 1 }))).toEqual({ a: 1, b: 1, c: 2 });
  });
});
