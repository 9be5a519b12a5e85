import "server-only";
import { boxFitsPage } from "@/lib/pdf/boxes";
import { fieldRuleProblems, type FieldRuleInput, type FieldShapeInput } from "@/lib/schemas/fields";
import { config } from "../config";
import type { Queryable } from "../db";
import { oneRow } from "../db/rows";
import { AppError, notFound, type FieldError } from "../errors";
import { isUuid } from "../auth/scope";
import {
  countFields,
  deleteFieldRows,
  fieldsWithIds,
  fieldWithId,
  insertFieldRows,
  radioButtons,
  selectFields,
  updateFieldRows,
  type FieldOwner,
  type Placement,
  type StoredField,
} from "../model/field-owner";
import { toFieldColumns, typeColumns, type FieldColumns } from "../model/field-row";
import { formFieldName } from "@/lib/forms/form-problems";
import { formFieldOf, keepingForm, problemsAddedBy, throwFormProblems } from "./form-guard";
import { expandRadioOptions, radioGroupProblems, type RadioKey } from "./field-types";

/**
 * Placing, changing and removing the fields of a request or of a PDF template: one implementation for
 * both owners (model/field-owner.ts), which differ only in who a field is for (a recipient, a role), the
 * documents it may stand on and what is recorded once it changes (FieldContext).
 */

/**
 * A field to place: the one field shape, for an assignee of its owner, on one of its documents (the first
 * when it names none); with where the anchor was when an anchor placed it.
 */
export type NewField = FieldShapeInput & { assigneeId: string; documentId?: string; anchor?: Record<string, unknown> };

export type FieldChange =
  { kind: "added"; rows: StoredField[] } | { kind: "updated"; row: StoredField } | { kind: "removed"; row: StoredField };

/** A document a field may stand on: its id and its pages' displayed sizes, as recorded at upload. */
export interface FieldDocument {
  id: string;
  pages: readonly { width: number; height: number }[];
  pageCount: number;
}

/** An owner as the service changes its fields, read in the transaction that changes them. */
export interface FieldContext {
  owner: FieldOwner;
  /**
   * The documents its fields may stand on, in order: a request's (their current versions), a template's PDF
   * documents. A field that names no document stands on the first.
   */
  documents: readonly FieldDocument[];
  /** Why a field may not stand on a document the owner has but `documents` leaves out (a template's DOCX). */
  documentProblem?: (documentId: string, at: string) => FieldError | null;
  /** Why a field may not be for its assignee, or null (a request's fields are for its SIGNERs). */
  assigneeProblem?: (f: { assigneeId: string; seat?: number | null }, at: string) => FieldError | null;
  /** Rules of a changed field beyond its type's (fieldRuleProblems); throws. */
  judgeChange?: (typed: FieldRuleInput) => void;
  /** Runs once a change is stored (a request's audit trail). */
  recorded?: (tx: Queryable, change: FieldChange) => Promise<void>;
}

const OWNER_WORDS = {
  request: { noun: "request", notFound: "FIELD_NOT_FOUND" },
  template: { noun: "template", notFound: "TEMPLATE_FIELD_NOT_FOUND" },
} as const;

/**
 * Why a box cannot stand on the document, or null: its page exists and the box lies inside it (with the
 * seal's slack: the displayed box the seal draws in, lib/pdf/page-box.ts).
 */
export function boxProblem(
  f: Pick<FieldShapeInput, "page" | "x" | "y" | "width" | "height">,
  { pages, pageCount }: FieldDocument,
  at: string,
): FieldError | null {
  const size = f.page <= pageCount ? pages[f.page - 1] : undefined;
  if (!size) return { field: `${at}page`, message: `Page ${f.page} does not exist; the document has ${pageCount} page(s)` };
  if (!boxFitsPage(f, size)) {
    return {
      field: `${at}x`,
      message: `The box (${f.x}, ${f.y}, ${f.width} × ${f.height}) does not lie inside page ${f.page} (${size.width} × ${size.height} pt)`,
    };
  }
  return null;
}

/** The document a field stands on: the one it names, else the owner's first; undefined when it names none of the owner's. */
const documentOf = (ctx: FieldContext, documentId: string | null | undefined) =>
  documentId === undefined || documentId === null ? ctx.documents[0] : ctx.documents.find((d) => d.id === documentId);

/** Why a field cannot stand where it is asked to, or null: for an assignee it may be for, on a page of one of the documents. */
function placementProblem(ctx: FieldContext, f: Omit<NewField, "documentId"> & { documentId?: string | null }, at: string) {
  const assignee = ctx.assigneeProblem?.(f, at);
  if (assignee) return assignee;
  const doc = documentOf(ctx, f.documentId);
  if (!doc) {
    const problem = f.documentId ? ctx.documentProblem?.(f.documentId, at) : null;
    return (
      problem ?? {
        field: `${at}documentId`,
        message: f.documentId
          ? `documentId ${f.documentId} is not a document of this ${OWNER_WORDS[ctx.owner.kind].noun}`
          : `This ${OWNER_WORDS[ctx.owner.kind].noun} has no document a field may stand on`,
      }
    );
  }
  return boxProblem(f, doc, at);
}

