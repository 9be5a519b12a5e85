import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { MAX_ROLE_NAME, ROLE_REF } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { keyActor, recordEvent } from "../audit/record-event";
import { blobs } from "../blobs/store";
import { getDb, type Queryable } from "../db";
import { together } from "../db/together";
import { documentVersions, templateFields, templateRoles, templates } from "../db/schema";
import { insertRow } from "../db/rows";
import { findVisibleRequest, loadDocuments, loadFields, loadRecipients } from "../model/request-queries";
import type { RecipientRow, RequestDocument } from "../model/rows";
import { copyFieldColumns } from "../model/field-row";
import { remapConditions } from "@/lib/forms/conditions";
import { judgeTemplateFile } from "./judge-template-file";
import { insertTemplateDocument, templateNow, type NewTemplateDocument } from "./template-documents";

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

/** Each document of the request as its recipients saw it: its latest version before the seal. */
async function versionsBeforeSeal(db: Queryable, requestId: string, docs: readonly RequestDocument[]) {
  return together(
    db,
    ...docs.map((d) => async () => {
      const [v] = await db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, d.id), ne(documentVersions.reason, "SEALED")))
        .orderBy(desc(documentVersions.version))
        .limit(1);
      if (!v) throw new Error(`Document ${d.id} of signature request ${requestId} has no version before its seal`);
      return { doc: d, version: v };
    }),
  );
}

/**
 * POST /signature-requests/{id}/save-as-template: a PDF template from a request's documents as its
 * recipients saw them (each one's latest version before the seal), its recipients turned into roles (in
 * signing order, with their recipient role and order) and its fields stored on those roles, on the same
 * documents. The request is not changed; its audit trail records the template made from it.
 */
export async function saveRequestAsTemplate(auth: KeyAuth, requestId: string, input: { name?: string }) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, requestId);
  const seen = await versionsBeforeSeal(db, req.id, await loadDocuments(db, req.id));
  // Judged again like every upload (their anchors listed); the bytes are already stored under the same hashes.
  const judged: NewTemplateDocument[] = [];
  for (const { doc, version } of seen) {
    judged.push({
      judged: await judgeTemplateFile(await blobs().get(version.sha256)),
      name: doc.name,
      filename: version.filename,
    });
  }

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
        createdByKeyId: auth.keyId,
      },
      "the new template",
    );
    const templateDocumentOf = new Map<string, string>();
    for (const [i, d] of judged.entries()) {
      const row = await insertTemplateDocument(tx, tpl.id, i + 1, d, { rolesFromAnchors: false });
      templateDocumentOf.set(seen[i]!.doc.id, row.id);
    }
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
    // Each field's new id is chosen here, so that the rules that read it read its copy.
    const copyOf = new Map(fieldRows.map((f) => [f.id, crypto.randomUUID()]));
    if (fieldRows.length)
      await tx.insert(templateFields).values(
        fieldRows.map((f) => {
          const role = roleOf.get(f.recipientId);
          const documentId = templateDocumentOf.get(f.documentId);
          if (!role || !documentId) throw new Error(`Field ${f.id} belongs to no recipient or document of request ${req.id}`);
          const columns = copyFieldColumns(f);
          return {
            id: copyOf.get(f.id),
            templateId: tpl.id,
            roleId: role.id,
            documentId,
            ...columns,
            conditions: remapConditions(columns.conditions, copyOf),
          };
        }),
      );
    await recordEvent(tx, req.id, "request.saved_as_template", keyActor(auth), {
      templateId: tpl.id,
      templateName: tpl.name,
      roles: roles.length,
      fields: fieldRows.length,
      documents: judged.length,
    });
    return templateNow(tx, tpl);
  });
}
