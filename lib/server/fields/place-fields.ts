import "server-only";
import { and, count, eq } from "drizzle-orm";
import { boxFitsPage } from "@/lib/pdf/page-box";
import { fieldRuleProblems, type FieldRuleInput } from "@/lib/schemas/fields";
import type { FieldInput } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { fields, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound, type FieldError } from "../errors";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { isUuid } from "../auth/scope";
import {
  expandRadioOptions,
  propertyColumns,
  radioGroupProblems,
  syncRadioGroups,
  typeColumns,
  type RadioKey,
} from "./field-types";
import {
  assertDraft,
  currentDocument,
  findVisibleRequest,
  loadRecipients,
  toFieldDto,
  type DocumentRow,
  type RecipientRow,
  type RequestRow,
} from "../model/load-request";

/**
 * Why a field cannot stand where it is asked to, or null: page exists, box inside it, recipient a
 * signer here. The page sizes are the displayed boxes recorded at upload (lib/pdf/page-box.ts), the
 * box the seal draws in, and the overhang allowed is the one the seal tolerates and clips.
 */
export function placementProblem(
  f: FieldInput,
  doc: DocumentRow,
  signers: Map<string, RecipientRow>,
  at: string,
): FieldError | null {
  const rec = signers.get(f.recipientId);
  if (!rec) return { field: `${at}recipientId`, message: `recipientId ${f.recipientId} is not a recipient of this request` };
  if (rec.role !== "SIGNER")
    return { field: `${at}recipientId`, message: `Recipient ${rec.email} is ${rec.role}; only a SIGNER has fields` };
  return boxProblem(f, doc.pages, doc.pageCount, at);
}

/**
 * Why a box cannot stand on these pages, or null: its page exists and the box lies inside it (with the
 * seal's slack). Shared by a request's fields and a PDF template's (whose pages were recorded at upload).
 */
export function boxProblem(
  f: Pick<FieldInput, "page" | "x" | "y" | "width" | "height">,
  pages: readonly { width: number; height: number }[],
  pageCount: number,
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

/**
 * Inserts fields after checking every one of them; one bad field and none is stored. A RADIO given
 * with `options` becomes one button per option (field-types.ts); every RADIO group touched gets the
 * union of its buttons' options.
 */
export async function insertFields(
  tx: Queryable,
  req: RequestRow,
  given: (FieldInput & { anchor?: Record<string, unknown> })[],
  who: Actor,
) {
  const inputs = expandRadioOptions(given);
  const doc = await currentDocument(tx, req.id);
  const byId = new Map((await loadRecipients(tx, req.id)).map((r) => [r.id, r]));
  const problems = inputs
    .map((f, i) => placementProblem(f, doc, byId, inputs.length > 1 ? `fields.${i}.` : ""))
    .filter((p): p is FieldError => p !== null);
  if (!problems.length) {
    const existing = await tx
      .select()
      .from(fields)
      .where(and(eq(fields.requestId, req.id), eq(fields.type, "RADIO")));
    problems.push(...radioGroupProblems(existing, inputs));
  }
  const [first] = problems;
  if (first) {
    const msg = problems.length === 1 ? first.message : `${problems.length} fields cannot be placed: ${first.message}; …`;
    throw new AppError("FIELD_PLACEMENT_INVALID", msg, { errors: problems });
  }
  const { n } = oneRow(await tx.select({ n: count() }).from(fields).where(eq(fields.requestId, req.id)), "COUNT(*)");
  if (Number(n) + inputs.length > config.maxFields) {
    throw new AppError(
      "TOO_MANY_FIELDS",
      `A request has at most ${config.maxFields} fields; it has ${n}, and ${inputs.length} more were given`,
    );
  }
  const rows = await tx
    .insert(fields)
    .values(
      inputs.map((f) => ({
        requestId: req.id,
        recipientId: f.recipientId,
        type: f.type,
        page: f.page,
        x: f.x,
        y: f.y,
        width: f.width,
        height: f.height,
        ...propertyColumns(f),
        anchor: f.anchor ?? null,
      })),
    )
    .returning();
  const synced = await syncRadioGroups(
    tx,
    req.id,
    rows.filter((r) => r.type === "RADIO").map((r) => ({ recipientId: r.recipientId, group: r.groupName! })),
  );
  for (const [i, r] of rows.entries()) rows[i] = synced.get(r.id) ?? r;
  await tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, req.id));
  await recordEvent(tx, req.id, "fields.added", who, { count: rows.length, fieldIds: rows.map((r) => r.id) });
  return rows.map(toFieldDto);
}

export async function addFields(auth: KeyAuth, requestId: string, inputs: FieldInput[]) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "adding fields");
    return { fields: await insertFields(tx, req, inputs, keyActor(auth)) };
  });
}

