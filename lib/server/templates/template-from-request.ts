import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { MAX_ROLE_NAME, ROLE_REF } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { keyActor, recordEvent } from "../audit/record-event";
import { blobs } from "../blobs/store";
import { getDb } from "../db";
import { documentVersions, templateFields, templateRoles, templates } from "../db/schema";
import { insertRow } from "../db/rows";
import { findVisibleRequest, loadFields, loadRecipients } from "../model/request-queries";
import { assertOneDocument } from "../requests/request-documents";
import { type RecipientRow } from "../model/rows";
import { copyFieldColumns } from "../model/field-row";
import { toTemplateDto } from "./dto";
import { judgeTemplateFile } from "./judge-template-file";
import { loadTemplateRoles } from "./template-roles";

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A role's name for each recipient: their name (a template made from a request starts with the people
 * it was for; the builder renames them), unique whatever the case, never an sN that is not its own place.
 */
export function roleNamesFor(people: readonly Pick<RecipientRow, "name">[]): string[] {
  const taken = new Set<string>();
  return people.map((p, i) => {
    let base =
      p.name
        .replace(CONTROL, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_ROLE_NAME - 8) || `Role ${i + 1}`;
    const ref = ROLE_REF.exec(base);
    if (ref && Number(ref[1]) !== i + 1) base = `Role ${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * POST /signature-requests/{id}/save-as-template: a PDF template from a request's document as its
 * recipients saw it (the latest version before the seal), its recipients turned into roles (in signing
 * order, with their recipient role and order) and its fields stored on those roles. The request is not
 * changed; its audit trail records the template made from it.
 */
export async function saveRequestAsTemplate(auth: KeyAuth, requestId: string, input: { name?: string }) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, requestId);
  await assertOneDocument(db, req.id, "saving as a template");
  const [doc] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.requestId, req.id), ne(documentVersions.reason, "SEALED")))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  if (!doc) throw new Error(`Signature request ${req.id} has no document version before its seal`);
  // Judged again like every upload (its anchors listed); the bytes are already stored under the same hash.
  const judged = await judgeTemplateFile(await blobs().get(doc.sha256));

  return db.transaction(async (tx) => {
    await findVisibleRequest(tx, auth, req.id, { forUpdate: true });
    const people = await loadRecipients(tx, req.id);
    const fieldRows = await loadFields(tx, req.id);
    const tpl = await insertRow(
      tx,
      templates,
      {
        orgId: auth.orgId,
        environment: auth.environment,
        name: input.name ?? req.title.slice(0, 200),
        filename: doc.filename ?? null,
        createdByKeyId: auth.keyId,
        ...judged,
      },
      "the new template",
    );
    const names = roleNamesFor(people);
    const roles = people.length
      ? await tx
          .insert(templateRoles)
          .values(
            people.map((p, i) => ({
              templateId: tpl.id,
              position: i + 1,
              name: names[i]!,
              signingOrder: p.order,
              recipientRole: p.role,
            })),
          )
          .returning()
      : [];
    const roleOf = new Map(people.map((p, i) => [p.id, roles.find((r) => r.position === i + 1)!]));
    if (fieldRows.length)
      await tx.insert(templateFields).values(
        fieldRows.map((f) => {
          const role = roleOf.get(f.recipientId);
          if (!role) throw new Error(`Field ${f.id} belongs to no recipient of request ${req.id}`);
          return { templateId: tpl.id, roleId: role.id, ...copyFieldColumns(f) };
        }),
      );
    await recordEvent(tx, req.id, "request.saved_as_template", keyActor(auth), {
      templateId: tpl.id,
      templateName: tpl.name,
      roles: roles.length,
      fields: fieldRows.length,
    });
    const [saved] = await tx.select().from(templates).where(eq(templates.id, tpl.id));
    const stored = await tx.select().from(templateFields).where(eq(templateFields.templateId, tpl.id));
    stored.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
    return toTemplateDto(saved!, await loadTemplateRoles(tx, tpl.id), stored);
  });
}