/** Where a checked field is stored: its assignee and its document's id. */
function placementOf(ctx: FieldContext, f: { assigneeId: string; documentId?: string | null }) {
  const doc = documentOf(ctx, f.documentId);
  if (!doc) throw new Error(`Field for ${f.assigneeId} was checked, yet its document ${f.documentId} is not there`);
  return { assigneeId: f.assigneeId, documentId: doc.id };
}

/** 422 FIELD_PLACEMENT_INVALID with every problem (the first in the message), or null when there is none. */
export function placementError(problems: FieldError[]): AppError | null {
  const [first] = problems;
  if (!first) return null;
  const msg = problems.length === 1 ? first.message : `${problems.length} fields cannot be placed: ${first.message}; …`;
  return new AppError("FIELD_PLACEMENT_INVALID", msg, { errors: problems });
}

/** RADIO buttons that would stand for an option their group (per assignee) already has. */
export async function radioClashes(
  tx: Queryable,
  owner: FieldOwner,
  inputs: Parameters<typeof radioGroupProblems>[1],
  except?: string,
): Promise<FieldError[]> {
  const existing = (await selectFields(tx, owner, radioButtons(owner))).filter((r) => r.id !== except);
  return radioGroupProblems(existing, inputs);
}

/** At most config.maxFields fields per owner. */
export async function assertFieldRoom(tx: Queryable, owner: FieldOwner, adding: number) {
  const n = await countFields(tx, owner);
  if (n + adding > config.maxFields) {
    throw new AppError(
      "TOO_MANY_FIELDS",
      `A ${OWNER_WORDS[owner.kind].noun} has at most ${config.maxFields} fields; it has ${n}, and ${adding} more were given`,
    );
  }
}

/**
 * Writes each group's options (its buttons' options in reading order: page, top, left) on every button
 * of the group; returns the rows as they now are.
 */
