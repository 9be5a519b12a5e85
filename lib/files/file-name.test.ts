import { describe, expect, it } from "vitest";
import {
  asciiFileName,
  contentDisposition,
  documentFileTitle,
  downloadFileName,
  fileNameOf,
  mimeParameter,
  rfc5987,
} from "./file-name";

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

  it("follow one rule for a request's files: the title for its only document, else each document's own name", () => {
    expect(documentFileTitle("Dossier – Müller", "scan 001.pdf", 1)).toBe("Dossier – Müller");
    expect(documentFileTitle("Dossier – Müller", "Contrat signé – annexe.pdf", 3)).toBe("Contrat signé – annexe");
    expect(documentFileTitle("Dossier", "Cover letter", 2)).toBe("Cover letter");
    expect(downloadFileName("Contrat signé – annexe", true)).toBe("Contrat signé – annexe (signed).pdf");
    expect(downloadFileName("Contrat signé – annexe", false)).toBe("Contrat signé – annexe.pdf");
  });

  it("travel in mail as RFC 2231, a name too long for one line in continuations that decode to it", () => {
    expect(mimeParameter("name", "Contrat signé.pdf")).toBe("name*=UTF-8''Contrat%20sign%C3%A9.pdf");
    const long = `${"東京の契約書".repeat(20)}.pdf`;
    const folded = mimeParameter("filename", long);
    const lines = folded.split("\r\n ");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThan(998);
    const pieces = lines.map((l, i) => {
      const m = new RegExp(`^filename\\*${i}\\*=(.*?);?$`).exec(l);
      expect(m, l).not.toBeNull();
      return m![1]!;
    });
    expect(decodeURIComponent(pieces.join("").replace(/^UTF-8''/, ""))).toBe(long);
  });
});
