import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import { fieldRuleProblems } from "@/lib/schemas/fields";
import type { FieldInput } from "@/lib/schemas/requests";
import type { AddTemplateFields, TemplateFieldInput, UpdateTemplateField } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { templateFields } from "../db/schema";
import { oneRow } from "../db/rows";
import { expandRadioOptions, propertyColumns, radioGroupProblems, typeColumns } from "../fields/field-types";
import { boxProblem, mergeTypeProps } from "../fields/place-fields";
import { AppError, notFound, type FieldError } from "../errors";
import { isUuid } from "../auth/scope";
import { rolesById, toTemplateFieldDto, type TemplateFieldRow, type TemplateRoleRow, type TemplateRow } from "./dto";
import { findVisibleTemplate } from "./find-template";
import { describeRoles, findRole, loadTemplateRoles } from "./template-roles";

/** Fields by coordinates are for PDF templates: a DOCX's text moves when its placeholders are filled. */
export function assertPdfTemplate(tpl: TemplateRow): asserts tpl is TemplateRow & { pages: { width: number; height: number }[] } {
  if (tpl.kind !== "PDF" || !tpl.pages) {
    throw new AppError(
      "TEMPLATE_NOT_PDF",
      "This template is a DOCX: filling its placeholders moves its text, so its fields are placed by anchors ({{s1|signature|160|50}} in the document), not by coordinates",
      { details: { kind: tpl.kind } },
    );
  }
}

/** The role each field names (422 listing the ones no role answers to), and a field only for a SIGNER role. */
function rolesOf(inputs: { roleName: string }[], roles: TemplateRoleRow[], at: (i: number) => string): TemplateRoleRow[] {
  const unknown: FieldError[] = [];
  const notSigner: FieldError[] = [];
  const out = inputs.map((f, i) => {
    const role = findRole(roles, f.roleName);
    if (!role) unknown.push({ field: `${at(i)}roleName`, message: `No role "${f.roleName}"` });
    else if (role.recipientRole !== "SIGNER")
      notSigner.push({
        field: `${at(i)}roleName`,
        message: `Role ${role.name} is ${role.recipientRole}; only a SIGNER has fields`,
      });
    return role;
  });
  if (unknown.length) {
    const names = [...new Set(inputs.filter((_, i) => !out[i]).map((f) => f.roleName))];
    throw new AppError(
      "TEMPLATE_ROLE_NOT_FOUND",
      `The template has no role ${names.map((n) => `"${n}"`).join(", ")}; its roles are ${describeRoles(roles) || "none yet (PUT /roles)"}`,
      { errors: unknown, details: { roleName: names } },
    );
  }
  const [first] = notSigner;
  if (first) throw new AppError("FIELD_PLACEMENT_INVALID", first.message, { errors: notSigner });
  return out as TemplateRoleRow[];
}

/** A template field as the request field code checks it: its role's id stands where a recipient's would. */
const asFieldInput = (f: TemplateFieldInput, role: TemplateRoleRow): FieldInput => {
  const { roleName: _roleName, ...rest } = f;
  return { ...rest, recipientId: role.id };
};

const placementError = (problems: FieldError[]) => {
  const [first] = problems;
  if (!first) return null;
  const msg = problems.length === 1 ? first.message : `${problems.length} fields cannot be placed: ${first.message}; …`;
  return new AppError("FIELD_PLACEMENT_INVALID", msg, { errors: problems });
};

const radioRows = (tx: Queryable, templateId: string) =>
  tx
    .select()
    .from(templateFields)
    .where(and(eq(templateFields.templateId, templateId), eq(templateFields.type, "RADIO")));

/** A stored RADIO button as radioGroupProblems reads it (per role, as per recipient on a request). */
const asRadio = (r: TemplateFieldRow) => ({ recipientId: r.roleId, groupName: r.groupName, optionValue: r.optionValue });

/**
 * Every RADIO button of the template gets its group's options (role and group), in reading order; returns
 * the rows as they now are.
 */
export async function syncTemplateRadioGroups(tx: Queryable, templateId: string): Promise<Map<string, TemplateFieldRow>> {
  const rows = await radioRows(tx, templateId);
  rows.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.roleId}\u0000${r.groupName}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const out = new Map<string, TemplateFieldRow>();
  for (const members of groups.values()) {
    const options = [...new Set(members.map((m) => m.optionValue).filter((o): o is string => !!o))];
    const updated = await tx
      .update(templateFields)
      .set({ options })
      .where(
        inArray(
          templateFields.id,
          members.map((m) => m.id),
        ),
      )
      .returning();
    for (const u of updated) out.set(u.id, u);
  }
  return out;
}

/** At most config.maxFields fields on a template. */
export async function assertFieldRoom(tx: Queryable, templateId: string, adding: number) {
  const { n } = oneRow(
    await tx.select({ n: count() }).from(templateFields).where(eq(templateFields.templateId, templateId)),
    "COUNT(*)",
  );
  if (Number(n) + adding > config.maxFields) {
    throw new AppError(
      "TOO_MANY_FIELDS",
      `A template has at most ${config.maxFields} fields; it has ${n}, and ${adding} more were given`,
    );
  }
}

/**
 * POST /templates/{id}/fields: fields by coordinates on a PDF template, each for a role (roleName: its
 * name or sN). The same shapes and checks as a request's fields (types' properties, page and box,
 * RADIO groups per role); one bad field and none is stored.
 */
