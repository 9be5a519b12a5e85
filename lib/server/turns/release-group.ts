import "server-only";
import type { Queryable } from "../db";
import { recordEvent, systemActor } from "../audit/record-event";
import { enqueue } from "../jobs/queue";
import { membersOf } from "../model/groups";
import { MAY_ACT_STATUSES, tryTransitionRecipient } from "../model/recipient-state";
import { loadRecipients } from "../model/request-queries";
import type { RecipientRow, RequestRow } from "../model/rows";

/**
 * A member of a signing group has signed: once the group has the signatures it needs, every member who has
 * not signed is RELEASED (their link ends; their drafts and sessions go with the turn), and those who were
 * invited are told. In the caller's transaction, which holds the request's row. Returns who was released.
 */
export async function releaseGroup(tx: Queryable, req: RequestRow, signer: Pick<RecipientRow, "id" | "groupId">) {
  if (!signer.groupId) return [];
  const members = membersOf(await loadRecipients(tx, req.id), signer);
  const signed = members.filter((m) => m.status === "SIGNED");
  const required = members[0]?.groupRequired ?? 1;
  if (signed.length < required) return [];
  const released: RecipientRow[] = [];
  for (const m of members) {
    if (m.status !== "PENDING" && !(MAY_ACT_STATUSES as readonly string[]).includes(m.status)) continue;
    const moved = await tryTransitionRecipient(tx, m.id, "RELEASED");
    if (!moved) continue;
    released.push(moved);
    await recordEvent(tx, req.id, "recipient.released", systemActor, {
      recipientId: m.id,
      email: m.email,
      group: m.groupName,
      signedBy: signed.map((s) => s.id),
    });
    // Only someone who was invited has a link to be told about (an embedded turn has no mail).
    if (m.status !== "PENDING" && m.delivery !== "EMBEDDED")
      await enqueue(tx, "notify", { kind: "released", requestId: req.id, recipientId: m.id, group: m.groupName ?? "" });
  }
  return released;
}
