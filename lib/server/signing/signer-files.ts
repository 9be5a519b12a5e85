import "server-only";
import { openSignerLink } from "./open-signer-link";
import { and, asc, count, eq, inArray, sql, sum } from "drizzle-orm";
import { DEFAULT_FILE_MB, MAX_FILES_PER_FIELD } from "@/lib/schemas/fields";
import { FILE_KINDS, type FileKind } from "@/lib/schemas/states";
import { fileNameOf } from "@/lib/files/file-name";
import { PdfError } from "@/lib/pdf/errors";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { loadSignersFields } from "../model/groups";
import { fields, signerFiles } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError } from "../errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { pdfErrorToApp, runEngine } from "../engine";
import { acceptPdf } from "../documents/store-document";
import { assertMayAct } from "../model/recipient-state";
import { dropUnusedTextLayers } from "../model/signer-leftovers";
import { isUuid } from "../auth/scope";
import { BLOB_GRACE_MS } from "../blobs/store";
import { clock } from "../clock";
import { enqueue } from "../jobs/queue";
import { formOfDrafts } from "./draft-form";
import { findSigner } from "./find-signer";

/**
 * Files a signer attaches to their FILE fields (an ID, a proof of address): judged by their bytes before
 * anything is stored, whatever their name or declared type says. An image is decoded and encoded again
 * in the engine (what is kept holds nothing but the picture); a PDF is read as an uploaded document is
 * (the engine's limits, stored in its one reading). Each is kept as a blob; the signature's value names
 * the ones the signer keeps, and the seal embeds those in the sealed PDF.
 *
 * A file is taken only for a field shown as the form stands (the signer's saved values and earlier
 * signers' make it so: a FILE field a condition hides takes none), and within two byte budgets of what
 * is held (uploaded and not released, kept or not): the signing link's and the request's. What the
 * signature does not keep is released when the turn ends (model/signer-leftovers.ts).
 */

export type SignerFileRow = typeof signerFiles.$inferSelect;

export const MIME_OF: Record<FileKind, "application/pdf" | "image/png" | "image/jpeg"> = {
  PDF: "application/pdf",
  PNG: "image/png",
  JPEG: "image/jpeg",
};
const EXTENSION: Record<FileKind, string> = { PDF: ".pdf", PNG: ".png", JPEG: ".jpg" };

/** Uploads a field may hold (each replaced or not), beyond which the signer is told to sign with what they have. */
const MAX_UPLOADS_PER_FIELD = MAX_FILES_PER_FIELD * 3;

/** What the bytes are: a PDF ("%PDF-" first), a PNG (its 8-byte signature) or a JPEG (SOI then a marker); else null. */
export function fileKindOf(bytes: Uint8Array): FileKind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "PDF";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "PNG";
  if (starts([0xff, 0xd8, 0xff])) return "JPEG";
  return null;
}

/** A file's name as kept: cleaned, with the extension of what it is (a PNG named "id.pdf" becomes "id.png"). */
function keptName(given: string, kind: FileKind): string {
  const base = fileNameOf(given.replace(/\.(pdf|png|jpe?g)$/i, ""), "attachment");
  return `${[...base].slice(0, 150).join("")}${EXTENSION[kind]}`;
}

export const signerFileDto = (f: SignerFileRow) => ({
  id: f.id,
  fieldId: f.fieldId,
  name: f.name,
  type: f.mime as (typeof MIME_OF)[FileKind],
  size: f.size,
  sha256: f.sha256,
  uploadedAt: f.createdAt.toISOString(),
});

const refuse = (code: "ATTACHMENT_TYPE_NOT_ACCEPTED" | "ATTACHMENT_TOO_LARGE" | "ATTACHMENT_DAMAGED", message: string) =>
  new AppError(code, message, { errors: [{ field: "file", message }] });

