import "server-only";
import type { FieldShapeInput } from "@/lib/schemas/fields";
import type { FieldError } from "../errors";

/** A RADIO group: one choice per group and assignee (a request's recipient, a template's role). */
export interface RadioKey {
  assigneeId: string;
  group: string;
}

/** Gap between the buttons of a RADIO given with `options`, as a share of a button's height. */
const RADIO_SPACING = 1.5;

/**
 * A RADIO given with `options` instead of `option` is a whole group: one button per option, the
 * first at (x, y), each next one 1.5 × height lower, all width × height. What a Documenso or
 * DocuSeal user sends ("a radio with these options") and what a DocuSign user sends (one button
 * per position) both work.
 */
export function expandRadioOptions<T extends Pick<FieldShapeInput, "type" | "options" | "option" | "y" | "height">>(
  inputs: T[],
): T[] {
  return inputs.flatMap((f) =>
    f.type === "RADIO" && f.options && f.option === undefined
      ? f.options.map((option, i) => ({ ...f, options: undefined, option, y: f.y + i * f.height * RADIO_SPACING }))
      : [f],
  );
}

const keyOf = (assigneeId: string, group: string) => `${assigneeId}\u0000${group}`;

/** Two buttons of one group (per assignee) may not stand for the same option. */
export function radioGroupProblems(
  existing: { assigneeId: string; group: string | null; option: string | null }[],
  inputs: (Pick<FieldShapeInput, "type"> & { assigneeId: string; group?: string; option?: string })[],
): FieldError[] {
  const taken = new Set(
    existing.filter((r) => r.group && r.option).map((r) => `${keyOf(r.assigneeId, r.group!)}\u0000${r.option}`),
  );
  const out: FieldError[] = [];
  inputs.forEach((f, i) => {
    if (f.type !== "RADIO" || !f.group || !f.option) return;
    const k = `${keyOf(f.assigneeId, f.group)}\u0000${f.option}`;
    const at = inputs.length > 1 ? `fields.${i}.` : "";
    if (taken.has(k))
      out.push({ field: `${at}option`, message: `RADIO group "${f.group}" already has a button for option "${f.option}"` });
    taken.add(k);
  });
  return out;
}
