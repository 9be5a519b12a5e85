/**
 * Signing groups as the dashboard shows them: a recipient slot held by several people, `required` of whom
 * must sign. The API gives each member the group ({ id, name, required, size }, id = the group's first
 * member's, which owns the group's fields); these pure functions gather the members back into one slot.
 */
import { moveRecipient, type Ordered, type Target } from "./signing-steps";

export interface GroupInfo {
  id: string;
  name: string;
  required: number;
  size: number;
}
interface Member extends Ordered {
  group: GroupInfo | null;
}

/** One place in a signing step: a recipient outside any group, or a group with its members (in the order given). */
export type Slot<T> = { kind: "one"; r: T } | { kind: "group"; group: GroupInfo; members: [T, ...T[]] };

/** The slots of a list of recipients, each where its first recipient stands. */
export function slotsOf<T extends { id: string; group: GroupInfo | null }>(rs: readonly T[]): Slot<T>[] {
  const out: Slot<T>[] = [];
  const byGroup = new Map<string, [T, ...T[]]>();
  for (const r of rs) {
    if (!r.group) {
      out.push({ kind: "one", r });
      continue;
    }
    const members = byGroup.get(r.group.id);
    if (members) members.push(r);
    else {
      const first: [T, ...T[]] = [r];
      byGroup.set(r.group.id, first);
      out.push({ kind: "group", group: r.group, members: first });
    }
  }
  return out;
}

/** Whom a recipient's fields belong to: its group's id for a member, else its own. */
export const ownerIdOf = (r: { id: string; group: GroupInfo | null }) => r.group?.id ?? r.id;

/** Whether a group's fields fall into places (1 … required): only when more than one member must sign. */
export const hasPlaces = (g: { required: number } | null | undefined): g is { required: number } => !!g && g.required > 1;

/**
 * The draft's signers as the placer offers them: one owner per recipient outside a group, one per group
 * (named by the group, with its id), each with its order.
 */
export function signerOwners<T extends Member & { name: string }>(
  signers: readonly T[],
): { id: string; name: string; order: number; group: { required: number; size: number } | null }[] {
  return slotsOf(signers).map((s) =>
    s.kind === "one"
      ? { id: s.r.id, name: s.r.name, order: s.r.order, group: null }
      : {
          id: s.group.id,
          name: s.group.name,
          order: s.members[0].order,
          group: { required: s.group.required, size: s.group.size },
        },
  );
}

/**
 * Moves a recipient like moveRecipient; a group's member takes the whole group along (its members always
 * share one step). Returns the new order of every recipient.
 */
export function moveWithGroup<T extends Member>(items: T[], id: string, target: Target): Map<string, number> {
  const moved = items.find((r) => r.id === id);
  const group = moved?.group?.id;
  if (!moved || !group) return moveRecipient(items, id, target);
  // The group is moved as its one member; the others follow it.
  const others = items.filter((r) => r.group?.id === group && r.id !== id);
  const next = moveRecipient(
    items.filter((r) => !others.includes(r)),
    id,
    target,
  );
  for (const r of others) next.set(r.id, next.get(id)!);
  return next;
}

/**
 * Signatures needed and given so far: a signer outside a group counts once, a group as many times as it
 * needs signatures (its members who signed, up to that).
 */
export function signatureCount(recipients: readonly (Member & { role: string; status: string })[]): {
  signed: number;
  total: number;
} {
  let signed = 0;
  let total = 0;
  for (const s of slotsOf(recipients.filter((r) => r.role === "SIGNER"))) {
    if (s.kind === "one") {
      total += 1;
      if (s.r.status === "SIGNED") signed += 1;
    } else {
      total += s.group.required;
      signed += Math.min(s.members.filter((m) => m.status === "SIGNED").length, s.group.required);
    }
  }
  return { signed, total };
}

/** The groups of a list of recipients by name in any letter case (recipients join a group by its name). */
export function groupNamed<T extends Member>(recipients: readonly T[], name: string): { group: GroupInfo; order: number } | null {
  const key = name.trim().toLocaleLowerCase();
  const r = recipients.find((x) => x.group && x.group.name.toLocaleLowerCase() === key);
  return r?.group ? { group: r.group, order: r.order } : null;
}
