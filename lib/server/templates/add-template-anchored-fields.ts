import "server-only";
import { boxFitsPage } from "@/lib/pdf/page-box";
import { zTemplateAnchoredFields } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { findAnchorsIn } from "../documents/text-layer-cache";
import { getDb } from "../db";
import { templateOwner } from "../model/field-owner";
import type { FieldColumns } from "../model/field-row";
import { assertFieldRoom, placementError, radioClashes, storeFields } from "../fields/field-service";
import { propertyColumns } from "../model/field-row";
import { AppError, type FieldError, validationError } from "../errors";
import { rolesById, toTemplateFieldDto } from "./dto";
import { findVisibleTemplate } from "./find-template";
import { ensureRoles } from "./template-roles";

/**
 * POST /signature-requests/{templateId}/fields/anchored on a PDF template (and
 * /templates/{id}/fields/anchored): each literal anchorKey (or {{signet:…}} anchor) is found in
 * the template's text layer and the field stored at its top-left plus the offsets, for the role
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
  if (tpl.kind !== "PDF" || !tpl.pages) {
    throw new AppError(
      "TEMPLATE_NOT_PDF",
      "Fields are stored on PDF templates only; a DOCX template becomes a PDF when it is used: place fields on that draft with /fields/anchors",
      { details: { kind: tpl.kind } },
    );
  }
  const pages = tpl.pages;
  const { byKey } = await findAnchorsIn(tpl.sha256, { keys: items.map((f) => f.anchorKey) });

  const missing: { anchorKey: string; occurrenceIndex: number; found: number }[] = [];
  const problems: FieldError[] = [];
  const rows: (FieldColumns & { position: number })[] = [];
  items.forEach((f, i) => {
    const index = f.occurrenceIndex ?? 0;
    const all = byKey[f.anchorKey] ?? [];
    const occ = all[index];
    if (!occ) {
      missing.push({ anchorKey: f.anchorKey, occurrenceIndex: index, found: all.length });
      return;
    }
    // A RADIO given with options is one button per option, each 1.5 × height below the last (as on a request).
    const buttons =
      f.type === "RADIO" && f.options && f.option === undefined
        ? f.options.map((option, k) => ({ option, dy: k * f.height * 1.5 }))
        : [{ option: f.option, dy: 0 }];
    for (const b of buttons) {
      const x = occ.x + f.xOffset;
      const y = occ.y + f.yOffset + b.dy;
      const size = pages[occ.page - 1];
      // The anchors were found in this very PDF, whose page sizes were read with its text.
      if (!size) throw new Error(`Template ${tpl.id} has no size for page ${occ.page}, where anchor ${f.anchorKey} is`);
      // The same rule as for a request's fields (and the seal): the displayed page, 0.5 pt of slack.
      if (!boxFitsPage({ x, y, width: f.width, height: f.height }, size)) {
        problems.push({
          field: `fields.${i}.xOffset`,
          message: `The box at anchor ${f.anchorKey} (${x}, ${y}, ${f.width} × ${f.height}) does not lie inside page ${occ.page} (${size.width} × ${size.height} pt)`,
        });
        return;
      }
      rows.push({
        position: Number(f.recipientId.slice(1)),
        type: f.type,
        page: occ.page,
        x: Math.max(0, x),
        y: Math.max(0, y),
        width: f.width,
        height: f.height,
        ...propertyColumns({ ...f, option: b.option }),
        anchor: {
          text: f.anchorKey,
          occurrenceIndex: index,
          page: occ.page,
          x: occ.x,
          y: occ.y,
          width: occ.width,
          height: occ.height,
          xOffset: f.xOffset,
          yOffset: f.yOffset,
        },
      });
    }
  });
  if (missing.length) {
    const names = missing.map((m) =>
      m.found ? `${m.anchorKey} (occurrence ${m.occurrenceIndex}; found ${m.found})` : m.anchorKey,
    );
    throw new AppError("ANCHOR_NOT_FOUND", `Anchor not found: ${names.join(", ")}`, { details: { missing } });
  }
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
        group: r.groupName ?? undefined,
        option: r.optionValue ?? undefined,
      })),
    );
    const [clashing] = clash;
    if (clashing) throw new AppError("FIELD_PLACEMENT_INVALID", clashing.message, { errors: clash });
    const stored = await storeFields(tx, owner, values);
    const byId = rolesById(roles);
    return {
      fields: stored.map((f) => toTemplateFieldDto({ ...f, roleId: f.assigneeId }, byId)),
      skipped: [] as { anchorKey: string; page: number; reason: string }[],
    };
  });
}
