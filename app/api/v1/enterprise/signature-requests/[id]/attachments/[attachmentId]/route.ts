import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { contentDisposition } from "@/lib/files/file-name";
import { readAttachmentFile } from "@/lib/server/requests/request-documents";

// GET /api/v1/enterprise/signature-requests/:id/attachments/:attachmentId – a file a signer attached, as kept
export const GET = route(ops.getRequestAttachment, async ({ auth, params }) => {
  const f = await readAttachmentFile(auth, params.id, params.attachmentId);
  return new Response(Buffer.from(f.bytes), {
    status: 200,
    headers: {
      "content-type": f.type,
      "content-length": String(f.bytes.byteLength),
      "content-disposition": contentDisposition("attachment", f.name),
      etag: `"${f.sha256}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
