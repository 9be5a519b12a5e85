import { samlLogin } from "@/lib/server/sso/saml-flow";
import { SAML_REQUEST_COOKIE } from "@/lib/server/sso/saml";
import { TEST_COOKIE } from "@/lib/server/sso/test-sign-in";
import { browserStep } from "@/lib/server/http/browser-step";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";

type Ctx = { params: Promise<{ id: string }> };

// GET /api/auth/saml/{id}/login?callbackUrl=/path – "Sign in with …" for a SAML connection: to the identity
// provider with a new AuthnRequest, whose ID this browser keeps in a signed cookie.
export async function GET(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  const url = new URL(req.url);
  const testing = (req.headers.get("cookie") ?? "").includes(`${TEST_COOKIE}=`);
  const ip = clientIp(req.headers, config.trustProxy);
  return browserStep(await samlLogin(id, url.searchParams.get("callbackUrl"), testing, ip), SAML_REQUEST_COOKIE);
}

export const dynamic = "force-dynamic";
