import "server-only";
import { DASHBOARD_HEADER } from "@/lib/client/constants";
import { config } from "../config";

/**
 * Whether a call to the dashboard's proxy comes from the dashboard itself. A browser attaches the
 * staff session cookie to requests that other pages make, other ports of the same host included (they
 * are "same-site"), so a cookie alone proves nothing. Accepted: `Sec-Fetch-Site: same-origin` or, from
 * a browser that sends no Sec-Fetch-Site, an Origin (else Referer) equal to the dashboard's own origin;
 * and for anything that changes something, the dashboard's own header as well, which neither a form
 * nor a no-cors request can carry and a CORS request could only carry after a preflight the proxy
 * never grants. Returns why the call is refused, or null.
 */
export function refuseForeignCall(req: Request): string | null {
  const site = req.headers.get("sec-fetch-site");
  const changes = !["GET", "HEAD", "OPTIONS"].includes(req.method);
  if (site !== null) {
    // "none": the staff member typed the address or opened a bookmark (a download link in a new tab).
    const ok = site === "same-origin" || (site === "none" && !changes);
    if (!ok) return `Requests from other pages are not accepted (Sec-Fetch-Site: ${site})`;
  } else {
    const from = req.headers.get("origin") ?? originOf(req.headers.get("referer"));
    if (!from || !ownOrigins(req).has(from)) return "Requests from other pages are not accepted (no matching Origin)";
  }
  if (changes && req.headers.get(DASHBOARD_HEADER) !== "1")
    return `Requests without the ${DASHBOARD_HEADER} header are not accepted`;
  return null;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The dashboard's origin as the browser sees it: the Host it asked for, and PUBLIC_BASE_URL's. */
function ownOrigins(req: Request): Set<string> {
  const set = new Set<string>();
  const url = new URL(req.url);
  const host = req.headers.get("host");
  if (host) set.add(`${url.protocol}//${host}`);
  set.add(url.origin);
  const base = originOf(config.publicBaseUrl);
  if (base) set.add(base);
  return set;
}
