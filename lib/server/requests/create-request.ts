import "server-only";
import { eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import type { DateFormat } from "@/lib/schemas/states";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { organizations, signatureRequests } from "../db/schema";
import { oneRow, insertRow } from "../db/rows";
import { clock } from "../clock";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { loadRequestDto } from "../model/request-dto";
import type { RequestDocument } from "../model/rows";
import { acceptPdfs, documentFacts, insertDocument, type NewDocument } from "./request-documents";
import { documentNameOf, judgeDocumentCount, judgeDocumentLimits } from "../documents/document-set";
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
  /** The PDFs, in order: one or several `file` parts (or `documentFile`). */
  file?: File | File[];
  documentFile?: File | File[];
}

/**
 * A new DRAFT with its documents (each as its version 1), and the audit event that says where it came from.
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
    origin?: Record<string, unknown>;
    /** Who the audit trail names as its creator (the key's, else). */
    actor?: Actor;
    /** A visitor's request: the public link it came from. */
    publicLinkId?: string;
  } & RequestLocaleInput &
    SendSettingsInput,
  given: readonly NewDocument[],
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
      source: draft.publicLinkId ? "public_link" : "api",
      publicLinkId: draft.publicLinkId ?? null,
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
  const documents: RequestDocument[] = [];
  for (const [i, d] of given.entries()) documents.push(await insertDocument(tx, req.id, i + 1, d));
  const [first] = documents;
  if (!first) throw new Error("A request is made with at least one document");
  await recordEvent(tx, req.id, "request.created", draft.actor ?? keyActor(auth), {
    title: req.title,
    sha256: first.current.sha256,
    ...(first.current.uploadedSha256 !== null && { uploadedSha256: first.current.uploadedSha256 }),
    pageCount: first.current.pageCount,
    documents: documents.map(documentFacts),
    ...(req.locale !== null && { locale: req.locale }),
    timezone: req.timezone,
    dateFormat: req.dateFormat,
    sendSettings: toSendSettingsDto(req),
    ...draft.origin,
  });
  return { ...req, documents };
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
  // A date that is already wrong is said before the documents are read.
  if (input.expiresAt !== undefined) judgeExpiresAt(input.expiresAt, clock.now());
  const given = input.file ?? input.documentFile ?? [];
  const files = Array.isArray(given) ? given : [given];
  judgeDocumentCount(files.length);
  const stored = await acceptPdfs(files);
  judgeDocumentLimits([], stored);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await insertDraft(
      tx,
      auth,
      { title: input.title, deliveryMode: input.delivery_mode, ...draftChoices(input) },
      stored.map((s, i) => ({ name: documentNameOf(files[i]?.name, i + 1), stored: s })),
    );
    return loadRequestDto(tx, req);
  });
}
