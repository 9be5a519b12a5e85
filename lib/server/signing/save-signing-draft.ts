import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SaveSigningDraft } from "@/lib/schemas/signing";
import { getDb } from "../db";
import { loadSignersFields, slotOf } from "../model/groups";
import { fields, signerDrafts, type SignerDraftValue } from "../db/schema";
import { AppError, type FieldError } from "../errors";
import type { Actor } from "../audit/record-event";
import { assertMayAct } from "../model/recipient-state";
import { clock } from "../clock";
import { findSigner } from "./find-signer";
import { judgeSignatureImage, type JudgedImage } from "./judge-signature-image";
import { filesOfFields } from "./signer-files";
import { limitSigner } from "./limit-signer";
import { requireSignerSession } from "./signer-session";
import { keepPageLocale } from "./page-locale";
import { TEXT_VALUED_TYPES } from "@/lib/schemas/fields";

type FieldRow = typeof fields.$inferSelect;
type Entry = SaveSigningDraft["values"][number];

const KINDS = ["text", "checked", "typed", "image", "files"] as const;

/**
 * Saves what a signer has entered so far in some of their fields, so that a reload or another device
 * finds it (GET /api/sign/{token} serves it back as `drafts`). Only while they may sign (the same
 * rule as signing: their turn, the request in progress), only their own fields, each value of the
 * kind its field takes; an image is judged and cleaned as at signing. Any problem: nothing is saved.
 * Nothing here signs: no field value, status, audit event or webhook changes; POST …/sign does that,
 * with every value sent again and judged in full.
 */
export async function saveSigningDraft(
  token: string,
  input: SaveSigningDraft,
  who: Omit<Actor, "actor">,
  session: string | null = null,
) {
  // The link's own limit, shared with its other endpoints: the page saves at most every few seconds.
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  const pre = await findSigner(db, token);
  await requireSignerSession(db, pre.r, pre.req, session);
  assertMayAct(pre.r, pre.req, "sign");
  // Their fields, or their group's in the place they would take (model/groups.ts).
  const slotFields = await db
    .select()
    .from(fields)
    .where(eq(fields.recipientId, slotOf(pre.r)));
  const { mine } = await loadSignersFields(db, slotFields, pre.r);
  const uploaded = await filesOfFields(
    db,
    pre.r.id,
    mine.filter((f) => f.type === "FILE").map((f) => f.id),
  );
  const { values, problems } = judgeDraftEntries(mine, input.values, uploaded);
  const [problem] = problems;
  if (problem) throw new AppError("FIELD_VALUES_INVALID", problem.message, { errors: problems });
  // Images are judged (PNG or JPEG, sizes) and cleaned in the engine before anything is written, as at
  // signing: a bad one is its 400/415/422 naming the entry, and nothing is saved. The same image given
  // for several boxes (one signature adopted for each) is judged once.
  const cleaned = new Map<string, JudgedImage>();
  for (const [i, v] of input.values.entries()) {
    if (v.image === undefined) continue;
    const img = cleaned.get(v.image) ?? (await judgeSignatureImage(v.image, `values.${i}.image`));
    cleaned.set(v.image, img);
    values.set(v.fieldId, { image: Buffer.from(img.bytes).toString("base64"), mime: img.mime });
  }

  const now = clock.now();
  return db.transaction(async (tx) => {
    // Under the rows' lock, as a signature takes it: a save never lands after the signature that ends the turn.
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req, "sign");
    await keepPageLocale(tx, r, input.locale);
    const kept = [...values].filter((e): e is [string, SignerDraftValue] => e[1] !== null);
    const cleared = [...values].filter(([, v]) => v === null).map(([id]) => id);
    if (kept.length)
      await tx
        .insert(signerDrafts)
        .values(kept.map(([fieldId, value]) => ({ fieldId, recipientId: r.id, value, updatedAt: now })))
        .onConflictDoUpdate({
          target: [signerDrafts.fieldId, signerDrafts.recipientId],
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        });
    // A RADIO button chosen: the other buttons of its group are no longer chosen.
    const unchosen = radioSiblings(mine, values);
    const gone = [...cleared, ...unchosen];
    if (gone.length)
      await tx.delete(signerDrafts).where(and(eq(signerDrafts.recipientId, r.id), inArray(signerDrafts.fieldId, gone)));
    return { saved: kept.length, cleared: cleared.length, savedAt: now.toISOString() };
  });
}

