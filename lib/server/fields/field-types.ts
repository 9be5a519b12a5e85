import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { FieldInput } from "@/lib/schemas/requests";
import type { Queryable } from "../db";
import { fields } from "../db/schema";
import type { FieldError } from "../errors";

type FieldRow = typeof fields.$inferSelect;
type TypeProps = Pick<FieldInput, "type" | "options" | "group" | "option" | "min" | "max" | "decimals">;
type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** A RADIO group: one choice per group and recipient. */
export interface RadioKey {
  recipientId: string;
  group: string;
}

/** Gap between the buttons of a RADIO given with `options`, as a share of a button's height. */
const RADIO_SPACING = 1.5;

/**
 * The columns of the new types' properties, null where the type has none. A RADIO row's `options`
 * is its group's union, written by syncRadioGroups, so it is left null here.
 */
export function typeColumns(f: { type: string } & Nullable<Omit<TypeProps, "type">>) {
  return {
    options: f.type === "DROPDOWN" ? (f.options ?? null) : null,
    groupName: f.type === "RADIO" ? (f.group ?? null) : null,
    optionValue: f.type === "RADIO" ? (f.option ?? null) : null,
    minValue: f.type === "NUMBER" ? (f.min ?? null) : null,
    maxValue: f.type === "NUMBER" ? (f.max ?? null) : null,
    decimals: f.type === "NUMBER" ? (f.decimals ?? null) : null,
  };
}

/** A field's stored properties (every type's, then the new types'), from an API or template input. */
export function propertyColumns(
  f: {
    type: string;
    name?: string | null;
    required?: boolean | null;
    label?: string | null;
    maxLength?: number | null;
    fontSize?: number | null;
    defaultValue?: string | null;
  } & Nullable<Omit<TypeProps, "type">>,
) {
  return {
    name: f.name ?? null,
    required: f.required ?? true,
    label: f.label ?? null,
    maxLength: f.maxLength ?? null,
    fontSize: f.fontSize ?? null,
    defaultValue: f.defaultValue ?? null,
    ...typeColumns(f),
  };
}

/**
 * A RADIO given with `options` instead of `option` is a whole group: one button per option, the
 * first at (x, y), each next one 1.5 × height lower, all width × height. What a Documenso or
 * DocuSeal user sends ("a radio with these options") and what a DocuSign user sends (one button
 * per position) both work.
 */
export function expandRadioOptions<T extends FieldInput>(inputs: T[]): T[] {
  return inputs.flatMap((f) =>
    f.type === "RADIO" && f.options && f.option === undefined
      ? f.options.map((option, i) => ({ ...f, options: undefined, option, y: f.y + i * f.height * RADIO_SPACING }))
      : [f],
  );
}

const keyOf = (recipientId: string, group: string) => `${recipientId}\u0000${group}`;

/** Two buttons of one group (per recipient) may not stand for the same option. */
export function radioGroupProblems(
  existing: Pick<FieldRow, "recipientId" | "groupName" | "optionValue">[],
  inputs: (Pick<FieldInput, "type" | "recipientId"> & { group?: string; option?: string })[],
): FieldError[] {
  const taken = new Set(
    existing
      .filter((r) => r.groupName && r.optionValue)
      .map((r) => `${keyOf(r.recipientId, r.groupName!)}\u0000${r.optionValue}`),
  );
  const out: FieldError[] = [];
  inputs.forEach((f, i) => {
    if (f.type !== "RADIO" || !f.group || !f.option) return;
    const k = `${keyOf(f.recipientId, f.group)}\u0000${f.option}`;
    const at = inputs.length > 1 ? `fields.${i}.` : "";
    if (taken.has(k))
      out.push({ field: `${at}option`, message: `RADIO group "${f.group}" already has a button for option "${f.option}"` });
    taken.add(k);
  });
  return out;
}

/**
 * Writes each group's options (its buttons' options in reading order: page, top, left) on every
 * button of the group; returns the rows as they now are.
 */
export async function syncRadioGroups(tx: Queryable, requestId: string, keys: RadioKey[]): Promise<Map<string, FieldRow>> {
  const out = new Map<string, FieldRow>();
  const seen = new Set<string>();
  for (const k of keys) {
    const id = keyOf(k.recipientId, k.group);
    if (seen.has(id)) continue;
    seen.add(id);
    const rows = await tx
      .select()
      .from(fields)
      .where(
        and(
          eq(fields.requestId, requestId),
          eq(fields.recipientId, k.recipientId),
          eq(fields.type, "RADIO"),
          eq(fields.groupName, k.group),
        ),
      );
    if (!rows.length) continue;
    rows.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
    const options = [...new Set(rows.map((r) => r.optionValue).filter((o): o is string => !!o))];
    const updated = await tx
      .update(fields)
      .set({ options })
      .where(
        inArray(
          fields.id,
          rows.map((r) => r.id),
        ),
      )
      .returning();
    for (const r of updated) out.set(r.id, r);
  }
  return out;
}
