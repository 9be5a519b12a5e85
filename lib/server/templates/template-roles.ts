import "server-only";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { MAX_TEMPLATE_ROLES, ROLE_REF, type PutTemplateRoles } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { publicLinks, templateFields, templateRoles } from "../db/schema";
import { AppError } from "../errors";
import { placeholdersOf, signerRefOf, toTemplateRoleDto, type TemplateRoleRow } from "./dto";
import { findVisibleTemplate, loadTemplateDocuments } from "./find-template";

/** The template's roles in order: the first is s1. */
export function loadTemplateRoles(db: Queryable, templateId: string): Promise<TemplateRoleRow[]> {
  return db.select().from(templateRoles).where(eq(templateRoles.templateId, templateId)).orderBy(asc(templateRoles.position));
}

/** The roles of several templates (a page of the list), by template id. */
export async function loadRolesOf(db: Queryable, templateIds: string[]): Promise<Map<string, TemplateRoleRow[]>> {
  const out = new Map<string, TemplateRoleRow[]>();
  if (!templateIds.length) return out;
  const rows = await db
    .select()
    .from(templateRoles)
    .where(inArray(templateRoles.templateId, templateIds))
    .orderBy(asc(templateRoles.position));
  for (const r of rows) out.set(r.templateId, [...(out.get(r.templateId) ?? []), r]);
  return out;
}

/**
 * The role a field or a recipient names: a role's name (whatever its case), else sN for the N-th role.
 * A name of the form sN can only be the N-th role's (PUT /roles refuses it elsewhere), so the two never disagree.
 */
export function findRole(roles: readonly TemplateRoleRow[], ref: string): TemplateRoleRow | undefined {
  const key = ref.trim().toLowerCase();
  const byName = roles.find((r) => r.name.toLowerCase() === key);
  if (byName) return byName;
  const m = ROLE_REF.exec(key);
  return m ? roles.find((r) => r.position === Number(m[1])) : undefined;
}

/** What the roles are called, for a message: `Client (s1), s2`. */
export const describeRoles = (roles: readonly TemplateRoleRow[]) =>
  roles.map((r) => (r.name.toLowerCase() === signerRefOf(r) ? r.name : `${r.name} (${signerRefOf(r)})`)).join(", ");

/**
 * The highest signer reference a template's valid unified anchors name (image and legacy anchors name
 * no signer): a template without roles gets s1…sN from them.
 */
export function highestAnchorRef(anchors: readonly Record<string, unknown>[]): number {
  let highest = 0;
  for (const a of anchors as { valid?: boolean; anchor?: { type?: string; signerRef?: string } }[]) {
    if (!a.valid || !a.anchor || a.anchor.type === "image" || a.anchor.type === "legacy") continue;
    const m = typeof a.anchor.signerRef === "string" ? ROLE_REF.exec(a.anchor.signerRef) : null;
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return highest;
}

/**
 * Makes sure the template has roles s1…sN (`upTo` = N): the missing ones are added, named "sN", signing
 * in that order as SIGNERs. What the anchors' sN and /fields/anchored's recipientId sN need. Run
 * with the template locked (or while creating it).
 */
export async function ensureRoles(
  tx: Queryable,
  templateId: string,
  upTo: number,
  opts: { cap?: boolean } = {},
): Promise<TemplateRoleRow[]> {
  const roles = await loadTemplateRoles(tx, templateId);
  const want = opts.cap ? Math.min(upTo, MAX_TEMPLATE_ROLES) : upTo;
  if (want > MAX_TEMPLATE_ROLES) {
    throw new AppError(
      "TEMPLATE_TOO_MANY_ROLES",
      `A template has at most ${MAX_TEMPLATE_ROLES} roles; s${upTo} would be role ${upTo}`,
      { details: { maxRoles: MAX_TEMPLATE_ROLES } },
    );
  }
  const have = new Set(roles.map((r) => r.position));
  const missing = Array.from({ length: want }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (!missing.length) return roles;
  await tx
    .insert(templateRoles)
    .values(missing.map((n) => ({ templateId, position: n, name: `s${n}`, signingOrder: n, recipientRole: "SIGNER" })));
  return loadTemplateRoles(tx, templateId);
}

/** How many fields each role has. */
async function fieldCounts(tx: Queryable, templateId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ roleId: templateFields.roleId, n: count() })
    .from(templateFields)
    .where(eq(templateFields.templateId, templateId))
    .groupBy(templateFields.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export async function getTemplateRoles(auth: KeyAuth, id: string) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, id);
  return { roles: (await loadTemplateRoles(db, tpl.id)).map(toTemplateRoleDto) };
}

/** A role's columns <role>.name / <role>.email must not be placeholders of a DOCX document too (bulk send reads both). */
function placeholderClash(placeholders: readonly string[], name: string): string | undefined {
  const lower = placeholders.map((p) => p.toLowerCase());
  return [`${name}.name`, `${name}.email`].find((c) => lower.includes(c.toLowerCase()));
}

/**
 * PUT /templates/{id}/roles: the roles replaced whole, in the order given (the first is s1). A role is
 * the one it was when it gives that role's `id` (a rename) or its name (any case); else it is new. A
 * role keeps its fields wherever it moves; one that has fields cannot be dropped, nor stop being a
 * SIGNER (422 naming it). `order` and `role` left out keep a kept role's values; a new role signs at
 * its place (order = its position) as a SIGNER.
 */
