import "server-only";
import type { FieldDto, RecipientDto, SignatureRequestDto } from "@/lib/schemas/requests";
import type { Queryable } from "../db";
import { iso } from "../api-keys/dto";
import { isLocale } from "@/lib/i18n/locales";
import { toSendSettingsDto } from "./send-settings";
import { fieldDtoOf } from "./field-row";
import { currentDocument, loadFields, loadRecipients } from "./request-queries";
import type { DocumentRow, FieldRow, RecipientRow, RequestRow } from "./rows";
export function toRecipientDto(r: RecipientRow): RecipientDto {
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
  };
}

/** A stored language (the column has no CHECK: a language is added with its catalog): one Signet speaks, else none. */
export const storedLocale = (v: string | null) => (isLocale(v) ? v : null);

export function toFieldDto(f: FieldRow): FieldDto {
  return fieldDtoOf(f, { recipientId: f.recipientId });
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
    locale: storedLocale(r.locale),
    timezone: r.timezone,
    dateFormat: r.dateFormat,
    sendSettings: toSendSettingsDto(r),
  };
}

/** The full record: request, current document, recipients in signing order, fields. */
export async function loadRequestDto(db: Queryable, req: RequestRow): Promise<SignatureRequestDto> {
  const [doc, recs, flds] = await Promise.all([currentDocument(db, req.id), loadRecipients(db, req.id), loadFields(db, req.id)]);
  return {
    ...toRequestHeader(req),
    document: toDocumentDto(doc),
    recipients: recs.map(toRecipientDto),
    fields: flds.map(toFieldDto),
  };
}
