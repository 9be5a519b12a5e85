import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { downloadResponse } from "@/lib/server/http/file-response";
import { readAttachmentFile } from "@/lib/server/requests/request-documents";

// GET /api/v1/enterprise/signature-requests/:id/attachments/:attachmentId – a file a signer attached, as kept
export const GET = route(ops.getRequestAttachment, async ({ auth, params }) => {
  const f = await readAttachmentFile(auth, params.id, params.attachmentId);
  return downloadResponse(f.bytes, f.type, {
    disposition: { kind: "attachment", name: f.name },
    sha256: f.sha256,
    length: true,
    noSniff: true,
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
