import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getTemplateRoles, putTemplateRoles } from "@/lib/server/templates/template-roles";

// GET /api/v1/enterprise/templates/:id/roles – the template's roles, in order (the first is s1)
export const GET = route(ops.getTemplateRoles, async ({ auth, params }) =>
  ok(200, "Template roles", await getTemplateRoles(auth, params.id)),
);

// PUT /api/v1/enterprise/templates/:id/roles – replace the roles whole (a role kept by id or name keeps its fields)
export const PUT = route(ops.putTemplateRoles, async ({ auth, params, body }) =>
  ok(200, "Template roles replaced", await putTemplateRoles(auth, params.id, body)),
);

export const POST = methodNotAllowed(["GET", "PUT"]);
export const PATCH = POST;
export const DELETE = POST;
