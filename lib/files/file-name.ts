// A document's file name as people wrote its title ("Vertrag – Müller.pdf"), and how it travels in a
// Content-Disposition header (HTTP and mail): RFC 5987 / RFC 2231 `filename*=UTF-8''…` with the name as
// written, and a plain ASCII `filename="…"` for the clients that read only that one. Pure: the routes,
// the mail and the tests share it.

/** At most this many characters of a title go into a file name (the encoded header stays under a line's 998 bytes). */
const MAX_NAME = 120;

/**
 * A title as a file name: every letter, digit, dash (en and em dashes included), accent and space kept;
 * what a file system or a header cannot hold (control and format characters, `/ \ : * ? " < > |`)
 * dropped; spaces run together; no leading or trailing dot or space. Empty: `fallback`.
 */
/** A document's name as a title: without its ".pdf" (a download adds its own). */
export const titleOfDocument = (name: string) => name.replace(/\.pdf$/i, "");

/** A template document's name without its file's extension (.pdf or .docx). */
export const titleOfTemplateDocument = (name: string) => name.replace(/\.(pdf|docx)$/i, "");

export function fileNameOf(title: string, fallback = "document"): string {
  const cleaned = title
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\/:*?"<>|]+/gu, "")
    .replace(/\s+/gu, " ")
    .replace(/^[\s.]+|[\s.]+$/gu, "");
  return [...cleaned].slice(0, MAX_NAME).join("").trim() || fallback;
}

/**
 * The one naming rule for a request's files: a file is named after what it holds. A request of one document
 * is that document, so its file carries the request's title; each document of a request of several carries
 * its own name (without ".pdf"), the first as much as the others. A sealed file adds " (signed)" (in the
 * reader's language on the signer's page and in mail) before ".pdf"; a zip of all of them is the request.
 */
export const documentFileTitle = (requestTitle: string, documentName: string, documentCount: number) =>
  documentCount > 1 ? fileNameOf(titleOfDocument(documentName)) : fileNameOf(requestTitle);

/** A file's name in an HTTP answer (English: headers have no reader's language): "Contract (signed).pdf" once sealed. */
export const downloadFileName = (title: string, sealed: boolean) => `${title}${sealed ? " (signed)" : ""}.pdf`;

const ASCII_LOOKALIKES: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": "'",
  "\u201d": "'",
  "\u00ab": "'",
  "\u00bb": "'",
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u00c6": "AE",
  "\u0153": "oe",
  "\u0152": "OE",
  "\u00f8": "o",
  "\u00d8": "O",
  "\u0142": "l",
  "\u0141": "L",
};

/** The name in printable ASCII for `filename="…"`: accents dropped, dashes and quotes as their ASCII kin, the rest "_". */
export function asciiFileName(name: string): string {
  return [...name.normalize("NFKD").replace(/\p{M}+/gu, "")]
    .map((c) => ASCII_LOOKALIKES[c] ?? c)
    .join("")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
}

/** RFC 5987 `value-chars`: UTF-8, percent-encoded but for the attr-chars (encodeURIComponent leaves ' ( ) * ! too). */
export const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `inline; filename="Vertrag - Muller.pdf"; filename*=UTF-8''Vertrag%20%E2%80%93%20M%C3%BCller.pdf`; `fold` puts each parameter on a line of its own (mail headers). */
export function contentDisposition(kind: "inline" | "attachment", name: string, fold = false): string {
  const sep = fold ? ";\r\n " : "; ";
  return `${kind}${sep}filename="${asciiFileName(name)}"${sep}${fold ? mimeParameter("filename", name) : `filename*=UTF-8''${rfc5987(name)}`}`;
}

/** Beyond this many characters an encoded mail parameter is cut into RFC 2231 continuations (a line stays under 998 bytes). */
const MAX_PARAMETER_LINE = 900;

/**
 * A mail header's parameter with its value as written (RFC 2231): `name*=UTF-8''…`, or, for a value too long
 * for one line, `name*0*=UTF-8''…;\r\n name*1*=…`, each piece cut between percent-escapes. Mail only: HTTP
 * (RFC 6266) has no continuations.
 */
export function mimeParameter(param: string, value: string): string {
  const encoded = rfc5987(value);
  if (encoded.length + param.length + 10 <= MAX_PARAMETER_LINE) return `${param}*=UTF-8''${encoded}`;
  const pieces: string[] = [];
  for (let rest = encoded; rest;) {
    let cut = Math.min(rest.length, 200);
    // Never inside a %XX escape.
    const escape = rest.lastIndexOf("%", cut - 1);
    if (cut < rest.length && escape > cut - 3) cut = escape;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return pieces.map((p, i) => `${param}*${i}*=${i === 0 ? "UTF-8''" : ""}${p}`).join(";\r\n ");
}
