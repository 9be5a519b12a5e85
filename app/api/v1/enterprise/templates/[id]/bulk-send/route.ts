import { bulkSendJsonOp } from "@/lib/schemas/bulk-ops";
import { ops } from "@/lib/schemas/operations";
import { startBulkSend } from "@/lib/server/bulk/start-bulk-send";
import { ok } from "@/lib/server/http/envelope";
import { route, type Handler } from "@/lib/server/http/route";

const answer = (data: Awaited<ReturnType<typeof startBulkSend>>) =>
  "dryRun" in data ? ok(200, "Dry run: nothing was created", data) : ok(202, "Bulk send queued", data);

const csv = route(ops.bulkSend, async ({ auth, params, query, body }) =>
  answer(await startBulkSend(auth, params.id, { kind: "csv", file: body.file }, { dryRun: query.dryRun })),
);
const json = route(bulkSendJsonOp, async ({ auth, params, query, body }) =>
  answer(await startBulkSend(auth, params.id, { kind: "json", body }, { dryRun: query.dryRun })),
);

// POST /api/v1/enterprise/templates/:id/bulk-send – one request per row of a CSV (multipart `file`) or of JSON { rows }
export const POST: Handler = (req, ctx) =>
  ((req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/") ? csv : json)(req, ctx);
