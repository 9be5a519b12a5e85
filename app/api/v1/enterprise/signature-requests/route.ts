import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createRequest } from "@/lib/server/requests/create-request";
import { listRequests } from "@/lib/server/requests/list-requests";

// POST /api/v1/enterprise/signature-requests – a DRAFT from an uploaded PDF (part file or documentFile)
export const POST = route(ops.createRequest, async ({ auth, body }) =>
  ok(201, "Signature request created", await createRequest(auth, body)),
);

// GET /api/v1/enterprise/signature-requests – newest first; ?limit, ?cursor, ?status
export const GET = route(ops.listRequests, async ({ auth, query }) =>
  ok(200, "Signature requests", await listRequests(auth, query)),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
