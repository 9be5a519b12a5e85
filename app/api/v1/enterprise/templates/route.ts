import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createTemplate } from "@/lib/server/templates/create-template";
import { listTemplates } from "@/lib/server/templates/list-templates";

// POST /api/v1/enterprise/templates – upload a PDF or DOCX template (multipart file, name)
export const POST = route(ops.createTemplate, async ({ auth, body }) =>
  ok(201, "Template created", await createTemplate(auth, body)),
);

// GET /api/v1/enterprise/templates – newest first; ?limit, ?cursor
export const GET = route(ops.listTemplates, async ({ auth, query }) => ok(200, "Templates", await listTemplates(auth, query)));

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
