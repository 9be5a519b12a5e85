import "server-only";
import type { FieldDto, RecipientDto, RequestDocumentDto, SignatureRequestDto } from "@/lib/schemas/requests";
import { parseStoredFieldValue } from "@/lib/schemas/signing";
import type { Queryable } from "../db";
import { together } from "../db/together";
import { iso } from "../api-keys/dto";
import { isLocale } from "@/lib/i18n/locales";
import { toSendSettingsDto } from "./send-settings";
import { fieldDtoOf } from "./field-row";
import { loadDocuments, loadFields, loadRecipients } from "./request-queries";
import { latestApproval } from "./approval-dto";
import type { DocumentRow, FieldRow, RecipientRow, RequestDocument, RequestRow } from "./rows";
/** `all`: the request's recipients (a group's size is counted among them). */
export function toRecipientDto(r: RecipientRow, all: readonly RecipientRow[] = [r]): RecipientDto {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    order: r.order,
    signingOrder: r.order,
    status: r.status,
    sentAt: iso(r.sentAt),
    lastMailedAt: iso(r.lastMailedAt ?? r.sentAt),
    viewedAt: iso(r.viewedAt),
    // One column holds when a recipient finished: signing, or approving (an approver has no signedAt).
    signedAt: r.role === "APPROVER" ? null : iso(r.signedAt),
    approvedAt: r.role === "APPROVER" ? iso(r.signedAt) : null,
    declinedAt: iso(r.declinedAt),
    declineReason: r.declineReason,
    // The method only: the access code's hash, the failure count and the lock stay on the server.
    authentication: { method: r.authMethod as RecipientDto["authentication"]["method"] },
    delivery: r.delivery as RecipientDto["delivery"],
    locale: storedLocale(r.locale),
    remindersSent: r.remindersSent,
    lastRemindedAt: iso(r.lastRemindedAt),
    canDelegate: r.canDelegate,
    delegatedFrom: r.delegatedFrom ?? null,
    group:
      r.groupId && r.groupName
        ? {
            id: r.groupId,
            name: r.groupName,
            required: r.groupRequired ?? 1,
            size: all.filter((m) => m.groupId === r.groupId).length,
          }
        : null,
    groupSeat: r.groupSeat,
  };
}

/** A stored language (the column has no CHECK: a language is added with its catalog): one Signet speaks, else none. */
export const storedLocale = (v: string | null) => (isLocale(v) ? v : null);

export function toFieldDto(f: FieldRow): FieldDto {
  return fieldDtoOf(f, { recipientId: f.recipientId, documentId: f.documentId });
}

export function toDocumentDto(d: DocumentRow): SignatureRequestDto["document"] {
  return {
    version: d.version,
    sha256: d.sha256,
    uploadedSha256: d.uploadedSha256,
    size: d.size,
    pageCount: d.pageCount,
    pages: d.pages,
  };
}

/** One of the request's documents: its id, name and place, then its current version as `document` shows it. */
export function toRequestDocumentDto(d: RequestDocument): RequestDocumentDto {
  return { id: d.id, name: d.name, order: d.position, ...toDocumentDto(d.current) };
}

/** A request's fields in reading order across its documents: a stable sort by their document's place. */
export function inDocumentOrder<F extends { documentId: string }>(
  fields: F[],
  docs: readonly { id: string; position: number }[],
) {
  const place = new Map(docs.map((d) => [d.id, d.position]));
  return [...fields].sort((a, b) => (place.get(a.documentId) ?? 0) - (place.get(b.documentId) ?? 0));
}

export function toRequestHeader(r: RequestRow) {
  return {
    id: r.id,
    status: r.status,
    title: r.title,
    delivery_mode: r.deliveryMode,
    environment: r.environment as SignatureRequestDto["environment"],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sentAt: iso(r.sentAt),
    completedAt: iso(r.completedAt),
    cancelledAt: iso(r.cancelledAt),
    expiresAt: iso(r.expiresAt),
    sealError: r.sealFailedAt
      ? { code: r.sealErrorCode ?? "SEAL_FAILED", message: r.sealErrorMessage ?? "", failedAt: r.sealFailedAt.toISOString() }
      : null,
    source: r.source,
    publicLinkId: r.publicLinkId,
    locale: storedLocale(r.locale),
    timezone: r.timezone,
    dateFormat: r.dateFormat,
    sendSettings: toSendSettingsDto(r),
    awaitingApproval: r.pendingApprovalId !== null,
  };
}

/** The full record: request, its documents (the first also as `document`), recipients in signing order, fields. */
export async function loadRequestDto(db: Queryable, req: RequestRow): Promise<SignatureRequestDto> {
  const [docs, recs, flds, approval] = await together(
    db,
    () => loadDocuments(db, req.id),
    () => loadRecipients(db, req.id),
    () => loadFields(db, req.id),
    () => latestApproval(db, req.id),
  );
  const [first] = docs;
  if (!first) throw new Error(`Signature request ${req.id} has no document`);
  return {
    ...toRequestHeader(req),
    document: toDocumentDto(first.current),
    documents: docs.map(toRequestDocumentDto),
    recipients: recs.map((r) => toRecipientDto(r, recs)),
    fields: flds.map(toFieldDto),
    attachments: attachmentsOf(flds),
    approval,
  };
}

/** The files signers attached and kept, from their FILE fields' values, in reading order. */
export function attachmentsOf(flds: FieldRow[]) {
  return flds.flatMap((f) => {
    if (f.type !== "FILE") return [];
    const v = parseStoredFieldValue(f.value);
    if (v?.kind !== "files") return [];
    return v.files.map((x) => ({
      id: x.id,
      fieldId: f.id,
      recipientId: f.recipientId,
      name: x.name,
      type: x.mime,
      size: x.size,
      sha256: x.sha256,
    }));
  });
}
