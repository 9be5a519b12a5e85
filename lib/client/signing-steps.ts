/**
 * Signing steps: recipients with the same order sign in parallel, steps run one after another.
 * Pure functions so the drag-and-drop and the select both go through the same renumbering.
 */
export interface Ordered {
  id: string;
  order: number;
}

/** Groups by order, ascending; the result's index + 1 is the step shown. */
export function groupsOf<T extends Ordered>(items: T[]): [T, ...T[]][] {
  const byOrder = new Map<number, [T, ...T[]]>();
  for (const r of [...items].sort((a, b) => a.order - b.order)) {
    const group = byOrder.get(r.order);
    if (group) group.push(r);
    else byOrder.set(r.order, [r]);
  }
  return [...byOrder.values()];
}

export type Target = { kind: "join"; step: number } | { kind: "insert"; before: number };

/**
 * Moves one recipient into step `step` (0-based) or into a new step inserted before index `before`,
 * and returns the new order of every recipient (steps numbered 1, 2, 3 ... without gaps).
 */
export function moveRecipient<T extends Ordered>(items: T[], id: string, target: Target): Map<string, number> {
  const groups = groupsOf(items).map((g) => g.map((r) => r.id));
  const from = groups.findIndex((g) => g.includes(id));
  const source = groups[from];
  if (!source) return new Map(items.map((r) => [r.id, r.order]));
  // Mark the source slot empty rather than removing it, so the target indexes stay valid.
  groups[from] = source.filter((x) => x !== id);
  if (target.kind === "join") groups[Math.max(0, Math.min(target.step, groups.length - 1))]?.push(id);
  else groups.splice(Math.max(0, Math.min(target.before, groups.length)), 0, [id]);
  const result = new Map<string, number>();
  groups
    .filter((g) => g.length > 0)
    .forEach((g, i) => {
      for (const rid of g) result.set(rid, i + 1);
    });
  return result;
}
