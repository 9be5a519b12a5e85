import type { useDashboardT } from "@/components/layout/dashboard-intl";
import { parseUserAgent } from "@/lib/user-agent";

/** `locale`: the page's language (the staff member's, the signer's); none: the browser's. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleString(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** "Chrome 131 on Linux" from a User-Agent header: enough to tell one's own browsers apart. `t`: the dashboard's translator. */
export function describeBrowser(ua: string | null | undefined, t: ReturnType<typeof useDashboardT>): string {
  if (!ua) return t("common.browser.unknown");
  const found = parseUserAgent(ua);
  if (!found) return ua.length > 60 ? `${ua.slice(0, 60)}…` : ua;
  const name = found.name === "HeadlessChrome" ? t("common.browser.headlessChrome") : found.name;
  const browser = `${name}${found.version ? ` ${found.version}` : ""}`;
  return found.os ? t("common.browser.on", { browser, os: found.os }) : browser;
}
