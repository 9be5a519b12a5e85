import "server-only";
import { eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import type { DateFormat } from "@/lib/schemas/states";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { documentVersions, organizations, signatureRequests } from "../db/schema";
import { oneRow, insertRow } from "../db/rows";
import { clock } from "../clock";
import { keyActor, recordEvent } from "../audit/record-event";
import { loadRequestDto } from "../model/request-dto";
import { acceptPdf } from "../documents/store-document";
import {
  judgeExpiresAt,
  orgSendDefaults,
  reminderColumns,
  toSendSettingsDto,
  type SendSettingsInput,
} from "../model/send-settings";

/** A request's language, time zone and date format as its creator gives them: each optional. */
export interface RequestLocaleInput {
  locale?: Locale;
  timezone?: string;
  dateFormat?: DateFormat;
}

export interface CreateRequestInput extends RequestLocaleInput, SendSettingsInput {
  title: string;
  delivery_mode: string;
  file?: File;
  documentFile?: File;
}

export interface StoredPdf {
  sha256: string;
  size: number;
  pageCount: number;
  pages: { width: number; height: number }[];
  /** SHA-256 of the bytes as they came in, before they were stored in their one reading. */
  uploadedSha256?: string;
}

/** The uploaded file's SHA-256 where it differs from what was stored (else null). */
export const uploadedSha256Of = (doc: StoredPdf) =>
  doc.uploadedSha256 !== undefined && doc.uploadedSha256 !== doc.sha256 ? doc.uploadedSha256 : null;

/**
 * A new DRAFT with its document as version 1, and the audit event that says where it came from.
 * Every way of making a draft (upload, template) goes through here. What the creator does not name is taken
 * from the organization as it is now, and kept (a later change of the organization's leaves the request as it
 * was): the time zone and date format, the expiry in days and the reminder schedule (the expiry falls back to
 * the server's EXPIRY_DAYS).
 */
export async function insertDraft(
  tx: Queryable,
  auth: KeyAuth,
  draft: {
    title: string;
    deliveryMode?: string;
    filename: string | null;
    origin?: Record<string, unknown>;
  } & RequestLocaleInput &
    SendSettingsInput,
  doc: StoredPdf,
) {
  const org = oneRow(await tx.select().from(organizations).where(eq(organizations.id, auth.orgId)), "the key's organization");
  const defaults = orgSendDefaults(org);
  const expiresAt = draft.expiresAt !== undefined ? judgeExpiresAt(draft.expiresAt, clock.now()) : null;
  const req = await insertRow(
    tx,
    signatureRequests,
    {
      orgId: auth.orgId,
      environment: auth.environment,
      title: draft.title,
      deliveryMode: draft.deliveryMode ?? "email",
      createdByKeyId: auth.keyId,
      locale: draft.locale ?? null,
      timezone: draft.timezone ?? org.timezone,
      dateFormat: draft.dateFormat ?? org.defaultDateFormat,
      emailSubject: draft.subject ?? null,
      emailMessage: draft.message ?? null,
      replyTo: draft.replyTo ?? null,
      // On a DRAFT, expiresAt is the moment asked for; sending sets it from expiryDays otherwise.
      expiresAt,
      expiryDays: expiresAt ? null : (draft.expiryDays ?? defaults.expiryDays),
      ...reminderColumns(draft.reminders !== undefined ? draft.reminders : defaults.reminders),
    },
    "the new signature request",
  );
  await tx.insert(documentVersions).values({
    requestId: req.id,
    version: 1,
    sha256: doc.sha256,
    uploadedSha256: uploadedSha256Of(doc),
    size: doc.size,
    pageCount: doc.pageCount,
    pages: doc.pages,
    reason: "ORIGINAL",
    filename: draft.filename,
  });
  await recordEvent(tx, req.id, "request.created", keyActor(auth), {
    title: req.title,
    sha256: doc.sha256,
    ...(uploadedSha256Of(doc) !== null && { uploadedSha256: doc.uploadedSha256 }),
    pageCount: doc.pageCount,
    ...(req.locale !== null && { locale: req.locale }),
    timezone: req.timezone,
    dateFormat: req.dateFormat,
    sendSettings: toSendSettingsDto(req),
    ...draft.origin,
  });
  return req;
}

/** What a creator names of a new draft beside its document: language, zone, date format and send settings. */
export const draftChoices = (i: RequestLocaleInput & SendSettingsInput): RequestLocaleInput & SendSettingsInput => ({
  locale: i.locale,
  timezone: i.timezone,
  dateFormat: i.dateFormat,
  subject: i.subject,
  message: i.message,
  replyTo: i.replyTo,
  expiresAt: i.expiresAt,
  expiryDays: i.expiryDays,
  reminders: i.reminders,
});

export async function createRequest(auth: KeyAuth, input: CreateRequestInput) {
  // A date that is already wrong is said before the document is read.
  if (input.expiresAt !== undefined) judgeExpiresAt(input.expiresAt, clock.now());
  const file = (input.file ?? input.documentFile)!;
  const doc = await acceptPdf(new Uint8Array(await file.arrayBuffer()));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await insertDraft(
      tx,
      auth,
      {
        title: input.title,
        deliveryMode: input.delivery_mode,
        filename: file.name || null,
        ...draftChoices(input),
      },
      doc,
    );
    return loadRequestDto(tx, req);
  });
}
