import { describe, expect, it } from "vitest";
import { groupNamed, moveWithGroup, signatureCount, signerOwners, slotsOf } from "./signing-groups";

const board = { id: "b1", name: "Directors", required: 2, size: 3 };
const rs = [
  { id: "a", name: "Ann", order: 1, role: "SIGNER", status: "SIGNED", group: null },
  { id: "b1", name: "Bo", order: 2, role: "SIGNER", status: "SIGNED", group: board },
  { id: "b2", name: "Cy", order: 2, role: "SIGNER", status: "SENT", group: board },
  { id: "c", name: "Di", order: 2, role: "CC", status: "PENDING", group: null },
  { id: "b3", name: "Ed", order: 2, role: "SIGNER", status: "SIGNED", group: board },
];

describe("signing groups", () => {
  it("gathers a group's members into one slot, where its first member stands", () => {
    expect(slotsOf(rs).map((s) => (s.kind === "one" ? s.r.id : s.members.map((m) => m.id).join("+")))).toEqual([
      "a",
      "b1+b2+b3",
      "c",
    ]);
  });

  it("offers a group to the placer once, by its name and id", () => {
    expect(signerOwners(rs.filter((r) => r.role === "SIGNER"))).toEqual([
      { id: "a", name: "Ann", order: 1, group: null },
      { id: "b1", name: "Directors", order: 2, group: { required: 2, size: 3 } },
    ]);
  });

  it("moves a member's whole group", () => {
    expect(Object.fromEntries(moveWithGroup(rs, "b2", { kind: "insert", before: 0 }))).toEqual({
      b1: 1,
      b2: 1,
      b3: 1,
      a: 2,
      c: 3,
    });
    expect(Object.fromEntries(moveWithGroup(rs, "a", { kind: "join", step: 1 }))).toEqual({ a: 1, b1: 1, b2: 1, c: 1, b3: 1 });
  });

  it("counts a group's signatures up to what it needs", () => {
    expect(signatureCount(rs)).toEqual({ signed: 3, total: 3 });
  });

  it("finds a group by its name in any letter case", () => {
    expect(groupNamed(rs, " directors ")?.group.id).toBe("b1");
    expect(groupNamed(rs, "Board")).toBeNull();
  });
});
