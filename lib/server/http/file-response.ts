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

/** How a download is handed over: a name to save it under (and whether a browser shows it or saves it), an ETag. */
export interface DownloadHeaders {
  /** The name it is saved under, and how: shown (inline) or saved (attachment); none for an image drawn on a page. */
  disposition?: { kind: "inline" | "attachment"; name: string };
  /** Its SHA-256: the ETag. */
  sha256?: string;
  /** A signer's link (a public, token-scoped URL): never indexed. */
  signerLink?: boolean;
  /** Its bytes are someone's upload: the browser takes the stated type, never one it guesses. */
  noSniff?: boolean;
  /** Its length, for a download whose progress is shown. */
  length?: boolean;
}

/** Bytes of a stated type as a private, never-cached download, with the headers `how` asks for. */
export function downloadResponse(bytes: Uint8Array, type: string, how: DownloadHeaders): Response {
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "content-type": type,
      ...(how.length && { "content-length": String(bytes.byteLength) }),
      ...(how.disposition && { "content-disposition": contentDisposition(how.disposition.kind, how.disposition.name) }),
      ...(how.sha256 && { etag: `"${how.sha256}"` }),
      ...(how.noSniff && { "x-content-type-options": "nosniff" }),
      "cache-control": "private, no-store",
      ...(how.signerLink && { "x-robots-tag": "noindex" }),
    },
  });
}
