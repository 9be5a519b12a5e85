import { NextResponse, type NextRequest } from "next/server";
import { LOCALE_COOKIE, LOCALE_HEADER } from "@/lib/i18n/locales";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { embedLinkLocales, linkHttpStatus, signingLinkState, type StoredLocales } from "@/lib/server/signing/link-state";
import { publicLinkPageStatus } from "@/lib/server/public-links/page-status";

/**
 * A signing page's HTTP status and language.
 *
 * Status: a page cannot set its own in the App Router (only 404 through notFound(), 401/403 through
 * unauthorized()/forbidden()), so this decides it from the link's state, the same rules the page and
 * the signer's API use: 410 for a request that was cancelled, expired or declined (or completed more
 * than 30 days ago), 404 for an unknown link. The page itself still renders (`NextResponse.next`
 * keeps routing; Next.js answers with the status given here), and says what happened.
 *
 * Language: the signer's own choice (the switcher's cookie), else the recipient's, else the
 * request's, else the browser's Accept-Language, else English, handed to the root layout (`<html lang>`)
 * and the signing layout in a request header: a layout cannot see the path, and both must agree.
 * Any failure here leaves the status to the page and the language to the cookie and the browser.
 */
export async function proxy(req: NextRequest) {
  const [, area = "", first = "", second = ""] = req.nextUrl.pathname.split("/");
  let status = 200;
  let stored: StoredLocales | null = null;
  try {
    // A public link's page (/p/{slug}): its visitor is nobody yet, so their choice and their browser decide the language.
    if (area === "p") status = await publicLinkPageStatus(decodeURIComponent(first));
    else if (first === "embed") stored = await embedLinkLocales(decodeURIComponent(second));
    else {
      const state = await signingLinkState(decodeURIComponent(first));
      status = linkHttpStatus(state);
      stored = state.locales ?? null;
    }
  } catch (e) {
    console.error("[signet] signing link status:", e instanceof Error ? e.message : e);
  }
  const headers = new Headers(req.headers);
  const locale = resolveLocale({
    chosen: req.cookies.get(LOCALE_COOKIE)?.value,
    ...stored,
    acceptLanguage: req.headers.get("accept-language"),
  });
  headers.set(LOCALE_HEADER, locale);
  return NextResponse.next({ request: { headers }, ...(status !== 200 && { status }) });
}

export const config = { matcher: ["/sign/:token", "/sign/embed/:token", "/p/:slug"] };
