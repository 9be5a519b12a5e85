import "server-only";
import { openSignerLink } from "./open-signer-link";
import { parseStoredFieldValue, type EarlierValue } from "@/lib/schemas/signing";
import type { Queryable } from "../db";
import { blobs } from "../blobs/store";
import { notFound } from "../errors";
import type { Actor } from "../audit/record-event";
import { loadDocuments, loadFields, loadRecipients } from "../model/request-queries";
import { inDocumentOrder } from "../model/request-dto";
import type { RecipientRow, RequestRow } from "../model/rows";
import { skippedFields } from "../fields/form-values";

/** Whose values a recipient may be shown: the exact statuses whose turn has come, in a request IN_PROGRESS. */
const READER_STATUSES: ReadonlySet<RecipientRow["status"]> = new Set(["SENT", "VIEWED", "SIGNED", "APPROVED"]);

/**
 * What earlier recipients put on the documents, drawn read-only for a later one (GET /api/sign/{token}:
 * `signedValues`). Every recipient is sent the sealed PDFs, which carry every one of these values, so
 * showing a value that will be in their copy tells them nothing new; what the seal would not carry, or
 * what a recipient has not given for good, is never shown:
 * - only values of recipients who SIGNED (a co-signer's saved draft never; a returned signature's values
 *   were cleared with its turn; a recipient who declined ended the request, and their link with it);
 * - only fields the conditions show (a hidden field takes no value; one stored anyway is not shown);
 * - only once the reader's turn came (SENT, VIEWED or finished): a recipient still waiting may never get
 *   the sealed copy if the request ends first;
 * - only while IN_PROGRESS: once COMPLETED the pages are the sealed copy, with every value on them;
 * - a FILE field's file names only: the files are downloadable once sealed (`attachments`), not before;
 * - no recipient id, e-mail or image hash: the signer's name, the box, what it shows.
 * The shape is lib/schemas/signing.ts's zEarlierValue; the values come in reading order across the documents.
 */
export async function earlierValues(db: Queryable, req: RequestRow, me: RecipientRow): Promise<EarlierValue[]> {
  const shown = await shownValues(db, req, me);
  const firstOfImage = new Map<string, string>(); // sha256 → the first field showing it (one download for many boxes)
  return shown.map(({ f, v, signedBy }) => {
    const base = {
      id: f.id,
      documentId: f.documentId,
      type: f.type,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      label: f.label,
      fontSize: f.fontSize,
      signedBy,
    };
    switch (v.kind) {
      case "image": {
        if (!firstOfImage.has(v.sha256)) firstOfImage.set(v.sha256, f.id);
        return { ...base, value: { kind: "image", imageId: firstOfImage.get(v.sha256)! } };
      }
      case "files":
        return { ...base, value: { kind: "files", names: v.files.map((x) => x.name) } };
      case "typed":
      case "text":
      case "date":
        return { ...base, value: { kind: v.kind, text: v.text } };
      case "check":
        return { ...base, value: { kind: "check", checked: v.checked } };
      case "choice":
        return { ...base, value: { kind: "choice", selected: v.selected, option: v.option } };
    }
  });
}

/** The stored values `me` may be shown, each with its field and its signer's name. */
async function shownValues(db: Queryable, req: RequestRow, me: RecipientRow) {
  if (req.status !== "IN_PROGRESS" || !READER_STATUSES.has(me.status)) return [];
  const signed = new Map(
    (await loadRecipients(db, req.id))
      .filter((r) => r.id !== me.id && r.role === "SIGNER" && r.status === "SIGNED")
      .map((r) => [r.id, r.name]),
  );
  if (!signed.size) return [];
  const all = await loadFields(db, req.id);
  const hidden = new Set(skippedFields(all).map((f) => f.id));
  const docs = await loadDocuments(db, req.id);
  return inDocumentOrder(all, docs).flatMap((f) => {
    // A signing group's field names the member who signed it.
    const signedBy = signed.get(f.signedBy ?? f.recipientId);
    if (signedBy === undefined || hidden.has(f.id)) return [];
    const v = parseStoredFieldValue(f.value);
    return v ? [{ f, v, signedBy }] : [];
  });
}

/**
 * GET /api/sign/{token}/values/{fieldId}/image: the image of an earlier signer's signature or initials, as
 * stored, only when the view shows it to this link (`signedValues[].value.imageId`); any other id (another
 * request's field, an unsigned or hidden one, text, not an id at all) is the same 404.
 */
export async function earlierValueImage(
  token: string,
  fieldId: string,
  who: Omit<Actor, "actor">,
  session: string | null = null,
) {
  const { db, r, req } = await openSignerLink(token, who, session);
  const found = (await shownValues(db, req, r)).find(({ f }) => f.id === fieldId);
  if (found?.v.kind !== "image") throw notFound("FIELD_NOT_FOUND", "Signed image");
  return { bytes: await blobs().get(found.v.sha256), type: found.v.mime, sha256: found.v.sha256 };
}
