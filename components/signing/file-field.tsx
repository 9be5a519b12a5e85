"use client";

import { useId, useState } from "react";
import { DEFAULT_FILE_MB, MAX_FILES_PER_FIELD } from "@/lib/schemas/field-kinds";
import { FILE_KINDS } from "@/lib/schemas/states";
import { callSigning, type ApiFailure } from "./api";
import { useApiMessage } from "./api-message";
import { Dialog } from "./dialog";
import { fieldDomId, fieldTitle, filesOf, type Values } from "./fields";
import { useLocale, useSigningT, type SigningT } from "./intl";
import type { AttachedFile, FilesValue, SigningField } from "./types";

/** What the picker offers for a FILE field: the kinds it takes, by type and extension (a phone offers its camera for images). */
export function acceptOf(f: SigningField): string {
  const kinds = f.accept ?? FILE_KINDS;
  return kinds
    .map((k) => (k === "PDF" ? "application/pdf,.pdf" : k === "PNG" ? "image/png,.png" : "image/jpeg,.jpg,.jpeg"))
    .join(",");
}

/** "1,2 MB", "850 KB" in the page's language (a file of a few bytes "1 KB"; nothing at all "0 KB"). */
export function sizeText(bytes: number, locale: string): string {
  const mb = bytes >= 1024 * 1024;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: mb ? 1 : 0 }).format(
    mb ? bytes / 1024 / 1024 : bytes > 0 ? Math.max(1, bytes / 1024) : 0,
  );
  return `${n} ${mb ? "MB" : "KB"}`;
}

/**
 * What the server said of a refused file, in the page's language; null for a refusal that is not the
 * file's own (the page's general words for it then: api-message.ts). A budget is said in MB as the
 * signer writes numbers, with what is held and the file's size (`details` of the 413).
 */
export function fileRefusal(e: ApiFailure, field: SigningField, t: SigningT, locale: string): string | null {
  const kinds = (field.accept ?? FILE_KINDS).join(", ");
  const d = e.details ?? {};
  const bytes = (k: string) => (typeof d[k] === "number" && Number.isFinite(d[k]) ? (d[k] as number) : null);
  switch (e.code) {
    case "ATTACHMENT_TYPE_NOT_ACCEPTED":
      return t("files.wrongType", { kinds });
    case "ATTACHMENT_TOO_LARGE":
      return t("files.tooLarge", { size: field.maxSizeMb ?? DEFAULT_FILE_MB });
    case "ATTACHMENT_DAMAGED":
      return t("files.damaged");
    case "TOO_MANY_ATTACHMENTS":
      return t("files.tooMany");
    case "NOT_A_PDF":
    case "PDF_MALFORMED":
    case "PDF_ENCRYPTED":
    case "PDF_TOO_COMPLEX":
    case "PDF_TOO_MANY_PAGES":
      return t("files.pdfRefused");
    case "FIELD_HIDDEN":
      return t("files.hidden");
    case "SIGNER_UPLOADS_OVER_BUDGET":
    case "REQUEST_UPLOADS_OVER_BUDGET": {
      const [limit, held, size] = [bytes("limitBytes"), bytes("heldBytes"), bytes("fileBytes")];
      // Without the numbers, the sentence that needs none.
      const mine = e.code === "SIGNER_UPLOADS_OVER_BUDGET";
      if (limit === null || held === null || size === null)
        return t(mine ? "files.linkBudgetReached" : "files.requestBudgetReached");
      const mb = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(limit / 1024 / 1024);
      const numbers = { limit: mb, held: sizeText(held, locale), size: sizeText(size, locale) };
      return t(mine ? "files.linkBudget" : "files.requestBudget", numbers);
    }
    default:
      return null;
  }
}

/**
 * Sends the chosen files of a FILE field one after the other (POST …/files), after `saveFirst` (the
 * draft: the server judges whether the field is shown by the values as saved). `onFiles` gets the field's
 * files after each one taken; the first refusal stops it and is returned with the file's name.
 */
export async function attachFiles(
  token: string,
  field: SigningField,
  held: readonly AttachedFile[],
  chosen: readonly File[],
  saveFirst: () => Promise<unknown>,
  onFiles: (files: AttachedFile[]) => void,
): Promise<{ name: string; error: ApiFailure } | null> {
  await saveFirst();
  let next = [...held];
  const room = field.multiple ? MAX_FILES_PER_FIELD - held.length : 1;
  // A one-file field takes the first file chosen in place of the one it holds.
  for (const file of chosen.slice(0, room)) {
    const form = new FormData();
    form.append("fieldId", field.id);
    form.append("file", file, file.name);
    const res = await callSigning<AttachedFile>(token, "/files", form);
    if (!res.ok) return { name: file.name, error: res.error };
    next = field.multiple ? [...next, res.data] : [res.data];
    onFiles(next);
  }
  return null;
}