/** POST /api/sign/{token}/files: one file for one of this signer's FILE fields, judged, then kept. */
export async function uploadSignerFile(
  token: string,
  input: { fieldId: string; file: File },
  who: Omit<Actor, "actor">,
  session: string | null = null,
) {
  const { db, r, req } = await openSignerLink(token, who, session);
  assertMayAct(r, req, "sign");
  const all = isUuid(input.fieldId) ? await db.select().from(fields).where(eq(fields.requestId, req.id)) : [];
  const { mine } = await loadSignersFields(db, all, r);
  const field = mine.find((f) => f.id === input.fieldId);
  if (!field)
    throw new AppError("FIELD_NOT_FOUND", "This signer has no such field", {
      errors: [{ field: "fieldId", message: "This field is not one of yours" }],
    });
  if (field.type !== "FILE")
    throw new AppError("VALIDATION_FAILED", `This field is a ${field.type}: files are attached to FILE fields`, {
      errors: [{ field: "fieldId", message: "Not a FILE field" }],
    });
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(signerFiles).where(eq(signerFiles.fieldId, field.id));
  if (n >= MAX_UPLOADS_PER_FIELD)
    throw new AppError("TOO_MANY_ATTACHMENTS", `At most ${MAX_UPLOADS_PER_FIELD} files may be uploaded for one field`, {
      details: { limit: MAX_UPLOADS_PER_FIELD },
    });
  // Judged as signing judges it: a hidden field takes no value, so no file either.
  const form = await formOfDrafts(db, all, r, req, clock.now());
  if (!form.shown(field.id)) {
    const label = field.label || field.name || "This field";
    throw new AppError(
      "FIELD_HIDDEN",
      `${label} is hidden by its conditions, given the values you saved: it takes no file now. Save the answer that shows it first`,
      { details: { fieldId: field.id }, errors: [{ field: "fieldId", message: "This field is hidden by its conditions" }] },
    );
  }
  const accept = field.accept ?? [...FILE_KINDS];
  const maxMb = field.maxSizeMb ?? DEFAULT_FILE_MB;
  if (input.file.size > maxMb * 1024 * 1024)
    throw refuse(
      "ATTACHMENT_TOO_LARGE",
      `The file is ${Math.ceil(input.file.size / 1024)} KB; this field takes files up to ${maxMb} MB`,
    );
  // Before the bytes are read: the size given; under the lock below, the size kept.
  await assertWithinBudgets(db, req.id, r.id, input.file.size);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const kind = fileKindOf(bytes);
  if (!kind || !accept.includes(kind))
    throw refuse(
      "ATTACHMENT_TYPE_NOT_ACCEPTED",
      `${kind ? `A ${kind} is not taken here` : "The file is not a PDF, PNG or JPEG"}: this field takes ${accept.join(", ")} (judged by the file's content)`,
    );

  let stored: { sha256: string; size: number; mime: string };
  if (kind === "PDF") {
    // Its pages only (lib/pdf/clean-attachment.ts: no script, action or embedded file goes under the seal),
    // then as an uploaded document: the engine's limits, kept in its one reading.
    let clean;
    try {
      clean = await runEngine("cleanAttachmentPdf", [bytes], { timeoutMs: 30_000 });
    } catch (e) {
      pdfErrorToApp(e);
    }
    const pdf = await acceptPdf(clean.pdf);
    stored = { sha256: pdf.sha256, size: pdf.size, mime: MIME_OF.PDF };
  } else {
    let clean;
    try {
      clean = await runEngine("cleanImage", [bytes], { timeoutMs: 30_000 });
    } catch (e) {
      if (e instanceof PdfError) throw refuse("ATTACHMENT_DAMAGED", `The image cannot be used: ${e.message}`);
      throw e;
    }
    const put = await blobs().put(clean.bytes);
    stored = { sha256: put.sha256, size: put.size, mime: clean.format === "png" ? MIME_OF.PNG : MIME_OF.JPEG };
  }
  const kept = stored.mime === MIME_OF.PNG ? "PNG" : stored.mime === MIME_OF.JPEG ? "JPEG" : "PDF";
  try {
    return await recordUpload(token, { r, req, field, name: input.file.name, kept, stored }, who);
  } catch (e) {
    // Stored but not recorded (the turn ended meanwhile, a budget was reached): let the bytes go once
    // the grace period is over, unless another record points at them by then.
    await db
      .transaction(async (tx) => {
        const layers = kept === "PDF" ? await dropUnusedTextLayers(tx, [stored.sha256]) : [];
        const release = { runId: null, sha256s: [stored.sha256, ...layers], mailIds: [] };
        await enqueue(tx, "purge-blobs", release, { runAt: new Date(Date.now() + BLOB_GRACE_MS) });
      })
      .catch(() => undefined); // the refusal is what the signer is told; a later purge finds the bytes
    throw e;
  }
}

