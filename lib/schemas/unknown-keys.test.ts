import { describe, expect, it } from "vitest";
import { z } from "zod";
import { unknownKeys } from "./unknown-keys";

describe("unknownKeys", () => {
  it("names what an object's shape does not hold, at any depth, in lists and records", () => {
    const item = z.object({ type: z.string(), page: z.number().optional() });
    const s = z.object({ title: z.string(), fields: z.array(item), data: z.record(z.string(), item).optional() });
    expect(unknownKeys(s, { title: "t", fields: [{ type: "a" }] })).toEqual([]);
    expect(
      unknownKeys(s, {
        title: "t",
        extra: 1,
        fields: [{ type: "a" }, { type: "b", conditions: {} }],
        data: { k: { type: "c", x: 1 } },
      }),
    ).toEqual(["extra", "fields.1.conditions", "data.k.x"]);
    // A value of the wrong kind is for the schema's own check, not this one.
    expect(unknownKeys(s, { title: "t", fields: "nope" })).toEqual([]);
    expect(unknownKeys(s, [1, 2])).toEqual([]);
  });

  it("looks through optional, nullable, default, transforms, refinements and lazy schemas", () => {
    const inner = z.object({ a: z.string() });
    const s = z.object({
      o: inner.optional(),
      n: inner.nullable(),
      d: inner.default({ a: "x" }),
      t: inner.transform((v) => v.a),
      r: inner.refine(() => true),
      l: z.lazy(() => inner),
    });
    const bad = { a: "x", b: 1 };
    expect(unknownKeys(s, { o: bad, n: bad, d: bad, t: bad, r: bad, l: bad }).sort()).toEqual(
      ["d.b", "l.b", "n.b", "o.b", "r.b", "t.b"].sort(),
    );
    expect(unknownKeys(s, { o: undefined, n: null })).toEqual([]);
  });

  it("knows every key of a loose object, and only its shape's of a strict one", () => {
    expect(unknownKeys(z.looseObject({ a: z.string() }), { a: "x", b: 1 })).toEqual([]);
    expect(unknownKeys(z.strictObject({ a: z.string() }), { a: "x", b: 1 })).toEqual(["b"]);
  });

  it("reads a union as the option that takes the value, else as the closest options", () => {
    const one = z.object({ type: z.string(), page: z.number() });
    const many = z.object({ fields: z.array(one) });
    const s = z.union([one, many]);
    expect(unknownKeys(s, { fields: [{ type: "a", page: 1, colour: "red" }] })).toEqual(["fields.0.colour"]);
    expect(unknownKeys(s, { type: "a", page: 1, colour: "red" })).toEqual(["colour"]);
    // Taken by neither: the keys unknown to the options with the fewest.
    expect(unknownKeys(s, { type: 1, colour: "red" })).toEqual(["colour"]);
    // An intersection knows what either side knows.
    const both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }));
    expect(unknownKeys(both, { a: "x", b: "y", c: "z" })).toEqual(["c"]);
  });
});
