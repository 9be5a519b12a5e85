import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition, fileNameOf, rfc5987 } from "./file-name";

describe("file names", () => {
  it("keep the title's characters, dropping only what a file system or a header cannot hold", () => {
    expect(fileNameOf("Vertrag – Müller")).toBe("Vertrag – Müller");
    expect(fileNameOf("Offre n°12 (révisée), l’été 2026 — Łódź & Co")).toBe("Offre n°12 (révisée), l’été 2026 — Łódź & Co");
    expect(fileNameOf(' a/b\\c:d*e?f"g<h>i|j\u0000k\u202el\n m. ')).toBe("abcdefghijkl m");
    expect(fileNameOf("...")).toBe("document");
    expect(fileNameOf("", "template")).toBe("template");
    expect([...fileNameOf("é".repeat(500))]).toHaveLength(120);
  });

  it("have an ASCII fallback and an RFC 5987 form", () => {
    expect(asciiFileName("Vertrag – Müller (signed).pdf")).toBe("Vertrag - Muller (signed).pdf");
    expect(asciiFileName("Straße Łódź æ 東京.pdf")).toBe("Strasse Lodz ae __.pdf");
    expect(rfc5987("Vertrag – Müller (signed).pdf")).toBe("Vertrag%20%E2%80%93%20M%C3%BCller%20%28signed%29.pdf");
    expect(rfc5987("it's*!")).toBe("it%27s%2A%21");
    expect(contentDisposition("inline", "Vertrag – Müller.pdf")).toBe(
      `inline; filename="Vertrag - Muller.pdf"; filename*=UTF-8''Vertrag%20%E2%80%93%20M%C3%BCller.pdf`,
    );
  });
});
