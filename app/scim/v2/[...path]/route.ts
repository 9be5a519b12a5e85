import { handleScim } from "@/lib/server/scim/endpoint";
import { readBodyLimited } from "@/lib/server/http/body";

type Ctx = { params: Promise<{ path: string[] }> };

// /scim/v2/* – SCIM 2.0 provisioning (RFC 7644) for an organization's identity provider: Users, Groups,
// ServiceProviderConfig, Schemas, ResourceTypes. Authenticated by a SCIM bearer token made at /settings/sign-in.
async function handler(req: Request, ctx: Ctx) {
  return handleScim(req, (await ctx.params).path, (limit) => readBodyLimited(req, limit));
}

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const dynamic = "force-dynamic";
