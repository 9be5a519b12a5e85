import { headers } from "next/headers";
import { PublicLinkRefused, PublicLinkStart } from "@/components/public-link/public-link-start";
import { SandboxBanner } from "@/components/signing/screens";
import { BrandFrame } from "@/components/signing/brand-frame";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";
import { AppError } from "@/lib/server/errors";
import { viewPublicLink } from "@/lib/server/public-links/visit-link";

// Decided per request from the database (the link's state, its quota), never prerendered.
export const dynamic = "force-dynamic";

/**
 * A template's public link: the visitor gives their name and e-mail (and the people the link leaves to
 * them, the access code), then signs on the usual signing page. A link that serves nothing says why, with
 * the status proxy.ts set from the same state (404, 409, 410).
 */
export default async function PublicLinkPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const h = await headers();
  const view = await viewPublicLink(slug, { ip: clientIp(h, config.trustProxy), userAgent: h.get("user-agent") }).catch(
    (e: unknown) => {
      if (e instanceof AppError) return { refused: e.code };
      throw e;
    },
  );
  if ("refused" in view) return <PublicLinkRefused code={view.refused} />;
  return (
    <BrandFrame brand={view.brand}>
      <div className="min-h-dvh">
        {view.sandbox ? <SandboxBanner /> : null}
        <PublicLinkStart slug={slug} view={view} />
      </div>
    </BrandFrame>
  );
}
