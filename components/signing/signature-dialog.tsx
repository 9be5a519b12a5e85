"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "./dialog";
import { DrawPad } from "./draw-pad";
import { useSigningT } from "./intl";
import { scriptFont } from "./script-font";
import type { MarkValue } from "./types";

type Tab = "draw" | "type" | "upload";
const TABS = [
  { id: "draw", label: "mark.tabDraw" },
  { id: "type", label: "mark.tabType" },
  { id: "upload", label: "mark.tabUpload" },
] as const satisfies { id: Tab; label: string }[];
const MAX_UPLOAD = 2 * 1024 * 1024;

/**
 * Makes a signature or initials: drawn (signature_pad), typed (shown in the script font the sealed
 * PDF uses) or uploaded (PNG or JPEG). Returns the mark through onApply.
 */
export function SignatureDialog({
  open,
  kind,
  suggestedText,
  current,
  onApply,
  onClose,
}: {
  open: boolean;
  kind: "SIGNATURE" | "INITIAL";
  suggestedText: string;
  current?: MarkValue;
  onApply: (mark: MarkValue) => void;
  onClose: () => void;
}) {
  const t = useSigningT();
  const noun = kind === "INITIAL" ? "initials" : "signature";
  return (
    <Dialog open={open} onClose={onClose} title={t(`mark.${noun}.title`)}>
      <MarkMaker noun={noun} suggestedText={suggestedText} current={current} onApply={onApply} onClose={onClose} />
    </Dialog>
  );
}

function MarkMaker({
  noun,
  suggestedText,
  current,
  onApply,
  onClose,
}: {
  noun: "signature" | "initials";
  suggestedText: string;
  current?: MarkValue;
  onApply: (mark: MarkValue) => void;
  onClose: () => void;
}) {
  const t = useSigningT();
  const base = useId();
  const [tab, setTab] = useState<Tab>(
    current?.kind === "typed" ? "type" : current?.kind === "image" && current.source === "upload" ? "upload" : "draw",
  );
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState(current?.kind === "typed" ? current.text : suggestedText);
  const [uploaded, setUploaded] = useState<string | null>(
    current?.kind === "image" && current.source === "upload" ? current.dataUrl : null,
  );
  const [uploadError, setUploadError] = useState<string | null>(null);
  const applyLabel = t(`mark.${noun}.use`);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ draw: null, type: null, upload: null });

  const mark: MarkValue | null =
    tab === "draw"
      ? drawn
        ? { kind: "image", dataUrl: drawn, source: "draw" }
        : null
      : tab === "type"
        ? typed.trim()
          ? { kind: "typed", text: typed.trim() }
          : null
        : uploaded
          ? { kind: "image", dataUrl: uploaded, source: "upload" }
          : null;

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((item) => item.id === tab);
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length]?.id;
    if (!next) return;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const onFile = (file: File | undefined) => {
    setUploadError(null);
    setUploaded(null);
    if (!file) return;
    if (file.type !== "image/png" && file.type !== "image/jpeg") return setUploadError(t("mark.chooseImage"));
    if (file.size > MAX_UPLOAD) return setUploadError(t("mark.imageTooLarge"));
    const reader = new FileReader();
    reader.onload = () => setUploaded(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => setUploadError(t("mark.unreadable"));
    reader.readAsDataURL(file);
  };

  return (
    <div className="mt-3">
      <div
        role="tablist"
        aria-label={t(`mark.${noun}.tabs`)}
        className="flex gap-1 rounded-lg bg-slate-100 p-1"
        onKeyDown={onTabKey}
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(el) => {
              tabRefs.current[item.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`${base}-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600 ${tab === item.id ? "bg-white shadow-sm text-slate-900" : "text-slate-600 hover:text-slate-900"}`}
          >
            {t(item.label)}
          </button>
        ))}
      </div>

      {/* Every panel stays mounted, so a drawing survives a look at another tab. */}
      <div
        role="tabpanel"
        id={`${base}-panel-draw`}
        aria-labelledby={`${base}-tab-draw`}
        hidden={tab !== "draw"}
        className="mt-3"
      >
        <DrawPad label={t(`mark.${noun}.draw`)} onChange={setDrawn} />
      </div>

      <div
        role="tabpanel"
        id={`${base}-panel-type`}
        aria-labelledby={`${base}-tab-type`}
        hidden={tab !== "type"}
        className="mt-3"
      >
        <div className="space-y-3">
          <label className="block text-sm font-medium" htmlFor={`${base}-typed`}>
            {t(`mark.${noun}.type`)}
          </label>
          <input
            id={`${base}-typed`}
            type="text"
            value={typed}
            maxLength={noun === "initials" ? 10 : 200}
            autoComplete={noun === "initials" ? "off" : "name"}
            onChange={(e) => setTyped(e.target.value)}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200"
          />
          <figure className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <figcaption className="text-xs text-slate-500">{t("mark.preview")}</figcaption>
            <p
              aria-label={t(`mark.${noun}.previewLabel`)}
              className={`${scriptFont.className} min-h-14 truncate text-4xl leading-tight text-[#10215e]`}
            >
              {typed.trim() || "\u00a0"}
            </p>
          </figure>
        </div>
      </div>

      <div
        role="tabpanel"
        id={`${base}-panel-upload`}
        aria-labelledby={`${base}-tab-upload`}
        hidden={tab !== "upload"}
        className="mt-3"
      >
        <div className="space-y-3">
          <label className="block text-sm font-medium" htmlFor={`${base}-file`}>
            {t(`mark.${noun}.upload`)}
          </label>
          <input
            id={`${base}-file`}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => onFile(e.target.files?.[0])}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
          />
          {uploadError ? (
            <p role="alert" className="text-sm text-red-700">
              {uploadError}
            </p>
          ) : null}
          {uploaded ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL the signer chose; nothing to optimise
            <img
              src={uploaded}
              alt={t(`mark.${noun}.uploaded`)}
              className="max-h-32 w-full rounded-lg border border-slate-200 bg-white object-contain p-2"
            />
          ) : null}
        </div>
      </div>

      <p className="mt-3 text-xs text-slate-500">{t(`mark.${noun}.adopt`)}</p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {t("mark.cancel")}
        </button>
        <button
          type="button"
          disabled={!mark}
          onClick={() => mark && onApply(mark)}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:cursor-not-allowed disabled:bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          {applyLabel}
        </button>
      </div>
    </div>
  );
}
