import { describe, expect, it } from "vitest";
import { filtersFromQuery, queryOfFilters } from "./request-filters";

describe("the requests list's filters in the URL", () => {
  it("reads back what it writes", () => {
    const f = {
      q: "Müller & Co?",
      status: "IN_PROGRESS" as const,
      mine: true,
      from: "2026-01-02",
      to: "2026-03-04",
      source: "public_link" as const,
    };
    const query = Object.fromEntries(new URLSearchParams(queryOfFilters(f).slice(1)));
    expect(filtersFromQuery(query)).toEqual(f);
    expect(queryOfFilters({ q: "", status: "", mine: false, from: "", to: "", source: "" })).toBe("");
  });

  it("leaves out what is malformed: an unknown status, a date that is not one, controls, repeats, a huge search", () => {
    const f = filtersFromQuery({
      q: ["a\u0000b\u001bc\u009f", "second"],
      status: "DROP TABLE",
      by: "someone",
      from: "2026-1-2",
      to: "tomorrow",
      source: "web",
    });
    expect(f).toEqual({ q: "abc", status: "", mine: false, from: "", to: "", source: "" });
    expect(filtersFromQuery({ q: "x".repeat(10_000) }).q).toHaveLength(200);
    expect(filtersFromQuery({})).toEqual({ q: "", status: "", mine: false, from: "", to: "", source: "" });
  });
});
