import { servedLogo } from "@/lib/server/branding/branding";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";

type Ctx = { params: Promise<{ orgId: string; sha: string }> };

// GET /api/branding/{orgId}/logo/{sha16} – an organization's logo, as its signers' pages and mails show it.
// Public; the address changes with the logo, so it is cached for good. Only the organization's current logo
// is served here (never another blob by its hash).
export async function GET(req: Request, ctx: Ctx) {
  const { orgId, sha } = await ctx.params;
  const logo = await servedLogo(orgId, sha, clientIp(req.headers, config.trustProxy));
  if (logo.status === 429)
    return new Response("Too many requests\n", { status: 429, headers: { "content-type": "text/plain", ...logo.headers } });
  if (logo.status === 404) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(Buffer.from(logo.bytes), {
    headers: {
      "content-type": logo.type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    },
  });
}

export const dynamic = "force-dynamic";
