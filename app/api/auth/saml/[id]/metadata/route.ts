import { samlMetadata } from "@/lib/server/sso/saml-flow";

type Ctx = { params: Promise<{ id: string }> };

// GET /api/auth/saml/{id}/metadata – Signet's SAML service-provider metadata for the connection (its entity ID
// is this URL; its assertion consumer service; signed assertions wanted). Public, as metadata is.
export async function GET(_req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  const xml = await samlMetadata(id);
  if (xml === null) return new Response("No such SAML connection\n", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(xml, {
    headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}

export const dynamic = "force-dynamic";
