import { NextResponse, type NextRequest } from "next/server";
import { linkHttpStatus, signingLinkState } from "@/lib/server/signing/link-state";

/**
 * The HTTP status of a signing page. A page cannot set its own status in the App Router (only 404
 * through notFound(), 401/403 through unauthorized()/forbidden()), so this decides it from the
 * link's state, the same rules the page and the signer's API use: 410 for a request that was
 * cancelled, expired or declined (or completed more than 30 days ago), 404 for an unknown link.
 * The page itself still renders (`NextResponse.next` keeps routing; Next.js answers with the status
 * given here), and says what happened. Any failure here leaves the decision to the page.
 */
export async function proxy(req: NextRequest) {
  const token = req.nextUrl.pathname.split("/")[2] ?? "";
  try {
    const status = linkHttpStatus(await signingLinkState(decodeURIComponent(token)));
    if (status !== 200) return NextResponse.next({ status });
  } catch (e) {
    console.error("[signet] signing link status:", e instanceof Error ? e.message : e);
  }
  return NextResponse.next();
}

export const config = { matcher: "/sign/:token" };
