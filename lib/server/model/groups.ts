import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { fields, recipients } from "../db/schema";
import { AppError } from "../errors";
import { MAX_GROUP_MEMBERS } from "@/lib/schemas/fields";
import type { RecipientRow } from "./rows";

/**
 * Signing groups: a place in the order held by several people, `groupRequired` of whom must sign ("any one of
 * the three directors", "two of the three"). Each member is a recipient of their own (their own link, mails,
 * authentication, drafts), in the same step; they share `groupId`, the id of the group's first member, to whom
 * the group's fields are assigned. A group that needs n signatures has n places: each field has a `seat`
 * (1 … n), and the k-th member to sign fills the fields of place k. Once n members have signed, the others are
 * RELEASED: their links end and they are told (turns/release-group.ts).
 */

type Member = Pick<RecipientRow, "id" | "groupId">;

/** The id a recipient's fields are assigned to: their group's, else their own. */
export const slotOf = (r: Member): string => r.groupId ?? r.id;

/** The members of a recipient's group among a request's recipients (just them when not in a group). */
export const membersOf = <R extends Member>(recs: readonly R[], r: Member): R[] =>
  r.groupId ? recs.filter((m) => m.groupId === r.groupId) : recs.filter((m) => m.id === r.id);

/**
 * The place a recipient fills: 1 out of a group; in a group, the place they took when they signed, else the
 * lowest one no member who signed has taken.
 */
export function seatOf(r: RecipientRow, recs: readonly RecipientRow[]): number {
  if (!r.groupId) return 1;
  if (r.groupSeat) return r.groupSeat;
  const taken = new Set(membersOf(recs, r).flatMap((m) => (m.status === "SIGNED" && m.groupSeat ? [m.groupSeat] : [])));
  const required = placesOf(r);
  for (let k = 1; k <= required; k++) if (!taken.has(k)) return k;
  return required;
}

/** How many places a signer's fields stand in: a group's signatures needed, else 1. */
export const placesOf = (r: Pick<RecipientRow, "groupId" | "groupRequired">): number => (r.groupId ? (r.groupRequired ?? 1) : 1);

/** Whether a field is this recipient's to fill: theirs (or their group's) and, in a group, of their place. */
export const isSignersField = (f: { recipientId: string; seat: number }, r: Member, seat: number): boolean =>
  f.recipientId === slotOf(r) && (!r.groupId || f.seat === seat);

/** A recipient's fields (their group's, of their place), with their place. */
export function signersFields<F extends { recipientId: string; seat: number }>(
  all: readonly F[],
  r: RecipientRow,
  recs: readonly RecipientRow[],
): { seat: number; mine: F[] } {
  const seat = seatOf(r, recs);
  return { seat, mine: all.filter((f) => isSignersField(f, r, seat)) };
}

/**
 * As signersFields, reading the signer's group's members when they are in one (their place depends on who
 * signed); a signer outside a group reads nothing more (the signing page's saves come every few seconds).
 */
export async function loadSignersFields<F extends { recipientId: string; seat: number }>(
  db: Queryable,
  all: readonly F[],
  r: RecipientRow,
): Promise<{ seat: number; mine: F[] }> {
  return signersFields(all, r, await loadMembers(db, r));
}

/** The members of a recipient's group as stored (just them when not in a group): what seatOf reads. */
export const loadMembers = async (db: Queryable, r: RecipientRow): Promise<RecipientRow[]> =>
  r.groupId ? db.select().from(recipients).where(eq(recipients.groupId, r.groupId)) : [r];

const groupError = (message: string, field = "group") => new AppError("GROUP_INVALID", message, { errors: [{ field, message }] });

/** The columns of a recipient joining the group named `name` among the request's recipients (a new one if none). */
export async function joinGroup(
  tx: Queryable,
  requestId: string,
  self: { id: string; role: string; order: number | undefined },
  group: { name: string; required?: number },
  /** A new group's `required` and step when none is given: the member's own so far (a rename keeps them). */
  carried: { required?: number | null; order?: number } = {},
): Promise<{ groupId: string; groupName: string; groupRequired: number; order: number }> {
  if (self.role !== "SIGNER") throw groupError("Only a SIGNER can be a member of a signing group", "role");
  const members = await tx
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.requestId, requestId),
        sql`lower(${recipients.groupName}) = lower(${group.name})`,
        sql`${recipients.id} <> ${self.id}`,
      ),
    )
    .orderBy(asc(recipients.createdAt), asc(recipients.id));
  const lead = members[0];
  if (!lead)
    return {
      groupId: self.id,
      groupName: group.name,
      groupRequired: group.required ?? carried.required ?? 1,
      order: self.order ?? carried.order ?? 1,
    };
  if (members.length >= MAX_GROUP_MEMBERS)
    throw groupError(`A signing group has at most ${MAX_GROUP_MEMBERS} members; “${lead.groupName}” has ${members.length}`);
  if (self.order !== undefined && self.order !== lead.order)
    throw groupError(
      `The signing group “${lead.groupName}” signs in step ${lead.order}; its members share it (leave order out, or give ${lead.order})`,
      "order",
    );
  const required = group.required ?? lead.groupRequired ?? 1;
  // `required` given on any member is the group's.
  if (group.required !== undefined && group.required !== lead.groupRequired)
    await tx.update(recipients).set({ groupRequired: required }).where(eq(recipients.groupId, lead.groupId!));
  return { groupId: lead.groupId!, groupName: lead.groupName!, groupRequired: required, order: lead.order };
}

/**
 * A member leaves their group (removed, or taken out of it): when they were its first, the next member becomes
 * the group's id and takes its fields; a group left with none keeps nothing. In the caller's transaction.
 */
export async function leaveGroup(tx: Queryable, r: RecipientRow): Promise<void> {
  if (!r.groupId) return;
  const others = await tx
    .select()
    .from(recipients)
    .where(and(eq(recipients.groupId, r.groupId), sql`${recipients.id} <> ${r.id}`))
    .orderBy(asc(recipients.createdAt), asc(recipients.id));
  const next = others[0];
  if (r.groupId !== r.id || !next) return;
  await tx.update(fields).set({ recipientId: next.id }).where(eq(fields.recipientId, r.id));
  await tx
    .update(recipients)
    .set({ groupId: next.id })
    .where(
      inArray(
        recipients.id,
        others.map((o) => o.id),
      ),
    );
}

/** What a request's groups would fail at when sent: fewer than two members, or more signatures than members. */
export function groupProblems(recs: readonly RecipientRow[]): string[] {
  const problems: string[] = [];
  const groups = new Map<string, RecipientRow[]>();
  for (const r of recs) if (r.groupId) groups.set(r.groupId, [...(groups.get(r.groupId) ?? []), r]);
  for (const members of groups.values()) {
    const [lead] = members;
    const required = lead!.groupRequired ?? 1;
    if (members.length < 2)
      problems.push(`The signing group “${lead!.groupName}” has one member; a group has two or more (or make it a plain signer)`);
    else if (required > members.length)
      problems.push(`The signing group “${lead!.groupName}” needs ${required} signatures but has ${members.length} members`);
  }
  return problems;
}
