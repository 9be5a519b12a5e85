import { AppError } from "@/lib/server/errors";
import { errorResponse } from "@/lib/server/http/route";
import { currentStaff } from "@/lib/server/staff/current-staff";
import { forwardToApi } from "@/lib/server/http/forward-to-api";
import { refuseForeignCall } from "@/lib/server/staff/same-origin";
import { staffMayCall } from "@/lib/server/staff/permissions";

type Ctx = { params: Promise<{ path: string[] }> };

// GET|POST|PATCH|DELETE /api/dashboard/* – the dashboard's calls: from the dashboard's own pages only
// (same-origin.ts), checked for a staff session here (not only in middleware), then sent to the API with
// the server-held key, which never reaches the browser.
async function handle(req: Request, ctx: Ctx): Promise<Response> {
  const staff = await currentStaff();
  if (!staff) return errorResponse(new AppError("SIGN_IN_REQUIRED", "Sign in to use the dashboard"));
  const denied = staffMayCall(staff, (await ctx.params).path, req.method);
  if (denied) return errorResponse(new AppError("ROLE_NOT_ALLOWED", denied));
  const refused = refuseForeignCall(req);
  if (refused) return errorResponse(new AppError("CROSS_ORIGIN_REFUSED", refused));
  return forwardToApi(req, (await ctx.params).path, staff);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const dynamic = "force-dynamic";
