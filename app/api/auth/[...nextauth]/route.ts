import NextAuth from "next-auth";
import { signInRouteOptions } from "@/lib/server/sso/sign-in-options";
import { withSignInRequest } from "@/lib/server/staff/sign-in-request";
import { busySsoStart } from "@/lib/server/sso/start-limit";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – next-auth: sign-in with a staff password or an organization's single sign-on
// connection, the session, sign-out. The options are built at each request (the secret may live in the
// database; connections are turned on and off by admins), inside the request's context (client address and
// user agent for the session row and the auth log).
async function handler(req: Request, ctx: Ctx) {
  const busy = await busySsoStart(req, (await ctx.params).nextauth, clientIp(req.headers, config.trustProxy));
  if (busy) return busy;
  return withSignInRequest(req, async () => NextAuth(req as never, ctx as never, await signInRouteOptions()));
}

export const GET = handler;
export const POST = handler;
export const dynamic = "force-dynamic";
