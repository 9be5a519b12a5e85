"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { plainError } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, ProgressBar } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { StepBar } from "./step-bar";

const MAX_MB = 25;

export function UploadStep() {
  const t = useDashboardT();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function choose(f: File | undefined | null) {
    setError(null);
    if (!f) return;
    if (f.type && f.type !== "application/pdf" && !f.name.toLowerCase().endsWith(".pdf")) {
      setError(t("compose.upload.notPdf", { name: f.name }));
      return;
    }
    if (f.size > MAX_MB * 1024 * 1024) {
      setError(t("compose.upload.tooLarge", { name: f.name, max: MAX_MB }));
      return;
    }
    setFile(f);
    if (!title.trim()) setTitle(f.name.replace(/\.pdf$/i, ""));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError(t("compose.upload.choosePdf"));
    if (!title.trim()) return setError(t("compose.upload.giveTitle"));
    const form = new FormData();
    form.set("title", title.trim());
    form.set("delivery_mode", "email");
    form.set("file", file, file.name);
    setError(null);
    setProgress(0);
    try {
      const created = await uploadForm<SignatureRequestDto>("/signature-requests", form, setProgress);
      router.push(`/requests/${created.id}/edit?step=recipients`);
    } catch (err) {
      setProgress(null);
      setError(plainError(err));
    }
  }

  const pct = progress === null ? 0 : Math.round(progress * 100);
  return (
    <div className="mx-auto max-w-2xl">
      <StepBar current="upload" />
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">{t("compose.upload.heading")}</h1>
      <p className="mb-6 text-sm text-slate-600">{t("compose.upload.intro")}</p>
      <form onSubmit={submit} className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {error && <Alert>{error}</Alert>}
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            choose(e.dataTransfer.files?.[0]);
          }}
          className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-10 text-center transition ${over ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50"}`}
        >
          <p className="text-sm text-slate-700">{file ? <strong>{file.name}</strong> : t("compose.upload.drop")}</p>
          {file && <p className="text-xs text-slate-500">{t("compose.upload.size", { kb: (file.size / 1024).toFixed(0) })}</p>}
          <p className="my-2 text-xs text-slate-500">{t("compose.upload.or")}</p>
          <label
            htmlFor="pdf-file"
            className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium shadow-sm hover:bg-slate-50"
          >
            {t("compose.upload.choose")}
          </label>
          <input
            id="pdf-file"
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-label={t("compose.upload.fileLabel")}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p className="mt-2 text-xs text-slate-500">{t("compose.upload.upTo", { max: MAX_MB })}</p>
        </div>
        <TextField
          label={t("compose.upload.title")}
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={500}
          required
          placeholder={t("compose.upload.titlePlaceholder")}
        />
        {progress !== null && (
          <div>
            <div className="mb-1 flex justify-between text-xs text-slate-600">
              <span>{pct < 100 ? t("compose.upload.uploading") : t("compose.upload.processing")}</span>
              <span>{pct}%</span>
            </div>
            <ProgressBar label={t("compose.upload.progress")} now={pct} />
          </div>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={progress !== null}>
            {t("compose.upload.submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
