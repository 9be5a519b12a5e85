import "server-only";
import { randomUUID } from "node:crypto";
import { fieldInputOf } from "@/lib/schemas/fields";
import type { RecipientRole } from "@/lib/schemas/states";
import type { UseTemplate, UseTemplateRecipient } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { config } from "../config";
import { getDb, type Queryable, type Tx } from "../db";
import { recipients } from "../db/schema";
import { toFieldShape } from "../model/field-row";
import { insertFields, setFieldConditions, type RequestFieldInput } from "../fields/place-fields";
import { remapConditions } from "@/lib/forms/conditions";
import { AppError, type FieldError } from "../errors";
import { loadRequestDto } from "../model/request-dto";
import { draftChoices, insertDraft } from "../requests/create-request";
import type { NewDocument, StoredPdf } from "../requests/request-documents";
import { judgeDocumentLimits } from "../documents/document-set";
import { judgeExpiresAt } from "../model/send-settings";
import { titleOfTemplateDocument } from "@/lib/files/file-name";
import { clock } from "../clock";
import {
  signerRefOf,
  type TemplateDocumentRow,
  type TemplateDocuments,
  type TemplateFieldRow,
  type TemplateRoleRow,
  type TemplateRow,
} from "./dto";
import { findVisibleTemplate, loadTemplateDocuments, loadTemplateFields } from "./find-template";
import { assertTemplateData, renderDocxTemplate } from "./render-docx-template";
import { describeRoles, findRole, loadTemplateRoles } from "./template-roles";

/** A recipient of the use call and the template role they take (none: a recipient beyond the roles). */
interface Cast {
  input: UseTemplateRecipient;
  role: TemplateRoleRow | undefined;
}

/**
 * Who takes which role: by roleName (a role's name or sN; 422 for a name no role answers to, or two
 * recipients for one role), or, when no recipient gives one, in order (the first takes s1, …; those
 * beyond the roles are added as given, with no fields). Every role that has stored fields needs its
 * recipient (422 listing those left without). In role order, then the others as given.
 */
async function castRoles(db: Queryable, tpl: TemplateRow, given: UseTemplateRecipient[]) {
  const roles = await loadTemplateRoles(db, tpl.id);
  const stored = await loadTemplateFields(db, tpl.id);
  let cast: Cast[];
  if (given.some((r) => r.roleName !== undefined)) {
    const unknown: FieldError[] = [];
    const taken = new Map<string, number>();
    const twice: FieldError[] = [];
    const twiceNames = new Set<string>();
    cast = given.map((input, i) => {
      const role = findRole(roles, input.roleName ?? "");
      if (!role) unknown.push({ field: `recipients.${i}.roleName`, message: `No role "${input.roleName}"` });
      // A signing group's role takes several people (model/groups.ts).
      else if (taken.has(role.id) && !role.groupRequired) {
        twiceNames.add(role.name);
        twice.push({
          field: `recipients.${i}.roleName`,
          message: `Role ${role.name} is already taken by recipient ${taken.get(role.id)! + 1}`,
        });
      } else taken.set(role.id, i);
      return { input, role };
    });
    if (unknown.length) {
      const names = [...new Set(given.filter((_, i) => !cast[i]!.role).map((r) => r.roleName ?? ""))];
      throw new AppError(
        "TEMPLATE_ROLE_NOT_FOUND",
        `The template has no role ${names.map((n) => `"${n}"`).join(", ")}; its roles are ${describeRoles(roles) || "none"}`,
        { errors: unknown, details: { roleName: names, roles: roles.map((r) => r.name) } },
      );
    }
    const [first] = twice;
    if (first) {
      throw new AppError("TEMPLATE_ROLE_TAKEN", `${first.message}: one recipient per role`, {
        errors: twice,
        details: { roleName: [...twiceNames] },
      });
    }
  } else {
    cast = given.map((input, i) => ({ input, role: roles[i] }));
  }

  const filled = new Set(cast.map((c) => c.role?.id));
  const needed = new Set(stored.map((f) => f.roleId));
  const left = roles.filter((r) => needed.has(r.id) && !filled.has(r.id));
  if (left.length) {
    throw new AppError(
      "TEMPLATE_RECIPIENTS_MISSING",
      `The template has fields for the role(s) ${describeRoles(left)}, which no recipient takes (${given.length} recipient(s) given); give each a recipient with roleName, or in role order`,
      { details: { roles: left.map((r) => r.name), signerRefsWithoutRecipient: left.map(signerRefOf) } },
    );
  }
  refuseBrokenGroups(cast);
  const rank = (c: Cast, i: number) => (c.role ? c.role.position : roles.length + 1 + i);
  const ordered = cast.map((c, i) => ({ c, k: rank(c, i) })).sort((a, b) => a.k - b.k);
  return { cast: ordered.map((o) => o.c), stored };
}

