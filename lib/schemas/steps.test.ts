import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { groupsOf } from "@/lib/client/signing-steps";
import { stepNumbers, stepsById } from "./steps";

describe("step numbers", () => {
  it("shows the distinct orders as steps 1..n, whatever gaps the stored orders have", () => {
    // The recipient of order 2 was removed: orders 1 and 3 remain, shown as steps 1 and 2.
    const stepOf = stepNumbers([1, 3, 3]);
    expect([1, 3].map(stepOf)).toEqual([1, 2]);
    expect(stepNumbers([5, 10, 20]).call(null, 20)).toBe(3);
  });

  it("gives recipients of the same order (in parallel) the same step", () => {
    const steps = stepsById([
      { id: "a", order: 4 },
      { id: "b", order: 2 },
      { id: "c", order: 4 },
      { id: "cc", order: 9 },
    ]);
    expect(Object.fromEntries(steps)).toEqual({ b: 1, a: 2, c: 2, cc: 3 });
  });

  it("places an order none has after the steps before it", () => {
    const stepOf = stepNumbers([1, 3]);
    expect(stepOf(2)).toBe(2);
    expect(stepOf(7)).toBe(3);
  });

  it("agrees with the steps the recipients editor, the review step and the request's page draw (groupsOf)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }), (orders) => {
        const rs = orders.map((order, i) => ({ id: `r${i}`, order }));
        const steps = stepsById(rs);
        groupsOf(rs).forEach((group, i) => {
          for (const r of group) expect(steps.get(r.id)).toBe(i + 1);
        });
      }),
    );
  });
});
