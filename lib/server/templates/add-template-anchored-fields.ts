import "server-only";
import { boxFitsPage } from "@/lib/pdf/boxes";
import { zTemplateAnchoredFields } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { placeAtAnchors } from "../fields/place-at-anchors";
import { occurrencesAcross } from "../documents/text-layer-cache";
import { getDb } from "../db";
import { templateOwner } from "../model/field-owner";
import { toFieldColumns, type FieldColumns } from "../model/field-row";
import { assertFieldRoom, placementError, radioClashes, storeFields } from "../fields/field-service";
import { problemsAddedBy, throwFormProblems } from "../fields/form-guard";
import { expandRadioOptions } from "../fields/field-types";
import { AppError, notFound, type FieldError, validationError } from "../errors";
import { rolesById, toTemplateFieldDto } from "./dto";
import { findVisibleTemplate, loadTemplateDocuments } from "./find-template";
import { pdfDocumentsOf } from "./template-fields";
import { ensureRoles } from "./template-roles";

/**
 * POST /signature-requests/{templateId}/fields/anchored on a template (and
 * /templates/{id}/fields/anchored): each literal anchorKey (or {{signet:…}} anchor) is found in the
 * text layers of the template's PDF documents (the one it names, else all, in order) and the field
 * stored at its top-left plus the offsets, on that document, for the role
 * given as recipientId sN: the N-th role, made (named "sN") when the template has fewer roles. Anchors
 * that are not found are all listed (422) and nothing is stored.
 *
 * `body` is validated here, so a route that parsed it with a looser schema can pass it on as is.
 */
export async function addTemplateAnchoredFields(auth: KeyAuth, templateId: string, body: unknown) {
  const parsed = zTemplateAnchoredFields.safeParse(body);
  if (!parsed.success) {
    if (body && typeof body === "object" && !("fields" in body)) {
      throw new AppError(
        "VALIDATION_FAILED",
        'On a template, give { fields: [{ anchorKey, type, recipientId: "s1", … }] }; unified anchors are placed on the draft made from it',
        {
          errors: [{ field: "fields", message: "fields is required" }],
        },
      );
    }
    throw validationError(parsed.error, "body");
  }
  const items = parsed.data.fields;
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, templateId);
  const docs = await loadTemplateDocuments(db, tpl.id);
  const pdfs = pdfDocumentsOf(docs);
  if (!pdfs.length) {
    throw new AppError(
      "TEMPLATE_NOT_PDF",
      "Fields are stored on a template's PDF documents only; a DOCX becomes a PDF when the template is used: place fields on that draft with /fields/anchors",
      { details: { kind: docs[0].kind } },
    );
  }
  // A document named must be one of the template's PDFs.
  items.forEach((f, i) => {
    if (f.documentId === undefined || pdfs.some((d) => d.id === f.documentId)) return;
    const docx = docs.find((d) => d.id === f.documentId);
    if (!docx) throw notFound("DOCUMENT_NOT_FOUND", "Document");
    const message = `${docx.name} is a DOCX: its fields are placed by anchors on the draft made from it`;
    throw new AppError("TEMPLATE_NOT_PDF", message, { errors: [{ field: `fields.${i}.documentId`, message }] });
  });
  const byKey = await occurrencesAcross(
    pdfs,
    items.map((f) => f.anchorKey),
  );
  const pagesOf = new Map(pdfs.map((d) => [d.id, d.pages]));

  const problems: FieldError[] = [];
  const rows: (FieldColumns & { position: number; documentId: string })[] = [];
  // The body's item each row comes from (a RADIO with options is several rows).
  const rowItem: number[] = [];
  placeAtAnchors(items, byKey).forEach((f, i) => {
    // A RADIO given with options is one button per option, each 1.5 × height below the last (as on a request).
    for (const b of expandRadioOptions([f])) {
      const size = pagesOf.get(b.documentId)?.[b.page - 1];
      // The anchors were found in this very PDF, whose page sizes were read with its text.
      if (!size) throw new Error(`Template ${tpl.id} has no size for page ${b.page}, where anchor ${b.anchor.text} is`);
      // The same rule as for a request's fields (and the seal): the displayed page, 0.5 pt of slack.
      if (!boxFitsPage(b, size)) {
        problems.push({
          field: `fields.${i}.xOffset`,
          message: `The box at anchor ${b.anchor.text} (${b.x}, ${b.y}, ${b.width} × ${b.height}) does not lie inside page ${b.page} (${size.width} × ${size.height} pt)`,
        });
        return;
      }
      rowItem.push(i);
      rows.push({
        position: Number(b.recipientId.slice(1)),
        documentId: b.documentId,
        ...toFieldColumns({ ...b, x: Math.max(0, b.x), y: Math.max(0, b.y) }),
      });
    }
  });
  const invalid = placementError(problems);
  if (invalid) throw invalid;

  return db.transaction(async (tx) => {
    const locked = await findVisibleTemplate(tx, auth, tpl.id, { forUpdate: true });
    const roles = await ensureRoles(tx, locked.id, Math.max(0, ...rows.map((r) => r.position)));
    const byPosition = new Map(roles.map((r) => [r.position, r]));
    const values = rows.map(({ position, ...r }) => {
      const role = byPosition.get(position);
      if (!role) throw new Error(`Role s${position} of template ${locked.id} was just made, yet is not there`);
      return { ...r, assigneeId: role.id };
    });
    const cc = roles.find((r) => r.recipientRole !== "SIGNER" && rows.some((f) => f.position === r.position));
    if (cc) {
      const message = `Role ${cc.name} (s${cc.position}) is ${cc.recipientRole}; only a SIGNER has fields`;
      throw new AppError("FIELD_PLACEMENT_INVALID", message, { errors: [{ field: "fields", message }] });
    }
    const owner = templateOwner(locked.id);
    await assertFieldRoom(tx, owner, values.length);
    const clash = await radioClashes(
      tx,
      owner,
      values.map((r) => ({
        type: r.type,
        assigneeId: r.assigneeId,
        group: r.group ?? undefined,
        option: r.option ?? undefined,
      })),
    );
    const [clashing] = clash;
    if (clashing) throw new AppError("FIELD_PLACEMENT_INVALID", clashing.message, { errors: clash });
    // Judged like every placing: a rule that cannot stand, a role whose signatures may all be left out.
    const { out: stored, added } = await problemsAddedBy(tx, owner, () => storeFields(tx, owner, values));
    throwFormProblems(added, new Map(stored.map((r, i) => [r.id, `fields.${rowItem[i]}.`])));
    const byId = rolesById(roles);
    return {
      fields: stored.map((f) => toTemplateFieldDto({ ...f, roleId: f.assigneeId }, byId)),
      skipped: [] as { anchorKey: string; page: number; reason: string }[],
    };
  });
}
