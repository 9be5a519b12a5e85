import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getAuditTrail } from "@/lib/server/requests/get-request";

// GET /api/v1/enterprise/signature-requests/:id/audit – the audit trail, oldest first
export const GET = route(ops.getAudit, async ({ auth, params }) => ok(200, "Audit trail", await getAuditTrail(auth, params.id)));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
