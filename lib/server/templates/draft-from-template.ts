import "server-only";
import type { FieldInput } from "@/lib/schemas/requests";
import type { UseTemplate } from "@/lib/schemas/templates";
import type { KeyAuth } from "../auth/authenticate";
import { keyActor, recordEvent } from "../audit/record-event";
import { config } from "../config";
import { getDb, type Tx } from "../db";
import { recipients } from "../db/schema";
import { insertFields } from "../fields/place-fields";
import { AppError } from "../http/errors";
import { loadRequestDto } from "../requests/load-request";
import { insertDraft, type StoredPdf } from "../requests/create-request";
import { findVisibleTemplate, loadTemplateFields } from "./find-template";
import { renderDocxTemplate } from "./render-docx-template";

const signerIndex = (ref: string) => Number(ref.slice(1)) - 1;

/**
 * POST /signature-requests/templates/{templateId}/use: a new DRAFT whose document is the PDF
 * template as it is, or the DOCX template filled from templateData and converted to PDF.
 * Recipients are created in the order given (s1, s2, …); a PDF template's stored fields go to the
 * matching recipients. The conversion runs before the transaction, so no lock waits on LibreOffice.
 */
export async function draftFromTemplate(
  auth: KeyAuth,
  templateId: string,
  input: UseTemplate,
  // Run in the draft's transaction: a bulk send records the new request on its row here, so the
  // draft exists exactly when the row names it (lib/server/bulk/run-bulk-send.ts).
  opts: { inTransaction?: (tx: Tx, draft: { id: string }) => Promise<void> } = {},
) {
  const db = await getDb();
  const tpl = await findVisibleTemplate(db, auth, templateId);
  if (input.recipients.length > config.maxRecipients) {
    throw new AppError("TOO_MANY_RECIPIENTS", `A request has at most ${config.maxRecipients} recipients`);
  }

  let doc: StoredPdf;
  if (tpl.kind === "PDF") {
    if (input.templateData !== undefined) {
      const message = "templateData is for DOCX templates; this template is a PDF and is used as it is";
      throw new AppError("TEMPLATE_DATA_NOT_ACCEPTED", message, { errors: [{ field: "templateData", message }] });
    }
    doc = { sha256: tpl.sha256, size: tpl.size, pageCount: tpl.pageCount!, pages: tpl.pages! };
  } else {
    doc = await renderDocxTemplate(tpl, input.templateData ?? {});
  }

  return db.transaction(async (tx) => {
    // Deleted while the document was being made? Then there is nothing to make a draft from.
    await findVisibleTemplate(tx, auth, tpl.id);
    const req = await insertDraft(
      tx,
      auth,
      { title: input.title, filename: `${tpl.name}.pdf`, origin: { template: { id: tpl.id, name: tpl.name, kind: tpl.kind } } },
      doc,
    );
    const actor = keyActor(auth);

    // Timestamps a millisecond apart keep s1, s2, … in the order given among equal signing orders.
    const base = Date.now();
    const recs = input.recipients.length
      ? await tx
          .insert(recipients)
          .values(
            input.recipients.map((r, i) => ({
              requestId: req.id,
              email: r.email,
              name: r.name,
              role: r.role ?? "SIGNER",
              order: r.order ?? r.signingOrder ?? 1,
              createdAt: new Date(base + i),
            })),
          )
          .returning()
      : [];
    recs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const [i, r] of recs.entries()) {
      await recordEvent(tx, req.id, "recipient.added", actor, {
        recipientId: r.id,
        email: r.email,
        role: r.role,
        order: r.order,
        signerRef: `s${i + 1}`,
      });
    }

    if (tpl.kind === "PDF") {
      const stored = await loadTemplateFields(tx, tpl.id);
      const unmatched = [...new Set(stored.map((f) => f.signerRef).filter((ref) => !recs[signerIndex(ref)]))].sort();
      if (unmatched.length) {
        throw new AppError(
          "TEMPLATE_RECIPIENTS_MISSING",
          `The template has fields for ${unmatched.join(", ")}, but ${recs.length} recipient(s) were given; recipients are s1, s2, … in the order given`,
          { details: { signerRefsWithoutRecipient: unmatched } },
        );
      }
      const recipientOf = (ref: string) => {
        const r = recs[signerIndex(ref)];
        if (!r) throw new Error(`No recipient for ${ref}, though every signer reference was matched`);
        return r;
      };
      const inputs: (FieldInput & { anchor?: Record<string, unknown> })[] = stored.map((f) => ({
        type: f.type as FieldInput["type"],
        recipientId: recipientOf(f.signerRef).id,
        page: f.page,
        x: f.x,
        y: f.y,
        width: f.width,
        height: f.height,
        name: f.name ?? undefined,
        required: f.required,
        label: f.label ?? undefined,
        maxLength: f.maxLength ?? undefined,
        fontSize: f.fontSize ?? undefined,
        defaultValue: f.defaultValue ?? undefined,
        // RADIO: the button alone (its group's options are synced on the draft); DROPDOWN: its options.
        options: f.type === "DROPDOWN" ? (f.options ?? undefined) : undefined,
        group: f.groupName ?? undefined,
        option: f.optionValue ?? undefined,
        min: f.minValue ?? undefined,
        max: f.maxValue ?? undefined,
        decimals: f.decimals ?? undefined,
        anchor: { ...(f.anchor ?? {}), templateId: tpl.id, templateFieldId: f.id, signerRef: f.signerRef },
      }));
      if (inputs.length) await insertFields(tx, req, inputs, actor);
    }
    await opts.inTransaction?.(tx, req);
    return loadRequestDto(tx, req);
  });
}