/**
 * A signing group's role needs two people or more (by roleName), at least as many as must sign, all signers in
 * the role's step: 422 GROUP_INVALID naming the role.
 */
function refuseBrokenGroups(cast: Cast[]) {
  const byRole = new Map<string, { role: TemplateRoleRow; members: UseTemplateRecipient[] }>();
  for (const c of cast)
    if (c.role?.groupRequired) {
      const entry = byRole.get(c.role.id) ?? { role: c.role, members: [] };
      entry.members.push(c.input);
      byRole.set(c.role.id, entry);
    }
  const problems: FieldError[] = [];
  for (const { role, members } of byRole.values()) {
    const required = role.groupRequired ?? 1;
    if (members.length < Math.max(2, required))
      problems.push({
        field: "recipients",
        message: `The role ${role.name} is a signing group (${required} must sign): give it ${Math.max(2, required)} or more recipients with roleName "${role.name}"; ${members.length} given`,
      });
    if (members.some((m) => (m.role ?? "SIGNER") !== "SIGNER"))
      problems.push({ field: "recipients", message: `The role ${role.name} is a signing group: its members are SIGNERs` });
    const orders = new Set(members.map((m) => m.order ?? m.signingOrder ?? role.signingOrder));
    if (orders.size > 1)
      problems.push({
        field: "recipients",
        message: `The members of the signing group ${role.name} sign in one step; they were given several`,
      });
  }
  const [first] = problems;
  if (first) throw new AppError("GROUP_INVALID", first.message, { errors: problems });
}

/** The name a document of the new request takes: a one-document template's name, else the document's, as a PDF. */
function draftDocumentName(tpl: TemplateRow, docs: TemplateDocuments, doc: TemplateDocumentRow): string {
  const base = docs.length === 1 ? tpl.name : titleOfTemplateDocument(doc.name);
  return `${base}.pdf`;
}

/**
 * The new request's documents, in the template's order: a PDF as it is, a DOCX filled from templateData
 * and converted to PDF (one after another: LibreOffice runs one conversion at a time anyway).
 */
async function draftDocuments(tpl: TemplateRow, docs: TemplateDocuments, data: UseTemplate["templateData"]) {
  const out: NewDocument[] = [];
  for (const d of docs) {
    const stored: StoredPdf =
      d.kind === "PDF"
        ? { sha256: d.sha256, size: d.size, pageCount: d.pageCount!, pages: d.pages! }
        : await renderDocxTemplate(d, data ?? {});
    out.push({ name: draftDocumentName(tpl, docs, d), stored });
  }
  judgeDocumentLimits(
    [],
    out.map((d) => d.stored),
  );
  return out;
}

/**
 * POST /signature-requests/templates/{templateId}/use: a new DRAFT whose documents are the template's,
 * in order: each PDF as it is, each DOCX filled from templateData and converted to PDF. Each recipient
 * takes a role (castRoles), with the role's recipient role and signing order unless given; the stored
 * fields go to their roles' recipients, on the documents made from theirs. The roles are checked before
 * the conversions, which run before the transaction, so no lock waits on LibreOffice.
 */
