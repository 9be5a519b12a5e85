import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { fileResponse } from "@/lib/server/http/file-response";
import { getRequestDocument } from "@/lib/server/requests/get-request";

// GET /api/v1/enterprise/signature-requests/:id/document – the first document's current PDF; ?all=1: every document, zipped
export const GET = route(ops.getDocument, async ({ auth, params, query }) =>
  fileResponse(await getRequestDocument(auth, params.id, { all: query.all })),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
