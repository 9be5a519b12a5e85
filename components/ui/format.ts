import type { useDashboardT } from "@/components/layout/dashboard-intl";

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** "Chrome 131 on Linux" from a User-Agent header: enough to tell one's own browsers apart. `t`: the dashboard's translator. */
export function describeBrowser(ua: string | null | undefined, t: ReturnType<typeof useDashboardT>): string {
  if (!ua) return t("common.browser.unknown");
  const version = (re: RegExp) => re.exec(ua)?.[1]?.split(".")[0];
  const browsers: [string, RegExp][] = [
    ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ["Opera", /OPR\/([\d.]+)/],
    ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
    [t("common.browser.headlessChrome"), /HeadlessChrome\/([\d.]+)/],
    ["Chromium", /Chromium\/([\d.]+)/],
    ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari\//],
  ];
  const found = browsers.find(([, re]) => re.test(ua));
  const systems: [string, RegExp][] = [
    ["Windows", /Windows/],
    ["Android", /Android/],
    ["iOS", /iPhone|iPad|iPod/],
    ["ChromeOS", /CrOS/],
    ["macOS", /Mac OS X|Macintosh/],
    ["Linux", /Linux/],
  ];
  const os = systems.find(([, re]) => re.test(ua))?.[0];
  if (!found) return ua.length > 60 ? `${ua.slice(0, 60)}…` : ua;
  const [name, re] = found;
  const v = version(re);
  const browser = `${name}${v ? ` ${v}` : ""}`;
  return os ? t("common.browser.on", { browser, os }) : browser;
}