/** The row of a judged and stored upload, under the lock a signature takes (so never after the turn ended). */
async function recordUpload(
  token: string,
  u: {
    r: { id: string };
    req: { id: string };
    field: { id: string };
    name: string;
    kept: FileKind;
    stored: { sha256: string; size: number; mime: string };
  },
  who: Omit<Actor, "actor">,
) {
  const { r, req, field, kept, stored } = u;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r: now, req: reqNow } = await findSigner(tx, token, { forUpdate: true });
    assertMayAct(now, reqNow, "sign");
    // The request's row is locked: two signers of a step cannot both pass its budget.
    await assertWithinBudgets(tx, req.id, r.id, stored.size);
    const [row] = await tx
      .insert(signerFiles)
      .values({
        requestId: req.id,
        recipientId: r.id,
        fieldId: field.id,
        name: keptName(u.name || "attachment", kept),
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
      })
      .returning();
    await recordEvent(
      tx,
      req.id,
      "recipient.file_uploaded",
      { actor: `recipient:${r.id}`, ...who },
      {
        fieldId: field.id,
        fileId: row!.id,
        name: row!.name,
        sha256: row!.sha256,
        size: row!.size,
      },
    );
    return signerFileDto(row!);
  });
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Refuses a file of `size` bytes that would take what the link or the request holds (every upload not
 * released, kept or not) past its budget: 413 naming the budget, what is held and the file.
 */
async function assertWithinBudgets(db: Queryable, requestId: string, recipientId: string, size: number) {
  const [held] = await db
    .select({
      request: sum(signerFiles.size).mapWith(Number),
      mine: sum(sql`case when ${signerFiles.recipientId} = ${recipientId} then ${signerFiles.size} else 0 end`).mapWith(Number),
    })
    .from(signerFiles)
    .where(eq(signerFiles.requestId, requestId));
  const budgets = [
    ["SIGNER_UPLOADS_OVER_BUDGET", "this signing link", config.signerUploadsMaxBytes, held?.mine ?? 0],
    ["REQUEST_UPLOADS_OVER_BUDGET", "this request's signers together", config.requestUploadsMaxBytes, held?.request ?? 0],
  ] as const;
  for (const [code, whose, limit, heldBytes] of budgets) {
    if (heldBytes + size <= limit) continue;
    const message = `Files uploaded for ${whose} are limited to ${mb(limit)}: ${mb(heldBytes)} are held and this file is ${mb(size)}`;
    throw new AppError(code, message, {
      details: { limitBytes: limit, heldBytes, fileBytes: size },
      errors: [{ field: "file", message }],
    });
  }
}

/** A recipient's uploaded files for these fields, by field. */
export async function filesOfFields(db: Queryable, recipientId: string, fieldIds: string[]) {
  const out = new Map<string, SignerFileRow[]>();
  if (!fieldIds.length) return out;
  const rows = await db
    .select()
    .from(signerFiles)
    .where(and(eq(signerFiles.recipientId, recipientId), inArray(signerFiles.fieldId, fieldIds)))
    .orderBy(asc(signerFiles.createdAt));
  for (const f of rows) out.set(f.fieldId, [...(out.get(f.fieldId) ?? []), f]);
  return out;
}
