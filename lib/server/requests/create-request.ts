import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import type { DateFormat } from "@/lib/schemas/states";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { documentVersions, organizations, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { keyActor, recordEvent } from "../audit/record-event";
import { loadRequestDto } from "./load-request";
import { acceptPdf } from "./store-document";

/** A request's language, time zone and date format as its creator gives them (issue 23): each optional. */
export interface RequestLocaleInput {
  locale?: Locale;
  timezone?: string;
  dateFormat?: DateFormat;
}

export interface CreateRequestInput extends RequestLocaleInput {
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
}

/**
 * A new DRAFT with its document as version 1, and the audit event that says where it came from.
 * Every way of making a draft (upload, template) goes through here. A request without a time zone takes
 * its organization's as it is now (a later change of the organization's leaves the request as it was).
 */
export async function insertDraft(
  tx: Queryable,
  auth: KeyAuth,
  draft: { title: string; deliveryMode?: string; filename: string | null; origin?: Record<string, unknown> } & RequestLocaleInput,
  doc: StoredPdf,
) {
  const req = oneRow(
    await tx
      .insert(signatureRequests)
      .values({
        orgId: auth.orgId,
        environment: auth.environment,
        title: draft.title,
        deliveryMode: draft.deliveryMode ?? "email",
        createdByKeyId: auth.keyId,
        locale: draft.locale ?? null,
        timezone:
          draft.timezone ??
          sql`(${tx.select({ tz: organizations.timezone }).from(organizations).where(eq(organizations.id, auth.orgId))})`,
        ...(draft.dateFormat !== undefined && { dateFormat: draft.dateFormat }),
      })
      .returning(),
    "the new signature request",
  );
  await tx.insert(documentVersions).values({
    requestId: req.id,
    version: 1,
    sha256: doc.sha256,
    size: doc.size,
    pageCount: doc.pageCount,
    pages: doc.pages,
    reason: "ORIGINAL",
    filename: draft.filename,
  });
  await recordEvent(tx, req.id, "request.created", keyActor(auth), {
    title: req.title,
    sha256: doc.sha256,
    pageCount: doc.pageCount,
    ...(req.locale !== null && { locale: req.locale }),
    timezone: req.timezone,
    dateFormat: req.dateFormat,
    ...draft.origin,
  });
  return req;
}

export async function createRequest(auth: KeyAuth, input: CreateRequestInput) {
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
        locale: input.locale,
        timezone: input.timezone,
        dateFormat: input.dateFormat,
      },
      doc,
    );
    return loadRequestDto(tx, req);
  });
}
