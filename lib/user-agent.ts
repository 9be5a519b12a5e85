// A browser named the way a person says it ("Chrome 131", "Windows") from a User-Agent header. Pure, no
// words of any language: the dashboard's session list and the certificate of completion put these names
// into their own sentences ("Chrome 131 on Windows").

export type BrowserName = "Edge" | "Opera" | "Firefox" | "HeadlessChrome" | "Chromium" | "Chrome" | "Safari";

export interface Browser {
  name: BrowserName;
  /** The major version ("131"), when the header gives one. */
  version?: string;
  os?: "Windows" | "Android" | "iOS" | "ChromeOS" | "macOS" | "Linux";
}

// In this order: Edge and Opera also say Chrome, Chrome also says Safari, HeadlessChrome is no Chrome a person used.
const BROWSERS: [BrowserName, RegExp][] = [
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
  ["HeadlessChrome", /HeadlessChrome\/([\d.]+)/],
  ["Chromium", /Chromium\/([\d.]+)/],
  ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari\//],
];

// Android and iOS before Linux and macOS, which their headers also name.
const SYSTEMS: [NonNullable<Browser["os"]>, RegExp][] = [
  ["Windows", /Windows/],
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["ChromeOS", /CrOS/],
  ["macOS", /Mac OS X|Macintosh/],
  ["Linux", /Linux/],
];

/** The browser a User-Agent header names, or null when it names none of these (curl, a bot, an app). */
export function parseUserAgent(ua: string): Browser | null {
  const found = BROWSERS.find(([, re]) => re.test(ua));
  if (!found) return null;
  const [name, re] = found;
  const version = re.exec(ua)?.[1]?.split(".")[0];
  const os = SYSTEMS.find(([, sys]) => sys.test(ua))?.[0];
  return { name, ...(version ? { version } : {}), ...(os ? { os } : {}) };
}