export async function addTemplateFields(auth: KeyAuth, templateId: string, body: AddTemplateFields) {
  const given = "fields" in body ? body.fields : [body];
  const at = (i: number) => (given.length > 1 ? `fields.${i}.` : "");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, templateId, { forUpdate: true });
    assertPdfTemplate(tpl);
    const roles = await loadTemplateRoles(tx, tpl.id);
    const roleOf = rolesOf(given, roles, at);
    const inputs = expandRadioOptions(given.map((f, i) => asFieldInput(f, roleOf[i]!)));
    const problems = inputs
      .map((f, i) => boxProblem(f, tpl.pages, tpl.pageCount ?? tpl.pages.length, inputs.length > 1 ? `fields.${i}.` : ""))
      .filter((p): p is FieldError => p !== null);
    if (!problems.length) problems.push(...radioGroupProblems((await radioRows(tx, tpl.id)).map(asRadio), inputs));
    const invalid = placementError(problems);
    if (invalid) throw invalid;
    await assertFieldRoom(tx, tpl.id, inputs.length);
    const inserted = await tx
      .insert(templateFields)
      .values(
        inputs.map((f) => ({
          templateId: tpl.id,
          roleId: f.recipientId,
          type: f.type,
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
          ...propertyColumns(f),
        })),
      )
      .returning();
    const synced = await syncTemplateRadioGroups(tx, tpl.id);
    const byId = rolesById(roles);
    return { fields: inserted.map((r) => toTemplateFieldDto(synced.get(r.id) ?? r, byId)) };
  });
}

async function findTemplateField(tx: Queryable, templateId: string, fieldId: string): Promise<TemplateFieldRow> {
  if (!isUuid(fieldId)) throw notFound("TEMPLATE_FIELD_NOT_FOUND", "Field");
  const [row] = await tx
    .select()
    .from(templateFields)
    .where(and(eq(templateFields.id, fieldId), eq(templateFields.templateId, templateId)));
  if (!row) throw notFound("TEMPLATE_FIELD_NOT_FOUND", "Field");
  return row;
}

/**
 * PATCH /templates/{id}/fields/{fieldId}: what the patch gives, else what is stored, checked as a whole
 * like a request's field (a type changed drops the old type's properties).
 */
export async function updateTemplateField(auth: KeyAuth, templateId: string, fieldId: string, patch: UpdateTemplateField) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, templateId, { forUpdate: true });
    assertPdfTemplate(tpl);
    const cur = await findTemplateField(tx, tpl.id, fieldId);
    const roles = await loadTemplateRoles(tx, tpl.id);
    const byId = rolesById(roles);
    const role =
      patch.roleName !== undefined ? rolesOf([{ roleName: patch.roleName }], roles, () => "")[0]! : byId.get(cur.roleId)!;
    const { roleName: _roleName, ...fieldPatch } = patch;
    const merged: FieldInput = {
      type: (patch.type ?? cur.type) as FieldInput["type"],
      recipientId: role.id,
      page: patch.page ?? cur.page,
      x: patch.x ?? cur.x,
      y: patch.y ?? cur.y,
      width: patch.width ?? cur.width,
      height: patch.height ?? cur.height,
    };
    const typed = mergeTypeProps(cur, fieldPatch, merged.type);
    const rules = fieldRuleProblems(typed);
    const [rule] = rules;
    if (rule)
      throw new AppError("VALIDATION_FAILED", rule.message, {
        errors: rules.map((p) => ({ field: p.path, message: p.message })),
      });
    if (merged.type === "RADIO" && typed.options)
      throw new AppError("VALIDATION_FAILED", "A stored RADIO button stands for one option: give option, not options", {
        errors: [{ field: "options", message: "give option, not options" }],
      });
    const box = boxProblem(merged, tpl.pages, tpl.pageCount ?? tpl.pages.length, "");
    if (box) throw new AppError("FIELD_PLACEMENT_INVALID", box.message, { errors: [box] });
    if (merged.type === "RADIO") {
      const others = (await radioRows(tx, tpl.id)).filter((o) => o.id !== cur.id).map(asRadio);
      const clash = placementError(
        radioGroupProblems(others, [{ ...merged, group: typed.group ?? undefined, option: typed.option ?? undefined }]),
      );
      if (clash) throw clash;
    }
    const row = oneRow(
      await tx
        .update(templateFields)
        .set({
          roleId: role.id,
          type: merged.type,
          page: merged.page,
          x: merged.x,
          y: merged.y,
          width: merged.width,
          height: merged.height,
          ...typeColumns(typed),
          defaultValue: typed.defaultValue ?? null,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.required !== undefined && { required: patch.required }),
          ...(patch.label !== undefined && { label: patch.label }),
          ...(patch.maxLength !== undefined && { maxLength: patch.maxLength }),
          ...(patch.fontSize !== undefined && { fontSize: patch.fontSize }),
        })
        .where(eq(templateFields.id, cur.id))
        .returning(),
      "the updated template field",
    );
    const synced = await syncTemplateRadioGroups(tx, tpl.id);
    return toTemplateFieldDto(synced.get(row.id) ?? row, byId);
  });
}

/** DELETE /templates/{id}/fields/{fieldId}. */
export async function deleteTemplateField(auth: KeyAuth, templateId: string, fieldId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, templateId, { forUpdate: true });
    assertPdfTemplate(tpl);
    const cur = await findTemplateField(tx, tpl.id, fieldId);
    await tx.delete(templateFields).where(eq(templateFields.id, cur.id));
    if (cur.type === "RADIO") await syncTemplateRadioGroups(tx, tpl.id);
    return { id: cur.id, deleted: true as const };
  });
}
