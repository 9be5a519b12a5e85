import { logoFile } from "@/lib/server/branding/branding";

type Ctx = { params: Promise<{ orgId: string; sha: string }> };

// GET /api/branding/{orgId}/logo/{sha16} – an organization's logo, as its signers' pages and mails show it.
// Public; the address changes with the logo, so it is cached for good. Only the organization's current logo
// is served here (never another blob by its hash).
export async function GET(_req: Request, ctx: Ctx) {
  const { orgId, sha } = await ctx.params;
  const logo = await logoFile(orgId, sha);
  if (!logo) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain" } });
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
