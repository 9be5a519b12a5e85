import { samlPost, SAML_POST_MAX_BYTES } from "@/lib/server/sso/saml-flow";
import { browserStep, clientOf } from "@/lib/server/http/browser-step";
import { readBodyLimited } from "@/lib/server/http/body";
import { config } from "@/lib/server/config";

type Ctx = { params: Promise<{ id: string }> };

// POST /api/auth/saml/{id}/acs – the assertion consumer service: the identity provider's form post
// (SAMLResponse, RelayState). The browser goes on to /login/saml with a one-time code, or back to the sign-in
// page with the reason's code.
export async function POST(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  let body: Uint8Array;
  try {
    body = await readBodyLimited(req, SAML_POST_MAX_BYTES);
  } catch {
    return browserStep({ location: `${config.publicBaseUrl}/login?sso=SSO_FAILED` });
  }
  const { ip, userAgent } = clientOf(req);
  return browserStep(await samlPost(id, body, ip, userAgent));
}

export const dynamic = "force-dynamic";