export async function draftFromTemplate(
  auth: KeyAuth,
  templateId: string,
  input: UseTemplate,
  // Run in the draft's transaction: a bulk send records the new request on its row here, so the
  // draft exists exactly when the row names it (lib/server/bulk/run-bulk-send.ts).
  opts: {
    inTransaction?: (tx: Tx, draft: { id: string }) => Promise<void>;
    /** A public link's visitor: the audit trail's actor, the link, and what the request.created event adds. */
    visitor?: { actor: Actor; publicLinkId: string; origin: Record<string, unknown> };
  } = {},
) {
  // A date that is already wrong is said before the document is made.
  if (input.expiresAt !== undefined) judgeExpiresAt(input.expiresAt, clock.now());
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, templateId);
  if (input.recipients.length > config.maxRecipients) {
    throw new AppError("TOO_MANY_RECIPIENTS", `A request has at most ${config.maxRecipients} recipients`);
  }
  const docs = await loadTemplateDocuments(db, tpl.id);
  const hasDocx = docs.some((d) => d.kind === "DOCX");
  if (!hasDocx && input.templateData !== undefined) {
    const message = "templateData is for DOCX documents; this template's documents are PDFs, used as they are";
    throw new AppError("TEMPLATE_DATA_NOT_ACCEPTED", message, { errors: [{ field: "templateData", message }] });
  }
  if (hasDocx) {
    await castRoles(db, tpl, input.recipients);
    assertTemplateData(docs, input.templateData ?? {});
  }
  const made = await draftDocuments(tpl, docs, input.templateData);

  return db.transaction(async (tx) => {
    // Deleted while the documents were being made? Then there is nothing to make a draft from.
    await findVisibleTemplate(tx, auth, tpl.id);
    // Its documents changed meanwhile? Then the fields read below may stand on one that was not made.
    const now = await loadTemplateDocuments(tx, tpl.id);
    if (now.map((d) => `${d.id}:${d.sha256}`).join() !== docs.map((d) => `${d.id}:${d.sha256}`).join()) {
      throw new AppError("DOCUMENT_CHANGED", "The template's documents changed while the draft was being made; retry");
    }
    // Read again in the transaction: the roles may have changed during a conversion.
    const { cast, stored } = await castRoles(tx, tpl, input.recipients);
    const req = await insertDraft(
      tx,
      auth,
      {
        title: input.title,
        origin: { template: { id: tpl.id, name: tpl.name, kind: docs[0].kind }, ...opts.visitor?.origin },
        ...(opts.visitor && { actor: opts.visitor.actor, publicLinkId: opts.visitor.publicLinkId }),
        ...draftChoices(input),
      },
      made,
    );
    // The template's document at each place is the new request's at the same place.
    const requestDocumentOf = new Map(docs.map((d, i) => [d.id, req.documents[i]!.id]));
    const actor = opts.visitor?.actor ?? keyActor(auth);

    // Timestamps a millisecond apart keep the roles' order (s1, s2, …) among equal signing orders.
    const base = Date.now();
    // A signing group's members share the id of its first (model/groups.ts), made here before they are stored.
    const ids = cast.map(() => randomUUID());
    const leadOf = new Map<string, string>();
    cast.forEach(({ role }, i) => {
      if (role?.groupRequired && !leadOf.has(role.id)) leadOf.set(role.id, ids[i]!);
    });
    const recs = cast.length
      ? await tx
          .insert(recipients)
          .values(
            cast.map(({ input: r, role }, i) => ({
              id: ids[i]!,
              ...(role?.groupRequired && {
                groupId: leadOf.get(role.id)!,
                groupName: role.name,
                groupRequired: role.groupRequired,
              }),
              requestId: req.id,
              email: r.email,
              name: r.name,
              role: r.role ?? (role?.recipientRole as RecipientRole | undefined) ?? "SIGNER",
              order: r.order ?? r.signingOrder ?? role?.signingOrder ?? 1,
              locale: r.locale ?? null,
              canDelegate: r.canDelegate ?? role?.canDelegate ?? false,
              createdAt: new Date(base + i),
            })),
          )
          .returning()
      : [];
    recs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const recipientOfRole = new Map<string, (typeof recs)[number]>();
    for (const [i, r] of recs.entries()) {
      const role = cast[i]?.role;
      // A group's fields go to its first member (the group's id).
      if (role && !recipientOfRole.has(role.id)) recipientOfRole.set(role.id, r);
      await recordEvent(tx, req.id, "recipient.added", actor, {
        recipientId: r.id,
        email: r.email,
        role: r.role,
        order: r.order,
        ...(r.locale !== null && { locale: r.locale }),
        ...(role && { templateRole: role.name, signerRef: signerRefOf(role) }),
      });
    }

    if (stored.length) {
      const recipientOf = (f: TemplateFieldRow) => {
        const r = recipientOfRole.get(f.roleId);
        if (!r) throw new Error(`No recipient for role ${f.roleId}, though every role with fields was given one`);
        return r;
      };
      const roleOf = new Map(cast.flatMap((c) => (c.role ? [[c.role.id, c.role] as const] : [])));
      const inputs: RequestFieldInput[] = stored.map((f) => {
        const role = roleOf.get(f.roleId)!;
        return {
          ...fieldInputOf(toFieldShape(f)),
          // RADIO: the button alone (its group's options are synced on the draft).
          ...(f.type === "RADIO" && { options: undefined }),
          // Rules name fields by id: set once every field has its draft's id (below).
          conditions: undefined,
          recipientId: recipientOf(f).id,
          documentId: requestDocumentOf.get(f.documentId),
          anchor: {
            ...(f.anchor ?? {}),
            templateId: tpl.id,
            templateFieldId: f.id,
            templateRole: role.name,
            signerRef: signerRefOf(role),
          },
        };
      });
      const placed = await insertFields(tx, req, inputs, actor);
      const draftIdOf = new Map(stored.map((f, i) => [f.id, placed[i]!.id]));
      await setFieldConditions(
        tx,
        req,
        actor,
        stored.flatMap((f) =>
          f.conditions ? [{ id: draftIdOf.get(f.id)!, conditions: remapConditions(f.conditions, draftIdOf)! }] : [],
        ),
      );
    }
    await opts.inTransaction?.(tx, req);
    return loadRequestDto(tx, req);
  });
}
