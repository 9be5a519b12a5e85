import { describe, expect, it } from "vitest";
import { upstreamPath } from "./forward-to-api";

describe("the dashboard proxy's path mapping", () => {
  it("sends api-keys to the key endpoints and everything else under the enterprise API", () => {
    expect(upstreamPath(["api-keys"])).toBe("/api/v1/api-keys");
    expect(upstreamPath(["api-keys", "0b9f7c1e-0000-4000-8000-000000000000"])).toBe(
      "/api/v1/api-keys/0b9f7c1e-0000-4000-8000-000000000000",
    );
    expect(upstreamPath(["signature-requests", "abc", "fields"])).toBe("/api/v1/enterprise/signature-requests/abc/fields");
    expect(upstreamPath(["signature-requests", "templates", "t1", "use"])).toBe(
      "/api/v1/enterprise/signature-requests/templates/t1/use",
    );
  });

  it("refuses paths that could climb out of the API or name nothing", () => {
    expect(upstreamPath([])).toBeNull();
    expect(upstreamPath(["signature-requests", ".."])).toBeNull();
    expect(upstreamPath(["..", "health"])).toBeNull();
    expect(upstreamPath(["a/b"])).toBeNull();
    expect(upstreamPath(["a\\b"])).toBeNull();
    expect(upstreamPath(["x", ""])).toBeNull();
  });

  it("re-encodes each segment", () => {
    expect(upstreamPath(["outbox", "a b?c#d"])).toBe("/api/v1/enterprise/outbox/a%20b%3Fc%23d");
  });
});
