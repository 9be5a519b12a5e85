/**
 * The step a recipient (or a template's role) is shown in. The stored `order` only ranks: recipients of
 * the same order act in parallel, a higher order after a lower one, and gaps mean nothing (removing the
 * only recipient of order 2 leaves 1 and 3). Every place that shows a step number — the recipients
 * editor, the review step, the request's page, the placer, the template form, the certificate of
 * completion — shows the rank of the recipient's order among the distinct orders of all the recipients,
 * CCs included (the editor draws them in steps too): 1, 2, … with no gap. The stored order is never
 * rewritten for it. No imports: the browser and the PDF engine both read it.
 */
export function stepNumbers(orders: Iterable<number>): (order: number) => number {
  const distinct = [...new Set(orders)].sort((a, b) => a - b);
  const step = new Map(distinct.map((o, i) => [o, i + 1]));
  // An order none of the given ones has (not expected): after the last step, never a step taken by others.
  return (order) => step.get(order) ?? distinct.filter((o) => o < order).length + 1;
}

/** The step of each recipient (or role) by id: `stepNumbers` over their orders. */
export function stepsById(recipients: readonly { id: string; order: number }[]): Map<string, number> {
  const stepOf = stepNumbers(recipients.map((r) => r.order));
  return new Map(recipients.map((r) => [r.id, stepOf(r.order)]));
}
