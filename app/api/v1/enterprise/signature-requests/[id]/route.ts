import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getRequest } from "@/lib/server/requests/get-request";
import { deleteRequest } from "@/lib/server/requests/delete-request";
import { updateRequest } from "@/lib/server/requests/update-request";

// GET /api/v1/enterprise/signature-requests/:id – the request with its document, recipients and fields
export const GET = route(ops.getRequest, async ({ auth, params }) =>
  ok(200, "Signature request", await getRequest(auth, params.id)),
);

// DELETE /api/v1/enterprise/signature-requests/:id – delete a DRAFT
export const DELETE = route(ops.deleteRequest, async ({ auth, params }) =>
  ok(200, "Signature request deleted", await deleteRequest(auth, params.id)),
);

// PATCH /api/v1/enterprise/signature-requests/:id – change a DRAFT's title, language, zone, date format and send settings
export const PATCH = route(ops.updateRequest, async ({ auth, params, body }) =>
  ok(200, "Signature request updated", await updateRequest(auth, params.id, body)),
);

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = POST;
