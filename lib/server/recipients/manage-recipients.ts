import "server-only";
import { findRecipient } from "../model/find-recipient";
import { count, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { fields, recipients, signatureRequests } from "../db/schema";
import { oneRow, insertRow } from "../db/rows";
import { AppError } from "../errors";
import { keyActor, recordEvent } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest } from "../model/request-queries";
import { toRecipientDto } from "../model/request-dto";
import { type RecipientRow } from "../model/rows";
import { hashPassword } from "../auth/password";
import type { RecipientAuthentication, RecipientRole } from "@/lib/schemas/requests";
import type { RecipientDelivery } from "@/lib/schemas/requests";
import type { Locale } from "@/lib/i18n/locales";
import { assertEmbeddableAuth } from "../signing/embed-links";
import { keepingFieldsOf } from "../fields/form-guard";
import { requestOwner } from "../model/field-owner";
import { joinGroup, leaveGroup } from "../model/groups";
import { loadRecipients } from "../model/request-queries";
import { randomUUID } from "node:crypto";

interface RecipientInput {
  email?: string;
  name?: string;
  role?: RecipientRole;
  order?: number;
  signingOrder?: number;
  authentication?: RecipientAuthentication;
  /** Embedded signing: EMBEDDED gets no mail (see signing/embed-links.ts). */
  delivery?: RecipientDelivery;
  /** Their language; null (on a PATCH) goes back to the request's. */
  locale?: Locale | null;
  /** May hand their turn to someone else. */
  canDelegate?: boolean;
  /** Member of the signing group of this name (model/groups.ts); null (on a PATCH) leaves it. */
  group?: { name: string; required?: number } | null;
}

/**
 * The columns a recipient's `authentication` sets. An access code is stored as scrypt only; a
 * method other than ACCESS_CODE drops any code stored before. A PATCH that keeps ACCESS_CODE may
 * leave the code out (it stays); one that switches to ACCESS_CODE must give one.
 */
async function authColumns(auth: RecipientAuthentication | undefined, current?: RecipientRow) {
  if (!auth) return {};
  if (auth.method !== "ACCESS_CODE") return { authMethod: auth.method, accessCodeHash: null };
  if (auth.accessCode !== undefined) return { authMethod: auth.method, accessCodeHash: await hashPassword(auth.accessCode) };
  if (current?.authMethod === "ACCESS_CODE" && current.accessCodeHash) return { authMethod: auth.method };
  throw new AppError("VALIDATION_FAILED", "authentication.accessCode is required with method ACCESS_CODE (6 to 64 characters)", {
    errors: [
      {
        field: "authentication.accessCode",
        message: "authentication.accessCode is required with method ACCESS_CODE (6 to 64 characters)",
      },
    ],
  });
}

const touch = (tx: Queryable, requestId: string) =>
  tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, requestId));

export async function addRecipient(
  auth: KeyAuth,
  requestId: string,
  input: Required<Pick<RecipientInput, "email" | "name">> & RecipientInput,
) {
  const db = await getDb();
  // scrypt before the transaction: no row lock is held while it runs.
  const authSet = await authColumns(input.authentication);
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "adding recipients");
    assertEmbeddableAuth(input.delivery ?? "EMAIL", input.authentication?.method ?? "NONE");
    const { n } = oneRow(await tx.select({ n: count() }).from(recipients).where(eq(recipients.requestId, req.id)), "COUNT(*)");
    if (Number(n) >= config.maxRecipients) {
      throw new AppError("TOO_MANY_RECIPIENTS", `A request has at most ${config.maxRecipients} recipients`);
    }
    const id = randomUUID();
    const role = input.role ?? "SIGNER";
    const given = input.order ?? input.signingOrder;
    const group = input.group ? await joinGroup(tx, req.id, { id, role, order: given }, input.group) : null;
    const row = await insertRow(
      tx,
      recipients,
      {
        id,
        requestId: req.id,
        email: input.email,
        name: input.name,
        role,
        order: group?.order ?? given ?? 1,
        ...(group && { groupId: group.groupId, groupName: group.groupName, groupRequired: group.groupRequired }),
        ...authSet,
        ...(input.delivery !== undefined && { delivery: input.delivery }),
        locale: input.locale ?? null,
        canDelegate: input.canDelegate ?? false,
      },
      "the new recipient",
    );
    await touch(tx, req.id);
    await recordEvent(tx, req.id, "recipient.added", keyActor(auth), {
      recipientId: row.id,
      email: row.email,
      role: row.role,
      order: row.order,
      authMethod: row.authMethod,
      delivery: row.delivery,
      ...(row.locale !== null && { locale: row.locale }),
      ...(row.canDelegate && { canDelegate: true }),
      ...(row.groupName && { group: row.groupName }),
    });
    return toRecipientDto(row, await loadRecipients(tx, req.id));
  });
}

