import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { EmbedBridge } from "@/components/signing/embed-bridge";
import { SigningApp } from "@/components/signing/signing-app";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";
import { openEmbedLink } from "@/lib/server/signing/embed-links";

// Public: the signing URL's token (5 minutes, once) is the credential (no Referer, not indexed, in the
// signer's language: app/sign/layout.tsx). Framable only by the origins of EMBED_ALLOWED_ORIGINS
// (scripts/server.mjs sets frame-ancestors for this path alone).
export const dynamic = "force-dynamic";

/**
 * GET /sign/embed/{token} – opens a signing URL: consumes it and renders the usual signing app with
 * the page's own token (an hour, this opening only; never the recipient's link token), wrapped in the
 * bridge that tells the framing page what happens. That token reaches only this response (never an
 * address bar, a Referer or the parent page, which cannot read a cross-origin frame). Unknown, used or
 * expired → 404: the host asks for a new URL.
 */
export default async function EmbeddedSignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const h = await headers();
  const opened = await openEmbedLink(token, { ip: clientIp(h, config.trustProxy), userAgent: h.get("user-agent") });
  if (!opened) notFound();
  return (
    <EmbedBridge allowedOrigins={config.embedAllowedOrigins} requestId={opened.requestId} recipientId={opened.recipientId}>
      <SigningApp token={opened.sessionToken} />
    </EmbedBridge>
  );
}
