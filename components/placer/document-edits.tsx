"use client";
import { useId, useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { anchorApi, type DetectedAnchor } from "@/lib/client/anchors";
import { uploadForm } from "@/lib/client/upload";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

const unavailable = (e: unknown) => e instanceof ApiError && (e.unavailable || e.status === 405);

/**
 * Optional changes to the document itself, at anchors: replace fixed text, or stamp an image. Each makes
 * a new document version; the pages are drawn again from it, so the result shows at once.
 */
export function DocumentEdits({
  request,
  anchors,
  onChanged,
}: {
  request: SignatureRequestDto;
  anchors: DetectedAnchor[];
  onChanged: () => Promise<unknown>;
}) {
  const t = useDashboardT();
  const [open, setOpen] = useState(false);
  const [msg, setMsg] = useState<{ kind: "error" | "success" | "info"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = [...new Set(anchors.filter((a) => a.ok).map((a) => a.text))];
  const imageKeys = [...new Set(anchors.filter((a) => a.ok && a.type === "image").map((a) => a.text))];

  async function run(what: string, fn: () => Promise<unknown>) {
    setBusy(true);
    setMsg(null);
    try {
      await fn();
      await onChanged();
      setMsg({ kind: "success", text: t("placer.edits.done", { what }) });
    } catch (e) {
      setMsg(
        unavailable(e) ? { kind: "info", text: t("placer.edits.unavailable", { what }) } : { kind: "error", text: plainError(e) },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t("placer.edits.label")} className="space-y-2">
      <button
        type="button"
        className="flex w-full items-center justify-between text-sm font-semibold text-slate-700"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t("placer.edits.toggle")} <span aria-hidden>{open ? "▾" : "▸"}</span>
      </button>
      {open && (
        <div className="space-y-4">
          {msg && <Alert kind={msg.kind}>{msg.text}</Alert>}
          <form
            className="space-y-2"
            aria-label={t("placer.edits.replaceForm")}
            onSubmit={(e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              const r = {
                anchorKey: String(f.get("anchorKey") ?? "").trim(),
                text: String(f.get("text") ?? ""),
                width: Number(f.get("width")),
                height: Number(f.get("height")),
                fontSize: Number(f.get("fontSize")),
              };
              if (!r.anchorKey) return setMsg({ kind: "error", text: t("placer.edits.enterAnchor") });
              void run(t("placer.edits.textReplacement"), () => anchorApi.replaceText(request.id, [r]));
            }}
          >
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("placer.edits.replaceHeading")}</h3>
            <AnchorKeyInput label={t("placer.edits.anchorText")} keys={keys} placeholder="{{signet:company}}" />
            <label className="block text-xs text-slate-600">
              {t("placer.edits.newText")}
              <textarea name="text" rows={2} className={inputClass} />
            </label>
            <div className="grid grid-cols-3 gap-1">
              <NumberInput label={t("placer.edits.width")} name="width" defaultValue={200} min={1} />
              <NumberInput label={t("placer.edits.height")} name="height" defaultValue={20} min={1} />
              <NumberInput label={t("placer.edits.fontSize")} name="fontSize" defaultValue={11} min={4} />
            </div>
            <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
              {t("placer.edits.replace")}
            </Button>
          </form>
          <form
            className="space-y-2"
            aria-label={t("placer.edits.stampForm")}
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              const img = form.get("image");
              if (!(img instanceof File) || img.size === 0) return setMsg({ kind: "error", text: t("placer.edits.chooseImage") });
              if (!String(form.get("anchorKey") ?? "").trim())
                return setMsg({ kind: "error", text: t("placer.edits.enterImageAnchor") });
              void run(t("placer.edits.imageStamp"), () =>
                uploadForm(`/signature-requests/${request.id}/fields/anchors/image`, form, () => {}),
              );
            }}
          >
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("placer.edits.stampHeading")}</h3>
            <AnchorKeyInput label={t("placer.edits.imageAnchor")} keys={imageKeys} placeholder="{{s1|image|120|60|Logo}}" />
            <div className="grid grid-cols-2 gap-1">
              <NumberInput label={t("placer.edits.width")} name="width" defaultValue={120} min={1} />
              <NumberInput label={t("placer.edits.height")} name="height" defaultValue={60} min={1} />
            </div>
            <label className="block text-xs text-slate-600">
              {t("placer.edits.sizing")}
              <select name="sizingMode" defaultValue="FIT" className={inputClass}>
                <option value="FIT">{t("placer.edits.fit")}</option>
                <option value="FILL">{t("placer.edits.fill")}</option>
                <option value="STRETCH">{t("placer.edits.stretch")}</option>
              </select>
            </label>
            <label className="block text-xs text-slate-600">
              {t("placer.edits.image")}
              <input name="image" type="file" accept="image/png,image/jpeg" className="block w-full text-xs" />
            </label>
            <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
              {t("placer.edits.stamp")}
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}

/** The anchor text a form acts on, with the anchors found offered as suggestions. */
function AnchorKeyInput({ label, keys, placeholder }: { label: string; keys: string[]; placeholder: string }) {
  const listId = useId();
  return (
    <>
      <label className="block text-xs text-slate-600">
        {label}
        <input name="anchorKey" list={listId} className={inputClass} placeholder={placeholder} />
      </label>
      <datalist id={listId}>
        {keys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
    </>
  );
}

/** A number a form sends (a size in points), under its label. */
function NumberInput({ label, name, defaultValue, min }: { label: string; name: string; defaultValue: number; min: number }) {
  return (
    <label className="text-xs text-slate-600">
      {label}
      <input name={name} type="number" defaultValue={defaultValue} min={min} className={inputClass} />
    </label>
  );
}
