import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { downloadResponse } from "@/lib/server/http/file-response";
import { publicLinkQr } from "@/lib/server/public-links/manage-links";

// GET /api/v1/enterprise/templates/:id/public-links/:linkId/qr – the link's QR code, PNG or SVG, to print
export const GET = route(ops.publicLinkQr, async ({ auth, params, query }) => {
  const qr = await publicLinkQr(auth, params.id, params.linkId, query.format);
  return downloadResponse(qr.bytes, qr.type, {
    disposition: { kind: "inline", name: `qr-${params.linkId.slice(0, 8)}.${query.format}` },
    noSniff: true,
    length: true,
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
