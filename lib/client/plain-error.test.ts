import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, plainError } from "./api";
import { setErrorWords } from "./error-words";
import { dashboardCatalogs } from "@/lib/i18n/dashboard/catalogs";

// What the dashboard says when the API refuses: English keeps the API's own sentence (it names the case); the
// other languages say the sentence for the error's code, inside the same plain words for its status.

const draft = () =>
  new ApiError(409, "Only a DRAFT request can be changed (status: SENT)", [], undefined, null, "REQUEST_NOT_DRAFT");
const invalid = () =>
  new ApiError(
    422,
    "The request is not valid",
    [
      { field: "recipients[0].email", message: "Not an e-mail address" },
      { field: "title", message: "Required" },
    ],
    undefined,
    null,
    "VALIDATION_FAILED",
  );

describe("plainError in English", () => {
  it("keeps the API's sentence and says what the status means", () => {
    expect(plainError(draft())).toBe(
      "This can’t be done in the request’s current state: Only a DRAFT request can be changed (status: SENT)",
    );
    expect(plainError(invalid())).toBe("The request is not valid (Not an e-mail address; Required)");
    expect(plainError(new ApiError(429, "slow down", [], undefined, 1, "RATE_LIMITED"))).toBe(
      "Too many changes in a short time. Wait 1 second and try again.",
    );
    expect(plainError(new ApiError(0, "x"))).toBe("The server could not be reached. Check your connection and try again.");
  });
});

describe("plainError in German, once the dashboard's provider handed its words over", () => {
  const g = globalThis as { window?: unknown };
  beforeAll(() => {
    g.window = {};
    setErrorWords("de", dashboardCatalogs.de);
  });
  afterAll(() => {
    setErrorWords("en", dashboardCatalogs.en);
    delete g.window;
  });
  const de = dashboardCatalogs.de.dashboard;

  it("says the code's sentence in the status's words, and names the fields", () => {
    const state = plainError(draft());
    expect(state).toContain(de.errorCodes.REQUEST_NOT_DRAFT);
    expect(state.startsWith(de.errors.state.split("{message}")[0]!)).toBe(true);
    expect(state).not.toContain("DRAFT request");
    const fields = plainError(invalid());
    expect(fields).toContain(de.errorCodes.VALIDATION_FAILED);
    expect(fields).toContain("recipients[0].email, title");
    expect(fields).not.toContain("Not an e-mail address");
    expect(plainError(new ApiError(429, "slow down", [], undefined, 5, "RATE_LIMITED"))).toMatch(/5 Sekunden/);
    expect(plainError(new ApiError(0, "x"))).toBe(de.errors.offline);
  });

  it("keeps the API's sentence when the code is unknown to this dashboard or missing", () => {
    expect(plainError(new ApiError(422, "A newer server's refusal", [], undefined, null, "SOMETHING_NEW"))).toBe(
      "A newer server's refusal",
    );
    expect(plainError(new ApiError(404, "No endpoint", [], undefined, null, null))).toBe("No endpoint");
  });
});
