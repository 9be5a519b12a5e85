import { ops } from "@/lib/schemas/operations";
import { listBulkSends } from "@/lib/server/bulk/find-bulk-send";
import { ok } from "@/lib/server/http/envelope";
import { route } from "@/lib/server/http/route";

// GET /api/v1/enterprise/bulk-sends – the bulk sends of this organization and environment, newest first
export const GET = route(ops.listBulkSends, async ({ auth, query }) => ok(200, "Bulk sends", await listBulkSends(auth, query)));
