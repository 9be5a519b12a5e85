import NextAuth from "next-auth";
import { authOptions } from "@/lib/server/staff/auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – next-auth (sign-in with staff credentials, session, sign-out); options built at
// request time because the secret may live in the database.
async function handler(req: Request, ctx: Ctx) {
  return NextAuth(req as never, ctx as never, await authOptions());
}

export const GET = handler;
export const POST = handler;
export const dynamic = "force-dynamic";
