import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { draftFromTemplate } from "@/lib/server/templates/draft-from-template";

// POST /api/v1/enterprise/signature-requests/templates/:templateId/use – a DRAFT from a template (DOCX filled and converted, or the PDF)
export const POST = route(ops.useTemplate, async ({ auth, params, body }) =>
  ok(201, "Signature request created from the template", await draftFromTemplate(auth, params.templateId, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
