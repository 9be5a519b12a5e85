import { describe, expect, it } from "vitest";
import { knownTimeZone } from "./locale";

describe("time zones", () => {
  it("knows IANA zones whatever their case, and refuses the rest", () => {
    expect(knownTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(knownTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(knownTimeZone("UTC")).toBe("UTC");
    // Current names the runtime maps to older ones are kept as given.
    expect(knownTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(knownTimeZone("Europe/Kyiv")).toBe("Europe/Kyiv");
    for (const bad of ["Mars/Olympus", "+09:00", "UTC+9", "", "Asia/Tokyo\n", "x".repeat(80)])
      expect(knownTimeZone(bad)).toBeNull();
  });
});