export async function putTemplateRoles(auth: KeyAuth, id: string, body: PutTemplateRoles) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tpl = await findVisibleTemplate(tx, auth, id, { forUpdate: true });
    const current = await loadTemplateRoles(tx, tpl.id);
    const counts = await fieldCounts(tx, tpl.id);
    const placeholders = placeholdersOf(await loadTemplateDocuments(tx, tpl.id));

    const byId = new Map(current.map((r) => [r.id, r]));
    const claimed = new Set<string>();
    const unknownIds: string[] = [];
    for (const r of body.roles) {
      if (r.id === undefined) continue;
      if (byId.has(r.id)) claimed.add(r.id);
      else unknownIds.push(r.id);
    }
    if (unknownIds.length) {
      throw new AppError("TEMPLATE_ROLE_NOT_FOUND", `No role of this template has the id ${unknownIds.join(", ")}`, {
        details: { roleIds: unknownIds },
      });
    }
    const matched = body.roles.map((r) => {
      if (r.id !== undefined) return byId.get(r.id);
      const same = current.find((c) => !claimed.has(c.id) && c.name.toLowerCase() === r.name.toLowerCase());
      if (same) claimed.add(same.id);
      return same;
    });

    const clashes = body.roles.flatMap((r) => {
      const column = placeholderClash(placeholders, r.name);
      return column ? [`${r.name} (its column ${column} is a placeholder of the DOCX)`] : [];
    });
    if (clashes.length) {
      throw new AppError("VALIDATION_FAILED", `A role's bulk-send columns would be placeholders: ${clashes.join(", ")}`, {
        errors: clashes.map((message) => ({ field: "roles", message })),
      });
    }

    const dropped = current.filter((c) => !claimed.has(c.id));
    const droppedWithFields = dropped.filter((r) => (counts.get(r.id) ?? 0) > 0);
    const unsigning = body.roles.flatMap((r, i) => {
      const was = matched[i];
      return was && (counts.get(was.id) ?? 0) > 0 && (r.role ?? was.recipientRole) !== "SIGNER" ? [{ was, to: r.role }] : [];
    });
    if (droppedWithFields.length || unsigning.length) {
      const parts = [
        ...droppedWithFields.map((r) => `${r.name} has ${counts.get(r.id)} field(s) and cannot be dropped`),
        ...unsigning.map(({ was, to }) => `${was.name} has ${counts.get(was.id)} field(s): only a SIGNER has fields, not ${to}`),
      ];
      throw new AppError("TEMPLATE_ROLE_HAS_FIELDS", `${parts.join("; ")}. Delete or move its fields first`, {
        details: {
          roles: [...droppedWithFields, ...unsigning.map((u) => u.was)].map((r) => ({
            id: r.id,
            name: r.name,
            fields: counts.get(r.id) ?? 0,
          })),
        },
      });
    }

    // A role a public link gives its visitors (revoked links too: their requests name it) stays.
    if (dropped.length) {
      const linked = await tx
        .select({ roleId: publicLinks.roleId, name: publicLinks.name })
        .from(publicLinks)
        .where(
          inArray(
            publicLinks.roleId,
            dropped.map((r) => r.id),
          ),
        );
      const [first] = linked;
      if (first) {
        const role = dropped.find((r) => r.id === first.roleId)!;
        throw new AppError(
          "TEMPLATE_ROLE_HAS_LINK",
          `${role.name} is the role visitors of the public link "${first.name}" take, and cannot be dropped; give the link another role first`,
          { details: { roles: [{ id: role.id, name: role.name }], links: linked.map((l) => l.name) } },
        );
      }
    }
    if (dropped.length)
      await tx.delete(templateRoles).where(
        inArray(
          templateRoles.id,
          dropped.map((r) => r.id),
        ),
      );
    // Out of the way first (names and places are unique per template): a name with a control character is
    // one no role can have, a negative place one none has.
    const kept = matched.filter((m): m is TemplateRoleRow => m !== undefined);
    if (kept.length)
      await tx
        .update(templateRoles)
        .set({ position: sql`-${templateRoles.position}`, name: sql`chr(1) || ${templateRoles.id}::text` })
        .where(
          inArray(
            templateRoles.id,
            kept.map((r) => r.id),
          ),
        );
    for (const [i, r] of body.roles.entries()) {
      const was = matched[i];
      const values = { position: i + 1, name: r.name };
      if (was)
        await tx
          .update(templateRoles)
          .set({
            ...values,
            signingOrder: r.order ?? was.signingOrder,
            recipientRole: r.role ?? was.recipientRole,
            canDelegate: r.canDelegate ?? was.canDelegate,
            // A role that stops being a SIGNER stops being a group with it.
            groupRequired:
              r.group !== undefined
                ? (r.group?.required ?? null)
                : (r.role ?? was.recipientRole) === "SIGNER"
                  ? was.groupRequired
                  : null,
          })
          .where(eq(templateRoles.id, was.id));
      else
        await tx.insert(templateRoles).values({
          templateId: tpl.id,
          ...values,
          signingOrder: r.order ?? i + 1,
          recipientRole: r.role ?? "SIGNER",
          canDelegate: r.canDelegate ?? false,
          groupRequired: r.group?.required ?? null,
        });
    }
    return { roles: (await loadTemplateRoles(tx, tpl.id)).map(toTemplateRoleDto) };
  });
}