export async function updateRecipient(auth: KeyAuth, requestId: string, recipientId: string, input: RecipientInput) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "changing recipients");
    const current = await findRecipient(tx, req.id, recipientId);
    // Only a SIGNER has fields: a signer who becomes anything else must lose theirs first.
    if (input.role !== undefined && input.role !== "SIGNER" && current.role === "SIGNER") {
      const { n } = oneRow(await tx.select({ n: count() }).from(fields).where(eq(fields.recipientId, current.id)), "COUNT(*)");
      if (Number(n) > 0) {
        const a = /^[AEIOU]/.test(input.role) ? "an" : "a";
        throw new AppError(
          "RECIPIENT_HAS_FIELDS",
          `This recipient has ${n} field(s); ${a} ${input.role} recipient has none (only a SIGNER has fields). Delete the fields first`,
          {
            errors: [
              { field: "role", message: `${a === "an" ? "An" : "A"} ${input.role} recipient has no fields; this one has ${n}` },
            ],
          },
        );
      }
    }
    let order = input.order ?? input.signingOrder;
    assertEmbeddableAuth(input.delivery ?? current.delivery, input.authentication?.method ?? current.authMethod);
    const authSet = await authColumns(input.authentication, current);
    const role = input.role ?? current.role;
    // Joining (or moving to) a group, leaving one, or changing the step of a whole group.
    let groupSet: Partial<Pick<RecipientRow, "groupId" | "groupName" | "groupRequired" | "groupSeat">> = {};
    const moving =
      input.group !== undefined && (input.group === null || input.group.name.toLowerCase() !== current.groupName?.toLowerCase());
    if (moving) await leaveGroup(tx, current);
    if (input.group === null) groupSet = { groupId: null, groupName: null, groupRequired: null, groupSeat: null };
    else if (input.group || (current.groupId && input.role !== undefined)) {
      const g = input.group ?? { name: current.groupName! };
      const joined = await joinGroup(tx, req.id, { id: current.id, role, order: moving ? order : undefined }, g, {
        required: current.groupRequired,
        order: current.order,
      });
      // Staying in their group, a member finds its id unchanged (no leaveGroup above): the group's, as joinGroup says.
      const groupId = joined.groupId;
      groupSet = { groupId, groupName: joined.groupName, groupRequired: joined.groupRequired };
      if (moving) order = joined.order;
      // A member's fields are their group's: one who joins brings theirs (a group renamed member by member keeps them).
      if (groupId !== current.id) await tx.update(fields).set({ recipientId: groupId }).where(eq(fields.recipientId, current.id));
    }
    if (!moving && current.groupId && order !== undefined && order !== current.order)
      await tx.update(recipients).set({ order }).where(eq(recipients.groupId, current.groupId));
    const row = oneRow(
      await tx
        .update(recipients)
        .set({
          ...(input.email !== undefined && { email: input.email }),
          ...(input.name !== undefined && { name: input.name }),
          ...(input.role !== undefined && { role: input.role }),
          ...(order !== undefined && { order }),
          ...authSet,
          ...(input.delivery !== undefined && { delivery: input.delivery }),
          ...(input.locale !== undefined && { locale: input.locale }),
          ...(input.canDelegate !== undefined && { canDelegate: input.canDelegate }),
          ...groupSet,
        })
        .where(eq(recipients.id, current.id))
        .returning(),
      "the updated recipient",
    );
    await touch(tx, req.id);
    // What changed about authentication is named, never the code.
    const authChange = input.authentication
      ? { authMethod: row.authMethod, ...(input.authentication.accessCode !== undefined && { accessCodeChanged: true }) }
      : {};
    await recordEvent(tx, req.id, "recipient.updated", keyActor(auth), {
      recipientId: row.id,
      ...(input.role !== undefined && { role: row.role }),
      ...authChange,
      ...(input.delivery !== undefined && { delivery: row.delivery }),
      ...(input.locale !== undefined && { locale: row.locale }),
      ...(input.canDelegate !== undefined && { canDelegate: row.canDelegate }),
      ...(input.group !== undefined && { group: row.groupName }),
    });
    return toRecipientDto(row, await loadRecipients(tx, req.id));
  });
}

/** Deleting a recipient deletes its fields with it. */
export async function deleteRecipient(auth: KeyAuth, requestId: string, recipientId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "removing recipients");
    const current = await findRecipient(tx, req.id, recipientId);
    // The group keeps its fields when its first member goes (model/groups.ts): they move to the next.
    await leaveGroup(tx, current);
    // Another signer's rule or formula may read this recipient's fields: then they are not removed.
    const removed = await keepingFieldsOf(tx, requestOwner(req.id), `${current.name} (${current.email})`, () =>
      tx.delete(fields).where(eq(fields.recipientId, current.id)).returning({ id: fields.id }),
    );
    await tx.delete(recipients).where(eq(recipients.id, current.id));
    await touch(tx, req.id);
    await recordEvent(tx, req.id, "recipient.removed", keyActor(auth), {
      recipientId: current.id,
      fieldsRemoved: removed.length,
    });
    return { id: current.id, deleted: true, fieldsRemoved: removed.length };
  });
}
