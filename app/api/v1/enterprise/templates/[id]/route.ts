import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { deleteTemplate } from "@/lib/server/templates/delete-template";
import { getTemplate } from "@/lib/server/templates/get-template";
import { renameTemplate } from "@/lib/server/templates/template-documents";

// GET /api/v1/enterprise/templates/:id – the template with its placeholders, anchors and stored fields
export const GET = route(ops.getTemplate, async ({ auth, params }) => ok(200, "Template", await getTemplate(auth, params.id)));

// DELETE /api/v1/enterprise/templates/:id – delete a template (drafts made from it are kept)
export const DELETE = route(ops.deleteTemplate, async ({ auth, params }) =>
  ok(200, "Template deleted", await deleteTemplate(auth, params.id)),
);

// PATCH /api/v1/enterprise/templates/:id – rename the template
export const PATCH = route(ops.updateTemplate, async ({ auth, params, body }) =>
  ok(200, "Template updated", await renameTemplate(auth, params.id, body)),
);

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = POST;
