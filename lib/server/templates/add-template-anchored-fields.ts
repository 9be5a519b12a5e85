import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import { boxFitsPage } from "@/lib/pdf/page-box";
import { zTemplateAnchoredFields } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { findAnchorsIn } from "../anchors/text-layer-cache";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { propertyColumns, radioGroupProblems } from "../fields/field-types";
import { templateFields } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, type FieldError } from "../http/errors";
import { validationError } from "../http/route";
import { toTemplateFieldDto } from "./dto";
import { findVisibleTemplate } from "./find-template";

/**
 * POST /signature-requests/{templateId}/fields/anchored on a PDF template (and
 * /templates/{id}/fields/anchored): each literal anchorKey (or {{signet:…}} anchor) is found in
 * the template's text layer and the field stored at its top-left plus the offsets, for the signer
 * reference given as recipientId (s1, s2, …). At `use`, sN becomes the n-th recipient. Anchors
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
  const rows: (typeof templateFields.$inferInsert)[] = [];
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
        templateId: tpl.id,
        signerRef: f.recipientId,
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
  const [first] = problems;
  if (first) {
    throw new AppError(
      "FIELD_PLACEMENT_INVALID",
      problems.length === 1 ? first.message : `${problems.length} fields cannot be placed: ${first.message}; …`,
      {
        errors: problems,
      },
    );
  }

  return db.transaction(async (tx) => {
    const locked = await findVisibleTemplate(tx, auth, tpl.id, { forUpdate: true });
    const { n } = oneRow(
      await tx.select({ n: count() }).from(templateFields).where(eq(templateFields.templateId, locked.id)),
      "COUNT(*)",
    );
    if (Number(n) + rows.length > config.maxFields) {
      throw new AppError(
        "TOO_MANY_FIELDS",
        `A template has at most ${config.maxFields} fields; it has ${n}, and ${rows.length} more were given`,
      );
    }
    const existing = await tx
      .select()
      .from(templateFields)
      .where(and(eq(templateFields.templateId, locked.id), eq(templateFields.type, "RADIO")));
    const clash = radioGroupProblems(
      existing.map((r) => ({ ...r, recipientId: r.signerRef })),
      rows.map((r) => ({
        type: r.type as "RADIO",
        recipientId: r.signerRef,
        group: r.groupName ?? undefined,
        option: r.optionValue ?? undefined,
      })),
    );
    const [clashing] = clash;
    if (clashing) throw new AppError("FIELD_PLACEMENT_INVALID", clashing.message, { errors: clash });
    const inserted = await tx.insert(templateFields).values(rows).returning();
    const synced = await syncTemplateRadioGroups(tx, locked.id);
    const stored = inserted.map((r) => synced.get(r.id) ?? r);
    return { fields: stored.map(toTemplateFieldDto), skipped: [] as { anchorKey: string; page: number; reason: string }[] };
  });
}

/** Every RADIO button of the template gets its group's options (signer reference and group), in reading order. */
async function syncTemplateRadioGroups(tx: Queryable, templateId: string) {
  const rows = await tx
    .select()
    .from(templateFields)
    .where(and(eq(templateFields.templateId, templateId), eq(templateFields.type, "RADIO")));
  rows.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.signerRef}\u0000${r.groupName}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const out = new Map<string, (typeof rows)[number]>();
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
