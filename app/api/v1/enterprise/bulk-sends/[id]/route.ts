import { ops } from "@/lib/schemas/operations";
import { getBulkSend } from "@/lib/server/bulk/find-bulk-send";
import { ok } from "@/lib/server/http/envelope";
import { route } from "@/lib/server/http/route";

// GET /api/v1/enterprise/bulk-sends/:id – a bulk send with each row's status, request id or error
export const GET = route(ops.getBulkSend, async ({ auth, params }) => ok(200, "Bulk send", await getBulkSend(auth, params.id)));
