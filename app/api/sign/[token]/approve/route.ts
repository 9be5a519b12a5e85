import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { approveSigning } from "@/lib/server/signing/approve-request";

// POST /api/sign/:token/approve – an approver approves (consent; order enforced): APPROVED, the order advances
export const POST = publicRoute(ops.approveSigning, async ({ params, body, req, ip, userAgent }) =>
  ok(
    200,
    "Approved",
    await approveSigning(params.token, { ip, userAgent }, readSessionCookie(req.headers, params.token), body.locale),
  ),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
