import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./current-staff";

describe("safeReturnPath (the return path after sign-in)", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    for (const p of ["/requests", "/requests/abc?status=DRAFT#top", "/templates/x%20y", "/settings/api-keys"])
      expect(safeReturnPath(p)).toBe(p);
  });

  it("refuses anything a browser would take off the site", () => {
    const hostile = [
      "/\t/example.org", // the audit's: the URL parser drops the tab, leaving //example.org
      "/\n/example.org",
      "/\r\n/example.org",
      "/%09/example.org",
      "/%0a/example.org",
      "/\u0000/example.org",
      "/\u007f/example.org",
      "/\u0085/example.org",
      "//example.org",
      "/\\example.org",
      "/%5cexample.org",
      "/%5C%5Cexample.org",
      "/./\\example.org",
      "/.//example.org",
      "/..//example.org",
      "https://example.org",
      "javascript:alert(1)",
      " /example.org",
      "example.org",
      "/%E0%A4%A", // not decodable
      `/${"a".repeat(5000)}`,
      "",
      null,
      undefined,
    ];
    for (const p of hostile) {
      const got = safeReturnPath(p);
      expect({ p, got }).toEqual({ p, got: "/requests" });
      expect(new URL(got, "https://signet.example").origin).toBe("https://signet.example");
    }
  });
});