/**
 * Each entry against its field: the signer's own, given once, and one value of the kind the field takes
 * (none: the saved value is removed). Partial values are fine (a NUMBER half typed, a required field
 * left empty): signing judges them in full. Returns the values to store (null: remove) and every problem.
 */
function judgeDraftEntries(mine: FieldRow[], entries: Entry[], uploaded: ReadonlyMap<string, { id: string }[]>) {
  const byId = new Map(mine.map((f) => [f.id, f]));
  const values = new Map<string, SignerDraftValue | null>();
  const problems: FieldError[] = [];
  const chosen = new Map<string, number>(); // RADIO group → entries chosen
  for (const [i, v] of entries.entries()) {
    const at = `values.${i}`;
    const f = byId.get(v.fieldId);
    if (!f) {
      problems.push({ field: `${at}.fieldId`, message: "This field is not one of yours" });
      continue;
    }
    if (values.has(f.id)) {
      problems.push({ field: `${at}.fieldId`, message: "This field is given more than once" });
      continue;
    }
    const given = KINDS.filter((k) => v[k] !== undefined);
    const [kind, second] = given;
    const label = f.label || f.name || f.type.toLowerCase();
    if (second) {
      problems.push({ field: `${at}.${second}`, message: `Give one of ${KINDS.join(", ")}, not ${given.join(" and ")}` });
      continue;
    }
    if (kind === undefined) {
      values.set(f.id, null);
      continue;
    }
    const wrong = (takes: string) => problems.push({ field: `${at}.${kind}`, message: `${label} takes ${takes}, not ${kind}` });
    if (f.type === "DATE") {
      problems.push({ field: `${at}.${kind}`, message: `${label} is a DATE field: it is filled when you sign` });
    } else if (TEXT_VALUED_TYPES.has(f.type)) {
      if (kind !== "text") wrong("text");
      else if (f.maxLength && [...v.text!].length > f.maxLength)
        problems.push({ field: `${at}.text`, message: `${label} is at most ${f.maxLength} characters` });
      else if (f.type === "DROPDOWN" && v.text !== "" && !(f.options ?? []).includes(v.text!))
        problems.push({ field: `${at}.text`, message: `${label}: "${v.text!.slice(0, 200)}" is not one of the options` });
      else values.set(f.id, { text: v.text! });
    } else if (f.type === "CHECKBOX" || f.type === "RADIO") {
      if (kind !== "checked") wrong("checked");
      else {
        values.set(f.id, { checked: v.checked! });
        if (f.type === "RADIO" && v.checked) {
          const group = f.group ?? "";
          chosen.set(group, (chosen.get(group) ?? 0) + 1);
          if (chosen.get(group)! > 1) problems.push({ field: `${at}.checked`, message: `${group}: choose one option only` });
        }
      }
    } else if (f.type === "FILE") {
      const own = new Set((uploaded.get(f.id) ?? []).map((x) => x.id));
      if (kind !== "files") wrong("files");
      else if (v.files!.some((id) => !own.has(id)))
        problems.push({ field: `${at}.files`, message: `${label}: a file that is not attached to this field` });
      else values.set(f.id, v.files!.length ? { files: [...new Set(v.files!)] } : null);
    } else if (kind === "typed") values.set(f.id, { typed: v.typed! });
    else if (kind === "files") wrong("typed or image");
    else if (kind !== "image") wrong("typed or image");
    // An image is judged and set by the caller.
  }
  return { values, problems };
}

/** The other buttons of each RADIO group a button was chosen in (their saved values go), not given themselves. */
function radioSiblings(mine: FieldRow[], values: Map<string, SignerDraftValue | null>): string[] {
  const groups = new Set(
    mine
      .filter((f) => f.type === "RADIO" && (values.get(f.id) as { checked?: boolean } | null | undefined)?.checked)
      .map((f) => f.group ?? ""),
  );
  return mine.filter((f) => f.type === "RADIO" && groups.has(f.group ?? "") && !values.has(f.id)).map((f) => f.id);
}
