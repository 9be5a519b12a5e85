import "server-only";
import { eq } from "drizzle-orm";
import type { FieldDto, FieldInput } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { fields, signatureRequests } from "../db/schema";
import type { Conditions } from "@/lib/forms/conditions";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest, loadDocuments, loadRecipients } from "../model/request-queries";
import { type RequestRow } from "../model/rows";
import { isRequestField, requestOwner, type StoredField } from "../model/field-owner";
import { fieldDtoOf } from "../model/field-row";
import { changeField, placeFields, removeField, type FieldContext } from "./field-service";
import { problemsAddedBy, throwFormProblems } from "./form-guard";
import { slotOf } from "../model/groups";
import type { FieldError } from "../errors";

/**
 * Why a field's place (`seat`) does not fit its assignee, or null: a signing group that needs n signatures has
 * places 1 … n; anyone else place 1. Shared by a template's roles (templates/template-fields.ts).
 */
export function seatProblem(
  group: { name: string | null; required: number | null } | null,
  seat: number | null | undefined,
  at: string,
): FieldError | null {
  const places = group ? (group.required ?? 1) : 1;
  if (seat === undefined || seat === null || seat <= places) return null;
  return {
    field: `${at}seat`,
    message: group
      ? `The signing group “${group.name}” needs ${places} signature(s): its places are 1 to ${places}, not ${seat}`
      : `seat ${seat} is for a signing group's places; a field for one signer is in place 1`,
  };
}

/**
 * A request's fields (POST, PATCH, DELETE …/signature-requests/{id}/fields): the field service
 * (field-service.ts) with the request as owner. A field is for a SIGNER of the request, on one of its
 * documents (the first unless it names another); every change is in the request's audit trail.
 */

/** A request field as given to the service: its recipient, and where the anchor was when an anchor placed it. */
export type RequestFieldInput = FieldInput & { anchor?: Record<string, unknown> };

function toDto(r: StoredField): FieldDto {
  if (!isRequestField(r)) throw new Error(`Field ${r.id} is not a request's`);
  return fieldDtoOf(r, { recipientId: r.assigneeId, documentId: r.documentId });
}

/** The request as the field service works on it, read in the transaction that changes its fields. */
async function requestContext(tx: Queryable, req: RequestRow, who: Actor): Promise<FieldContext> {
  const documents = (await loadDocuments(tx, req.id)).map((d) => ({ ...d.current, id: d.id }));
  const byId = new Map((await loadRecipients(tx, req.id)).map((r) => [r.id, r]));
  return {
    owner: requestOwner(req.id),
    documents,
    assigneeProblem: ({ assigneeId, seat }, at) => {
      const rec = byId.get(assigneeId);
      if (!rec) return { field: `${at}recipientId`, message: `recipientId ${assigneeId} is not a recipient of this request` };
      if (rec.role !== "SIGNER")
        return { field: `${at}recipientId`, message: `Recipient ${rec.email} is ${rec.role}; only a SIGNER has fields` };
      return seatProblem(rec.groupId ? { name: rec.groupName, required: rec.groupRequired } : null, seat, at);
    },
    recorded: async (db, change) => {
      if (change.kind === "added") {
        await db.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, req.id));
        const fieldIds = change.rows.map((r) => r.id);
        await recordEvent(db, req.id, "fields.added", who, { count: fieldIds.length, fieldIds });
      } else {
        await recordEvent(db, req.id, change.kind === "updated" ? "field.updated" : "field.removed", who, {
          fieldId: change.row.id,
        });
      }
    },
  };
}

/** The id a field given for `recipientId` is stored for: a signing group's member's field is the group's (model/groups.ts). */
async function slotIds(tx: Queryable, req: RequestRow) {
  const byId = new Map((await loadRecipients(tx, req.id)).map((r) => [r.id, r]));
  return (recipientId: string) => {
    const r = byId.get(recipientId);
    return r ? slotOf(r) : recipientId;
  };
}

/** Places fields on a draft request after checking every one of them (field-service.ts placeFields). */
export async function insertFields(tx: Queryable, req: RequestRow, given: RequestFieldInput[], who: Actor) {
  const ctx = await requestContext(tx, req, who);
  const slot = await slotIds(tx, req);
  const rows = await placeFields(
    tx,
    ctx,
    given.map(({ recipientId, ...f }) => ({ ...f, assigneeId: slot(recipientId) })),
  );
  return rows.map(toDto);
}

/**
 * Gives fields placed just now their conditions (copied from a template, whose rules name its own
 * fields: `conditions` already name the draft's), then judges the form as a whole.
 */
export async function setFieldConditions(
  tx: Queryable,
  req: RequestRow,
  who: Actor,
  given: { id: string; conditions: Conditions }[],
) {
  if (!given.length) return;
  const { added } = await problemsAddedBy(tx, requestOwner(req.id), async () => {
    for (const g of given) await tx.update(fields).set({ conditions: g.conditions }).where(eq(fields.id, g.id));
  });
  throwFormProblems(added);
}

/** Finds the request for a change of its fields: locked, and only while it is a draft. */
async function draftFor(tx: Queryable, auth: KeyAuth, requestId: string, doing: string) {
  const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
  assertDraft(req, doing);
  return req;
}

export async function addFields(auth: KeyAuth, requestId: string, inputs: FieldInput[]) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await draftFor(tx, auth, requestId, "adding fields");
    return { fields: await insertFields(tx, req, inputs, keyActor(auth)) };
  });
}

export async function updateField(auth: KeyAuth, requestId: string, fieldId: string, patch: Partial<FieldInput>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await draftFor(tx, auth, requestId, "changing fields");
    const ctx = await requestContext(tx, req, keyActor(auth));
    const { recipientId, ...fieldPatch } = patch;
    const slot = await slotIds(tx, req);
    return toDto(await changeField(tx, ctx, fieldId, fieldPatch, (cur) => (recipientId ? slot(recipientId) : cur.assigneeId)));
  });
}

export async function deleteField(auth: KeyAuth, requestId: string, fieldId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await draftFor(tx, auth, requestId, "removing fields");
    return removeField(tx, await requestContext(tx, req, keyActor(auth)), fieldId);
  });
}
