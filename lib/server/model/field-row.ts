import "server-only";
import type { Conditions } from "@/lib/forms/conditions";
import type { FieldShape, FieldShapeInput } from "@/lib/schemas/fields";
import { fieldColumns, type fields } from "../db/schema";

/**
 * A field's own columns as stored (fieldColumns() in the schema): what it is, where it stands, its
 * properties. The same in a request's fields and a template's.
 */
export type FieldColumns = Pick<typeof fields.$inferSelect, keyof ReturnType<typeof fieldColumns>>;

type TypeProps = Pick<
  FieldShapeInput,
  "type" | "options" | "group" | "option" | "min" | "max" | "decimals" | "formula" | "accept" | "maxSizeMb" | "multiple"
>;
type Nullable<T> = { [K in keyof T]?: T[K] | null };

/**
 * The columns of the new types' properties, null where the type has none. A RADIO row's `options`
 * is its group's union, written by syncRadioGroups, so it is left null here.
 */
export function typeColumns(f: { type: string } & Nullable<Omit<TypeProps, "type">>) {
  return {
    options: f.type === "DROPDOWN" ? (f.options ?? null) : null,
    group: f.type === "RADIO" ? (f.group ?? null) : null,
    option: f.type === "RADIO" ? (f.option ?? null) : null,
    min: f.type === "NUMBER" ? (f.min ?? null) : null,
    max: f.type === "NUMBER" ? (f.max ?? null) : null,
    decimals: f.type === "NUMBER" || f.type === "FORMULA" ? (f.decimals ?? null) : null,
    formula: f.type === "FORMULA" ? (f.formula ?? null) : null,
    accept: f.type === "FILE" ? (f.accept ?? null) : null,
    maxSizeMb: f.type === "FILE" ? (f.maxSizeMb ?? null) : null,
    multiple: f.type === "FILE" ? (f.multiple ?? null) : null,
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
    conditions?: Conditions | null;
  } & Nullable<Omit<TypeProps, "type">>,
) {
  return {
    name: f.name ?? null,
    required: f.required ?? true,
    label: f.label ?? null,
    maxLength: f.maxLength ?? null,
    fontSize: f.fontSize ?? null,
    defaultValue: f.defaultValue ?? null,
    conditions: f.conditions ?? null,
    ...typeColumns(f),
  };
}

/** What a field is and where it stands: the same keys in the columns, the API and the engine. */
const placed = ({ type, page, x, y, width, height }: Pick<FieldColumns, "type" | "page" | "x" | "y" | "width" | "height">) => ({
  type,
  page,
  x,
  y,
  width,
  height,
});

/** A field's own columns as the API names them: the one field shape (lib/schemas/fields.ts). */
export function toFieldShape(f: FieldColumns): FieldShape {
  return {
    ...placed(f),
    name: f.name,
    required: f.required,
    label: f.label,
    maxLength: f.maxLength,
    fontSize: f.fontSize,
    defaultValue: f.defaultValue,
    // The types' own properties: the columns have the API's names (fieldColumns() in the schema).
    options: f.options ?? null,
    group: f.group,
    option: f.option,
    min: f.min,
    max: f.max,
    decimals: f.decimals,
    formula: f.formula,
    accept: f.accept,
    maxSizeMb: f.maxSizeMb,
    multiple: f.multiple,
    conditions: f.conditions ?? null,
    anchor: f.anchor ?? null,
    seat: f.seat,
  };
}

/** A field as given (and, when an anchor placed it, where the anchor was), as the columns that store it. */
export function toFieldColumns(f: FieldShapeInput & { anchor?: Record<string, unknown> }): FieldColumns {
  return { ...placed(f), ...propertyColumns(f), anchor: f.anchor ?? null, seat: f.seat ?? 1 };
}

const FIELD_COLUMN_KEYS = Object.keys(fieldColumns()) as (keyof FieldColumns)[];

/** A stored field's own columns, without its identity, its owner, its assignee or its value: to copy it elsewhere. */
export function copyFieldColumns(f: FieldColumns): FieldColumns {
  return Object.fromEntries(FIELD_COLUMN_KEYS.map((k) => [k, f[k]])) as FieldColumns;
}

/** A stored field as the API answers it: its id, its owner's keys, then the one shape (fieldDto in lib/schemas/fields.ts). */
export const fieldDtoOf = <O extends object>(f: FieldColumns & { id: string }, owner: O) => ({
  id: f.id,
  ...owner,
  ...toFieldShape(f),
});