/**
 * A FILE field's control: the files attached so far (each with its size and a button to take it out), and
 * a button that opens the device's picker (on a phone: the camera or files). Each chosen file is sent at
 * once (POST …/files), judged by the server by its bytes; a refusal is said under the control.
 */
export function FileControl({
  token,
  field,
  value,
  error,
  onValue,
  onStale,
  saveFirst,
}: {
  token: string;
  field: SigningField;
  value: Values[string];
  error?: string;
  onValue: (v: FilesValue) => void;
  onStale: (e: ApiFailure) => void;
  /** Saves the draft now (use-draft-saving.ts: saveNow), before a file goes. */
  saveFirst: () => Promise<unknown>;
}) {
  const t = useSigningT();
  const locale = useLocale();
  const apiMessage = useApiMessage();
  const files = filesOf(value);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = fieldDomId(field);
  const helpId = useId();
  const errorId = useId();
  const room = field.multiple ? MAX_FILES_PER_FIELD - files.length : files.length ? 0 : 1;
  const maxMb = field.maxSizeMb ?? DEFAULT_FILE_MB;

  const upload = async (chosen: File[]) => {
    setProblem(null);
    setBusy(true);
    const refused = await attachFiles(token, field, files, chosen, saveFirst, (next) => onValue({ kind: "files", files: next }));
    if (refused && (refused.error.status === 401 || refused.error.status === 410)) return onStale(refused.error);
    if (refused) setProblem(`${refused.name}: ${fileRefusal(refused.error, field, t, locale) ?? apiMessage(refused.error)}`);
    setBusy(false);
  };

  const shownError = problem ?? error;
  return (
    <div className="space-y-2" data-file-field={field.id}>
      {files.length ? (
        <ul className="space-y-1" aria-label={t("files.attached")}>
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-2 py-1.5 text-sm">
              <span className="min-w-0 flex-1 truncate" title={f.name}>
                {f.name}
              </span>
              <span className="shrink-0 text-slate-600">{sizeText(f.size, locale)}</span>
              <button
                type="button"
                onClick={() => onValue({ kind: "files", files: files.filter((x) => x.id !== f.id) })}
                className="min-h-9 min-w-9 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
                aria-label={t("files.remove", { name: f.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 || !field.multiple ? (
        <label
          className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-dashed px-3 py-2 text-base font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 ${shownError ? "border-red-600 text-red-800" : "border-sky-700 text-sky-900"} ${busy ? "opacity-60" : ""}`}
        >
          <input
            id={inputId}
            type="file"
            className="sr-only"
            accept={acceptOf(field)}
            multiple={!!field.multiple}
            disabled={busy}
            aria-describedby={`${helpId}${shownError ? ` ${errorId}` : ""}`}
            aria-invalid={!!shownError}
            aria-required={field.required}
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              e.target.value = "";
              if (chosen.length) void upload(chosen);
            }}
          />
          {busy
            ? t("files.uploading")
            : files.length
              ? field.multiple
                ? t("files.addAnother")
                : t("files.replace")
              : t("files.attach")}
          <span className="sr-only">: {fieldTitle(field, t)}</span>
        </label>
      ) : null}
      <p id={helpId} className="text-sm text-slate-600">
        {t("files.help", { kinds: (field.accept ?? FILE_KINDS).join(", "), size: maxMb })}
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** At a desk: the FILE control in a dialog, opened from the field's box on the page. */
export function FilesDialog({
  token,
  field,
  value,
  error,
  onValue,
  onClose,
  onStale,
  saveFirst,
}: {
  token: string;
  field: SigningField | null;
  value: Values[string];
  error?: string;
  onValue: (f: SigningField, v: FilesValue) => void;
  onClose: () => void;
  onStale: (e: ApiFailure) => void;
  saveFirst: () => Promise<unknown>;
}) {
  const t = useSigningT();
  return (
    <Dialog open={!!field} onClose={onClose} title={field ? fieldTitle(field, t) : ""}>
      {field ? (
        <div className="mt-3 space-y-4">
          <FileControl
            token={token}
            field={field}
            value={value}
            error={error}
            onValue={(v) => onValue(field, v)}
            onStale={onStale}
            saveFirst={saveFirst}
          />
          <div className="flex justify-end">
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 rounded-md bg-sky-700 px-4 py-2 text-base font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              {t("files.done")}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