async function syncRadioGroups(tx: Queryable, owner: FieldOwner, keys: RadioKey[]): Promise<Map<string, StoredField>> {
  const out = new Map<string, StoredField>();
  const seen = new Set<string>();
  for (const k of keys) {
    const id = `${k.assigneeId}\u0000${k.group}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const rows = await selectFields(tx, owner, radioButtons(owner, k));
    if (!rows.length) continue;
    const options = [...new Set(rows.map((r) => r.option).filter((o): o is string => !!o))];
    const ids = rows.map((r) => r.id);
    for (const r of await updateFieldRows(tx, owner, fieldsWithIds(owner, ids), { options })) out.set(r.id, r);
  }
  return out;
}

/** The RADIO groups these fields are buttons of. */
const groupsOf = (rows: StoredField[]): RadioKey[] =>
  rows.flatMap((r) => (r.type === "RADIO" && r.group ? [{ assigneeId: r.assigneeId, group: r.group }] : []));

/** Stores checked fields and brings their RADIO groups' options up to date; returns them as stored. */
export async function storeFields(
  tx: Queryable,
  owner: FieldOwner,
  values: (FieldColumns & Placement)[],
): Promise<StoredField[]> {
  const rows = await insertFieldRows(tx, owner, values);
  const synced = await syncRadioGroups(tx, owner, groupsOf(rows));
  return rows.map((r) => synced.get(r.id) ?? r);
}

/**
 * Places fields after checking every one of them; one bad field and none is stored. A RADIO given with
 * `options` becomes one button per option (field-types.ts); every RADIO group touched gets the union of
 * its buttons' options.
 */
export async function placeFields(tx: Queryable, ctx: FieldContext, given: NewField[]): Promise<StoredField[]> {
  const inputs = expandRadioOptions(given);
  const at = (i: number) => (inputs.length > 1 ? `fields.${i}.` : "");
  const problems = inputs.map((f, i) => placementProblem(ctx, f, at(i))).filter((p): p is FieldError => p !== null);
  if (!problems.length) problems.push(...(await radioClashes(tx, ctx.owner, inputs)));
  const invalid = placementError(problems);
  if (invalid) throw invalid;
  await assertFieldRoom(tx, ctx.owner, inputs.length);
  const { out: rows, added } = await problemsAddedBy(tx, ctx.owner, () =>
    storeFields(
      tx,
      ctx.owner,
      inputs.map((f) => ({ ...toFieldColumns(f), ...placementOf(ctx, f) })),
    ),
  );
  // A field being placed is named by its place in the body (it is not stored when refused).
  throwFormProblems(added, new Map(rows.map((r, i) => [r.id, at(i)])));
  await ctx.recorded?.(tx, { kind: "added", rows });
  return rows;
}

async function findField(tx: Queryable, owner: FieldOwner, fieldId: string): Promise<StoredField> {
  const missing = () => notFound(OWNER_WORDS[owner.kind].notFound, "Field");
  if (!isUuid(fieldId)) throw missing();
  const [row] = await selectFields(tx, owner, fieldWithId(owner, fieldId));
  if (!row) throw missing();
  return row;
}

/**
 * Changes a field: what the patch gives, else what is stored, checked as a whole (a type changed drops
 * the old type's properties). `assignee` says who the field is for once changed.
 */
export async function changeField(
  tx: Queryable,
  ctx: FieldContext,
  fieldId: string,
  patch: Partial<FieldShapeInput> & { documentId?: string },
  assignee: (cur: StoredField) => string,
): Promise<StoredField> {
  const cur = await findField(tx, ctx.owner, fieldId);
  const merged = {
    type: patch.type ?? cur.type,
    assigneeId: assignee(cur),
    documentId: patch.documentId ?? cur.documentId,
    page: patch.page ?? cur.page,
    x: patch.x ?? cur.x,
    y: patch.y ?? cur.y,
    width: patch.width ?? cur.width,
    height: patch.height ?? cur.height,
  };
  const typed = mergeTypeProps(cur, patch, merged.type);
  const rules = fieldRuleProblems(typed);
  const [rule] = rules;
  if (rule)
    throw new AppError("VALIDATION_FAILED", rule.message, {
      errors: rules.map((p) => ({ field: p.path, message: p.message })),
    });
  ctx.judgeChange?.(typed);
  const problem = placementProblem(ctx, merged, "");
  if (problem) throw new AppError("FIELD_PLACEMENT_INVALID", problem.message, { errors: [problem] });
  if (merged.type === "RADIO") {
    const clash = await radioClashes(
      tx,
      ctx.owner,
      [{ ...merged, group: typed.group ?? undefined, option: typed.option ?? undefined }],
      cur.id,
    );
    const [first] = clash;
    if (first) throw new AppError("FIELD_PLACEMENT_INVALID", first.message, { errors: clash });
  }
  // Refused when it makes any rule or formula wrong: its own, or another's that reads it.
  const { out: updated, added } = await problemsAddedBy(tx, ctx.owner, () =>
    updateFieldRows(tx, ctx.owner, fieldWithId(ctx.owner, cur.id), {
      type: merged.type,
      page: merged.page,
      x: merged.x,
      y: merged.y,
      width: merged.width,
      height: merged.height,
      placement: placementOf(ctx, merged),
      ...typeColumns(typed),
      defaultValue: typed.defaultValue ?? null,
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.required !== undefined && { required: patch.required }),
      ...(patch.label !== undefined && { label: patch.label }),
      ...(patch.maxLength !== undefined && { maxLength: patch.maxLength }),
      ...(patch.fontSize !== undefined && { fontSize: patch.fontSize }),
      ...(patch.conditions !== undefined && { conditions: patch.conditions }),
    }),
  );
  throwFormProblems(added);
  const row = oneRow(updated, "the updated field");
  const synced = await syncRadioGroups(tx, ctx.owner, groupsOf([cur, row]));
  await ctx.recorded?.(tx, { kind: "updated", row });
  return synced.get(row.id) ?? row;
}

export async function removeField(tx: Queryable, ctx: FieldContext, fieldId: string): Promise<{ id: string; deleted: true }> {
  const cur = await findField(tx, ctx.owner, fieldId);
  // A field another's rule or formula reads is not removed from under it: its removal would make them fail.
  await keepingForm(
    tx,
    ctx.owner,
    (readers) => `${formFieldName(formFieldOf(cur))} is read by the rules or formula of ${readers}: change those first`,
    () => deleteFieldRows(tx, ctx.owner, fieldWithId(ctx.owner, cur.id)),
    { fieldId: cur.id },
  );
  await syncRadioGroups(tx, ctx.owner, groupsOf([cur]));
  await ctx.recorded?.(tx, { kind: "removed", row: cur });
  return { id: cur.id, deleted: true };
}

/**
 * The type-dependent properties of a changed field: what the patch gives, else what is stored. When
 * the type changes, stored properties the new type has no use for are dropped (a DROPDOWN turned
 * TEXT loses its options) instead of making the change fail.
 */
function mergeTypeProps(
  cur: Pick<
    FieldColumns,
    | "type"
    | "options"
    | "group"
    | "option"
    | "min"
    | "max"
    | "decimals"
    | "defaultValue"
    | "formula"
    | "accept"
    | "maxSizeMb"
    | "multiple"
  >,
  patch: Partial<FieldShapeInput>,
  type: FieldShapeInput["type"],
): FieldRuleInput {
  const keep = cur.type === type;
  const pick = <T>(given: T | undefined, stored: T | null) => (given !== undefined ? given : keep ? stored : null);
  return {
    type,
    // A RADIO row's stored options are its group's (derived): only a patch's own options are judged.
    options: type === "RADIO" ? (patch.options ?? null) : pick(patch.options, cur.options),
    group: pick(patch.group, cur.group),
    option: pick(patch.option, cur.option),
    min: pick(patch.min, cur.min),
    max: pick(patch.max, cur.max),
    decimals: pick(patch.decimals, cur.decimals),
    defaultValue: pick(patch.defaultValue, cur.defaultValue),
    formula: pick(patch.formula, cur.formula),
    accept: pick(patch.accept, cur.accept),
    maxSizeMb: pick(patch.maxSizeMb, cur.maxSizeMb),
    multiple: pick(patch.multiple, cur.multiple),
  };
}
