"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { plainError } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { StepBar } from "./step-bar";

const MAX_MB = 25;

export function UploadStep() {
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
      setError(`"${f.name}" is not a PDF. Choose a PDF document.`);
      return;
    }
    if (f.size > MAX_MB * 1024 * 1024) {
      setError(`"${f.name}" is larger than ${MAX_MB} MB.`);
      return;
    }
    setFile(f);
    if (!title.trim()) setTitle(f.name.replace(/\.pdf$/i, ""));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError("Choose a PDF to upload.");
    if (!title.trim()) return setError("Give the request a title.");
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
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">New signature request</h1>
      <p className="mb-6 text-sm text-slate-600">Upload the PDF to be signed. You add recipients and place fields next.</p>
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
          <p className="text-sm text-slate-700">{file ? <strong>{file.name}</strong> : "Drop a PDF here"}</p>
          {file && <p className="text-xs text-slate-500">{(file.size / 1024).toFixed(0)} KB</p>}
          <p className="my-2 text-xs text-slate-500">or</p>
          <label
            htmlFor="pdf-file"
            className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium shadow-sm hover:bg-slate-50"
          >
            Choose a PDF document
          </label>
          <input
            id="pdf-file"
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-label="PDF document"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p className="mt-2 text-xs text-slate-500">Up to {MAX_MB} MB.</p>
        </div>
        <TextField
          label="Title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={500}
          required
          placeholder="e.g. Employment contract – Ann Lee"
        />
        {progress !== null && (
          <div>
            <div className="mb-1 flex justify-between text-xs text-slate-600">
              <span>{pct < 100 ? "Uploading…" : "Processing…"}</span>
              <span>{pct}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              className="h-2 overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-indigo-600 transition-all" style={{ width: `${pct}%` }} />
            </div>
          </div>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={progress !== null}>
            Upload and continue
          </Button>
        </div>
      </form>
    </div>
  );
}
