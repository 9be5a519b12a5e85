import { describe, expect, it } from "vitest";
import { parseUserAgent } from "./user-agent";

describe("parseUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { name: "Chrome", version: "131", os: "Windows" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { name: "Edge", version: "131", os: "Windows" },
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", { name: "Firefox", version: "140", os: "Linux" }],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      { name: "Safari", version: "18", os: "iOS" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      { name: "Chrome", version: "131", os: "Android" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      { name: "HeadlessChrome", version: "131", os: "Linux" },
    ],
    ["Firefox/140", { name: "Firefox", version: "140" }],
  ])("%s", (ua, browser) => {
    expect(parseUserAgent(ua)).toEqual(browser);
  });

  it("names no browser for a client that is not one", () => {
    expect(parseUserAgent("curl/8.5.0")).toBeNull();
    expect(parseUserAgent("ApproverBrowser/2.0")).toBeNull();
    expect(parseUserAgent("")).toBeNull();
  });
});
