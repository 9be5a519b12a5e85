import type { FileAnswer } from "@/lib/files/file-answer";
import { contentDisposition } from "@/lib/files/file-name";

/** The response that hands over a document (inline for a PDF, as an attachment for a zip), never cached. */
export function fileResponse(f: FileAnswer): Response {
  const type = f.type ?? "application/pdf";
  return new Response(Buffer.from(f.bytes), {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(f.bytes.byteLength),
      "content-disposition": contentDisposition(type === "application/pdf" ? "inline" : "attachment", f.name),
      etag: `"${f.sha256}"`,
      ...(f.version !== undefined && { "x-document-version": String(f.version) }),
      "cache-control": "private, no-store",
    },
  });
}