async function findField(tx: Queryable, requestId: string, fieldId: string) {
  if (!isUuid(fieldId)) throw notFound("FIELD_NOT_FOUND", "Field");
  const [row] = await tx
    .select()
    .from(fields)
    .where(and(eq(fields.id, fieldId), eq(fields.requestId, requestId)));
  if (!row) throw notFound("FIELD_NOT_FOUND", "Field");
  return row;
}

export async function updateField(auth: KeyAuth, requestId: string, fieldId: string, patch: Partial<FieldInput>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "changing fields");
    const cur = await findField(tx, req.id, fieldId);
    const merged: FieldInput = {
      type: (patch.type ?? cur.type) as FieldInput["type"],
      recipientId: patch.recipientId ?? cur.recipientId,
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
    const doc = await currentDocument(tx, req.id);
    const byId = new Map((await loadRecipients(tx, req.id)).map((r) => [r.id, r]));
    const problem = placementProblem(merged, doc, byId, "");
    if (problem) throw new AppError("FIELD_PLACEMENT_INVALID", problem.message, { errors: [problem] });
    if (merged.type === "RADIO") {
      const others = (
        await tx
          .select()
          .from(fields)
          .where(and(eq(fields.requestId, req.id), eq(fields.type, "RADIO")))
      ).filter((o) => o.id !== cur.id);
      const clash = radioGroupProblems(others, [
        { ...merged, group: typed.group ?? undefined, option: typed.option ?? undefined },
      ]);
      const [first] = clash;
      if (first) throw new AppError("FIELD_PLACEMENT_INVALID", first.message, { errors: clash });
    }
    const row = oneRow(
      await tx
        .update(fields)
        .set({
          ...merged,
          ...typeColumns(typed),
          defaultValue: typed.defaultValue ?? null,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.required !== undefined && { required: patch.required }),
          ...(patch.label !== undefined && { label: patch.label }),
          ...(patch.maxLength !== undefined && { maxLength: patch.maxLength }),
          ...(patch.fontSize !== undefined && { fontSize: patch.fontSize }),
          ...(patch.defaultValue !== undefined && { defaultValue: patch.defaultValue }),
        })
        .where(eq(fields.id, cur.id))
        .returning(),
      "the updated field",
    );
    const groups: RadioKey[] = [];
    if (cur.type === "RADIO" && cur.groupName) groups.push({ recipientId: cur.recipientId, group: cur.groupName });
    if (row.type === "RADIO" && row.groupName) groups.push({ recipientId: row.recipientId, group: row.groupName });
    const synced = await syncRadioGroups(tx, req.id, groups);
    await recordEvent(tx, req.id, "field.updated", keyActor(auth), { fieldId: row.id });
    return toFieldDto(synced.get(row.id) ?? row);
  });
}

export async function deleteField(auth: KeyAuth, requestId: string, fieldId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
    assertDraft(req, "removing fields");
    const cur = await findField(tx, req.id, fieldId);
    await tx.delete(fields).where(eq(fields.id, cur.id));
    if (cur.type === "RADIO" && cur.groupName)
      await syncRadioGroups(tx, req.id, [{ recipientId: cur.recipientId, group: cur.groupName }]);
    await recordEvent(tx, req.id, "field.removed", keyActor(auth), { fieldId: cur.id });
    return { id: cur.id, deleted: true };
  });
}

/**
 * The type-dependent properties of a PATCHed field: what the patch gives, else what is stored. When
 * the type changes, stored properties the new type has no use for are dropped (a DROPDOWN turned
 * TEXT loses its options) instead of making the change fail.
 */
export function mergeTypeProps(
  cur: Pick<
    typeof fields.$inferSelect,
    "type" | "options" | "groupName" | "optionValue" | "minValue" | "maxValue" | "decimals" | "defaultValue"
  >,
  patch: Partial<FieldInput>,
  type: FieldInput["type"],
): FieldRuleInput {
  const keep = cur.type === type;
  const pick = <T>(given: T | undefined, stored: T | null) => (given !== undefined ? given : keep ? stored : null);
  return {
    type,
    // A RADIO row's stored options are its group's (derived): only a patch's own options are judged.
    options: type === "RADIO" ? (patch.options ?? null) : pick(patch.options, cur.options),
    group: pick(patch.group, cur.groupName),
    option: pick(patch.option, cur.optionValue),
    min: pick(patch.min, cur.minValue),
    max: pick(patch.max, cur.maxValue),
    decimals: pick(patch.decimals, cur.decimals),
    defaultValue: pick(patch.defaultValue, cur.defaultValue),
  };
}
