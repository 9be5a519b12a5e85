import { describe, expect, it } from "vitest";
import { DATE_FORMATS } from "../schemas/states";
import { formatDateValue, formatEventTime, formatOffset, wallClock } from "./zoned";

// 23:30:05 UTC on the last day of March: already 1 April in Tokyo, still 31 March in New York.
const lateMarch = new Date("2025-03-31T23:30:05.678Z");

describe("time zones", () => {
  it("reads the wall clock and its offset, daylight saving time included", () => {
    expect(wallClock(lateMarch, "Asia/Tokyo")).toEqual({
      year: 2025,
      month: 4,
      day: 1,
      hour: 8,
      minute: 30,
      second: 5,
      offsetMinutes: 540,
    });
    expect(wallClock(lateMarch, "America/New_York")).toMatchObject({ day: 31, hour: 19, offsetMinutes: -240 });
    expect(wallClock(new Date("2025-01-15T12:00:00Z"), "America/New_York").offsetMinutes).toBe(-300);
    expect(wallClock(lateMarch, "Asia/Kathmandu").offsetMinutes).toBe(345);
    expect([540, -240, 345, -210, 0].map(formatOffset)).toEqual(["+09:00", "-04:00", "+05:45", "-03:30", "+00:00"]);
  });
});

describe("formatDateValue: a DATE field's value", () => {
  const at = (dateFormat: (typeof DATE_FORMATS)[number], timeZone = "Asia/Tokyo", locale = "en") =>
    formatDateValue(lateMarch, { timeZone, dateFormat, locale });

  it("writes the signing day in the request's zone, in each format", () => {
    expect(DATE_FORMATS.map((f) => at(f))).toEqual(["2025-04-01", "01.04.2025", "01/04/2025", "04/01/2025", "1 April 2025"]);
    expect(DATE_FORMATS.map((f) => at(f, "UTC"))).toEqual([
      "2025-03-31",
      "31.03.2025",
      "31/03/2025",
      "03/31/2025",
      "31 March 2025",
    ]);
  });

  it("writes D MMMM YYYY in the signer's language", () => {
    const long = (locale: string) => at("D MMMM YYYY", "Asia/Tokyo", locale);
    expect(["en", "de", "fr", "es", "it", "pt", "nl", "pl"].map(long)).toEqual([
      "1 April 2025",
      "1. April 2025",
      "1 avril 2025",
      "1 de abril de 2025",
      "1 aprile 2025",
      "1 de abril de 2025",
      "1 april 2025",
      "1 kwietnia 2025",
    ]);
    // The numeric formats are the same in every language.
    expect(at("DD.MM.YYYY", "Asia/Tokyo", "pl")).toBe("01.04.2025");
  });
});

describe("formatEventTime: a time on the certificate", () => {
  it("gives the zone's wall clock with its offset, to the second, and the UTC instant", () => {
    expect(formatEventTime(lateMarch, { timeZone: "Asia/Tokyo" })).toBe("2025-04-01 08:30:05 +09:00 (2025-03-31 23:30:05 UTC)");
    expect(formatEventTime("2025-03-31T23:30:05.678Z", { timeZone: "America/New_York" })).toBe(
      "2025-03-31 19:30:05 -04:00 (2025-03-31 23:30:05 UTC)",
    );
    // A place at +00:00 still says so; UTC itself is said once.
    expect(formatEventTime(lateMarch, { timeZone: "Atlantic/Reykjavik" })).toBe(
      "2025-03-31 23:30:05 +00:00 (2025-03-31 23:30:05 UTC)",
    );
    expect(formatEventTime(lateMarch, { timeZone: "UTC" })).toBe("2025-03-31 23:30:05 UTC");
    expect(formatEventTime(lateMarch, { timeZone: "Etc/UTC" })).toBe("2025-03-31 23:30:05 UTC");
  });

  it("writes the local day in the request's date format when it has one; the UTC part stays ISO 8601", () => {
    expect(formatEventTime(lateMarch, { timeZone: "Europe/Berlin", locale: "en", dateFormat: "DD.MM.YYYY" })).toBe(
      "01.04.2025 01:30:05 +02:00 (2025-03-31 23:30:05 UTC)",
    );
    expect(formatEventTime(lateMarch, { timeZone: "America/New_York", locale: "de", dateFormat: "MM/DD/YYYY" })).toBe(
      "03/31/2025 19:30:05 -04:00 (2025-03-31 23:30:05 UTC)",
    );
    expect(formatEventTime(lateMarch, { timeZone: "UTC", dateFormat: "DD/MM/YYYY" })).toBe("31/03/2025 23:30:05 UTC");
    // ISO, the default, as before: the language's order.
    expect(formatEventTime(lateMarch, { timeZone: "Asia/Tokyo", locale: "de", dateFormat: "YYYY-MM-DD" })).toBe(
      "01.04.2025, 08:30:05 +09:00 (2025-03-31 23:30:05 UTC)",
    );
  });

  it("orders the local part as the certificate's language writes it; the UTC part stays ISO 8601", () => {
    expect(formatEventTime(lateMarch, { timeZone: "Asia/Tokyo", locale: "de" })).toBe(
      "01.04.2025, 08:30:05 +09:00 (2025-03-31 23:30:05 UTC)",
    );
    expect(formatEventTime(lateMarch, { timeZone: "Asia/Tokyo", locale: "en" })).toBe(
      "2025-04-01 08:30:05 +09:00 (2025-03-31 23:30:05 UTC)",
    );
  });
});
