import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import dashboardErrorCodes from "@/lib/i18n/dashboard/error-codes.json";
import {
  AppError,
  ERROR_CODES_END,
  ERROR_CODES_START,
  errorCatalog,
  errorCodes,
  errorCodesMarkdown,
  errorStatus,
  notFound,
} from "./errors";

// The catalog of error codes: the one place an error's HTTP status comes from, and docs/api.md's
// "Error codes" table, which must say the same.

describe("the error catalog", () => {
  it("gives every code an error status (4xx or 5xx) and a description", () => {
    expect(errorCodes.length).toBeGreaterThan(50);
    for (const code of errorCodes) {
      const { status, description } = errorCatalog[code];
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(description.trim().length, code).toBeGreaterThan(0);
      // A table cell: no pipe, no line break.
      expect(description, code).not.toMatch(/[|\n]/);
    }
  });

  it("names codes in SCREAMING_SNAKE_CASE", () => {
    for (const code of errorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it("has no generic code left: each names a condition, not a status", () => {
    const generic = ["BAD_REQUEST", "VALIDATION", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "GONE"];
    const more = ["UNSUPPORTED_MEDIA", "UNPROCESSABLE", "INTERNAL", "UNAVAILABLE", "WRONG_STATE"];
    for (const code of [...generic, ...more]) expect(errorCodes).not.toContain(code);
  });

  it("names every 404 *_NOT_FOUND", () => {
    for (const code of errorCodes.filter((c) => errorStatus(c) === 404)) expect(code).toMatch(/_NOT_FOUND$/);
  });

  it("takes an AppError's status from the catalog", () => {
    expect(new AppError("IDEMPOTENCY_KEY_REUSED", "x").status).toBe(422);
    expect(new AppError("IDEMPOTENCY_KEY_IN_PROGRESS", "x").status).toBe(409);
    const e = notFound("RECIPIENT_NOT_FOUND", "Recipient");
    expect([e.code, e.status, e.message]).toEqual(["RECIPIENT_NOT_FOUND", 404, "Recipient not found"]);
  });
});

describe("docs/api.md", () => {
  it("lists exactly the catalog's codes, statuses and meanings (npx tsx scripts/error-codes-doc.ts rewrites it)", () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, "../../docs/api.md"), "utf8");
    const start = text.indexOf(ERROR_CODES_START);
    const end = text.indexOf(ERROR_CODES_END);
    expect(start, "the table's start marker").toBeGreaterThanOrEqual(0);
    expect(end, "the table's end marker").toBeGreaterThan(start);
    const table = text.slice(start + ERROR_CODES_START.length, end).trim();
    expect(table).toBe(errorCodesMarkdown());
  });
});

describe("the dashboard's words for the codes", () => {
  it("has an English sentence for each code, in the catalog's order, and no other (the seven other languages: lib/i18n/catalogs.test.ts)", () => {
    expect(Object.keys(dashboardErrorCodes)).toEqual(Object.keys(errorCatalog));
  });
});
