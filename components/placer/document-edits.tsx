"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { anchorApi, type DetectedAnchor } from "@/lib/client/anchors";
import { uploadForm } from "@/lib/client/upload";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/form";

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
      setMsg({ kind: "success", text: `${what}: done. The pages show the new version.` });
    } catch (e) {
      setMsg(
        unavailable(e)
          ? { kind: "info", text: `${what} is not available on this server yet.` }
          : { kind: "error", text: plainError(e) },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Document edits" className="space-y-2">
      <button
        type="button"
        className="flex w-full items-center justify-between text-sm font-semibold text-slate-700"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        Document edits <span aria-hidden>{open ? "▾" : "▸"}</span>
      </button>
      {open && (
        <div className="space-y-4">
          {msg && <Alert kind={msg.kind}>{msg.text}</Alert>}
          <form
            className="space-y-2"
            aria-label="Replace text at an anchor"
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
              if (!r.anchorKey) return setMsg({ kind: "error", text: "Enter the anchor text to replace." });
              void run("Text replacement", () => anchorApi.replaceText(request.id, [r]));
            }}
          >
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Replace text</h3>
            <label className="block text-xs text-slate-600">
              Anchor text
              <input name="anchorKey" list="anchor-keys" className={inputClass} placeholder="{{signet:company}}" />
            </label>
            <datalist id="anchor-keys">
              {keys.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
            <label className="block text-xs text-slate-600">
              New text
              <textarea name="text" rows={2} className={inputClass} />
            </label>
            <div className="grid grid-cols-3 gap-1">
              <label className="text-xs text-slate-600">
                Width
                <input name="width" type="number" defaultValue={200} min={1} className={inputClass} />
              </label>
              <label className="text-xs text-slate-600">
                Height
                <input name="height" type="number" defaultValue={20} min={1} className={inputClass} />
              </label>
              <label className="text-xs text-slate-600">
                Font size
                <input name="fontSize" type="number" defaultValue={11} min={4} className={inputClass} />
              </label>
            </div>
            <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
              Replace text
            </Button>
          </form>
          <form
            className="space-y-2"
            aria-label="Stamp an image at an anchor"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              const img = form.get("image");
              if (!(img instanceof File) || img.size === 0) return setMsg({ kind: "error", text: "Choose a PNG or JPEG image." });
              if (!String(form.get("anchorKey") ?? "").trim())
                return setMsg({ kind: "error", text: "Enter the image anchor's text." });
              void run("Image stamp", () => uploadForm(`/signature-requests/${request.id}/fields/anchors/image`, form, () => {}));
            }}
          >
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Stamp an image</h3>
            <label className="block text-xs text-slate-600">
              Image anchor
              <input name="anchorKey" list="image-anchor-keys" className={inputClass} placeholder="{{s1|image|120|60|Logo}}" />
            </label>
            <datalist id="image-anchor-keys">
              {imageKeys.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
            <div className="grid grid-cols-2 gap-1">
              <label className="text-xs text-slate-600">
                Width
                <input name="width" type="number" defaultValue={120} min={1} className={inputClass} />
              </label>
              <label className="text-xs text-slate-600">
                Height
                <input name="height" type="number" defaultValue={60} min={1} className={inputClass} />
              </label>
            </div>
            <label className="block text-xs text-slate-600">
              Sizing
              <select name="sizingMode" defaultValue="FIT" className={inputClass}>
                <option value="FIT">Fit (keep proportions)</option>
                <option value="FILL">Fill (crop)</option>
                <option value="STRETCH">Stretch</option>
              </select>
            </label>
            <label className="block text-xs text-slate-600">
              Image (PNG or JPEG)
              <input name="image" type="file" accept="image/png,image/jpeg" className="block w-full text-xs" />
            </label>
            <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
              Stamp image
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
