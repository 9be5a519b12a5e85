import { signingT } from "../support/signing-fields";
import { describe, expect, it } from "vitest";
import { earlierName, earlierOnPage, type EarlierValue } from "@/components/signing/earlier-names";

// What a screen reader hears of a value an earlier recipient gave, drawn read-only on a later recipient's page:
// what the box is, what it holds and who gave it, in the page's language.

const t = signingT;
const value = (
  id: string,
  type: EarlierValue["type"],
  v: EarlierValue["value"],
  over: Partial<EarlierValue> = {},
): EarlierValue => ({
  id,
  documentId: "d1",
  type,
  page: 1,
  x: 72,
  y: 72,
  width: 100,
  height: 20,
  label: null,
  fontSize: null,
  signedBy: "Ann Archer",
  value: v,
  ...over,
});

describe("an earlier recipient's value on the page", () => {
  it("says who signed a signature or initials, drawn or typed", () => {
    expect(earlierName(value("s", "SIGNATURE", { kind: "image", imageId: "s" }), t("en"))).toBe(
      "Signature, signed by Ann Archer",
    );
    expect(earlierName(value("i", "INITIAL", { kind: "typed", text: "AA" }, { label: "Client initials" }), t("en"))).toBe(
      "Client initials, signed by Ann Archer",
    );
    expect(earlierName(value("s", "SIGNATURE", { kind: "image", imageId: "s" }), t("fr"))).toBe(
      "Signature, signé par Ann Archer",
    );
  });

  it("says what a text, a tick, a choice and the files hold, and who filled them in", () => {
    expect(earlierName(value("c", "TEXT", { kind: "text", text: "Archer & Co" }, { label: "Company" }), t("en"))).toBe(
      "Company: Archer & Co, filled in by Ann Archer",
    );
    expect(earlierName(value("a", "CHECKBOX", { kind: "check", checked: true }, { label: "Agree" }), t("en"))).toBe(
      "Agree: ticked, filled in by Ann Archer",
    );
    expect(earlierName(value("a", "CHECKBOX", { kind: "check", checked: false }, { label: "Agree" }), t("de"))).toBe(
      "Agree: nicht angekreuzt, ausgefüllt von Ann Archer",
    );
    expect(earlierName(value("p", "RADIO", { kind: "choice", selected: true, option: "Pro" }), t("en"))).toBe(
      "Pro: chosen, filled in by Ann Archer",
    );
    expect(earlierName(value("f", "FILE", { kind: "files", names: ["id.pdf", "signé–1.png"] }), t("en"))).toBe(
      "Attachment: id.pdf, signé–1.png, filled in by Ann Archer",
    );
    expect(earlierName(value("d", "DATE", { kind: "date", text: "01.04.2025" }), t("en"))).toBe(
      "Date signed: 01.04.2025, filled in by Ann Archer",
    );
  });

  it("stands on its own document's page only", () => {
    const list = [
      value("a", "TEXT", { kind: "text", text: "x" }),
      value("b", "TEXT", { kind: "text", text: "y" }, { page: 2 }),
      value("c", "TEXT", { kind: "text", text: "z" }, { documentId: "d2" }),
    ];
    expect(earlierOnPage(list, "d1", 1).map((v) => v.id)).toEqual(["a"]);
    expect(earlierOnPage(list, "d1", 2).map((v) => v.id)).toEqual(["b"]);
    expect(earlierOnPage(list, "d2", 1).map((v) => v.id)).toEqual(["c"]);
  });
});
