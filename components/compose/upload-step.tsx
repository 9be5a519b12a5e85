"use client";
import { useRouter } from "next/navigation";
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { useCallback, useRef, useState } from "react";
import { plainError } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import { titleOfDocument } from "@/lib/files/file-name";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, ProgressBar } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { IconButton } from "@/components/ui/icon-button";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { StepBar } from "./step-bar";

/** One upload's body (MAX_UPLOAD_MB) and a request's documents (MAX_DOCUMENTS), at their defaults. */
const MAX_MB = 25;
const MAX_DOCUMENTS = 10;

export function UploadStep() {
  const t = useDashboardT();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  // The documents in the order they will be read; each added file once.
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the last move or removal did, for screen readers.
  const [said, setSaid] = useState("");

  function choose(list: FileList | File[] | undefined | null) {
    setError(null);
    const chosen = [...(list ?? [])];
    if (!chosen.length) return;
    const notPdf = chosen.find((f) => f.type && f.type !== "application/pdf" && !f.name.toLowerCase().endsWith(".pdf"));
    if (notPdf) return setError(t("compose.upload.notPdf", { name: notPdf.name }));
    const next = [...files, ...chosen];
    if (next.length > MAX_DOCUMENTS) return setError(t("compose.upload.tooMany", { max: MAX_DOCUMENTS }));
    if (next.reduce((n, f) => n + f.size, 0) > MAX_MB * 1024 * 1024)
      return setError(t("compose.upload.tooLarge", { max: MAX_MB }));
    setFiles(next);
    const [first] = next;
    if (!title.trim() && first) setTitle(titleOfDocument(first.name));
    if (input.current) input.current.value = "";
  }

  /** Moves the file at `i` to `j`; says so to screen readers. */
  function moveTo(i: number, j: number) {
    const f = files[i];
    if (!f || j < 0 || j >= files.length || i === j) return;
    const next = [...files];
    next.splice(i, 1);
    next.splice(j, 0, f);
    setFiles(next);
    setSaid(t("compose.upload.moved", { name: f.name, n: j + 1, total: next.length }));
  }

  function move(i: number, by: -1 | 1) {
    moveTo(i, i + by);
    // The same button keeps focus on the moved file's row, at its new place.
    requestAnimationFrame(() => document.getElementById(`upload-${by < 0 ? "up" : "down"}-${i + by}`)?.focus());
  }

  // Dragged by its handle onto another file's row: it takes that place. Each file keeps one id wherever
  // it moves (rows dragged and dropped are told apart by it, not by their place).
  const [ids] = useState(() => new WeakMap<File, string>());
  const idOf = (f: File) => {
    let id = ids.get(f);
    if (!id) ids.set(f, (id = `file:${crypto.randomUUID()}`));
    return id;
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  function onDragEnd(e: DragEndEvent) {
    const from = files.findIndex((f) => idOf(f) === e.active.id);
    const over = e.over ? files.findIndex((f) => idOf(f) === e.over?.id) : -1;
    if (from >= 0 && over >= 0) moveTo(from, over);
  }

  function remove(i: number) {
    const f = files[i];
    if (!f) return;
    setFiles(files.filter((_, k) => k !== i));
    setSaid(t("compose.upload.removed", { name: f.name }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!files.length) return setError(t("compose.upload.choosePdf"));
    if (!title.trim()) return setError(t("compose.upload.giveTitle"));
    const form = new FormData();
    form.set("title", title.trim());
    form.set("delivery_mode", "email");
    // One `file` part per document, in order.
    for (const f of files) form.append("file", f, f.name);
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
            choose(e.dataTransfer.files);
          }}
          className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-10 text-center transition ${over ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50"}`}
        >
          <p className="text-sm text-slate-700">{t("compose.upload.drop")}</p>
          <p className="my-2 text-xs text-slate-500">{t("compose.upload.or")}</p>
          <label
            htmlFor="pdf-file"
            className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium shadow-sm hover:bg-slate-50"
          >
            {files.length ? t("compose.upload.add") : t("compose.upload.choose")}
          </label>
          <input
            id="pdf-file"
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            className="sr-only"
            aria-label={t("compose.upload.fileLabel")}
            onChange={(e) => choose(e.target.files)}
          />
          <p className="mt-2 text-xs text-slate-500">{t("compose.upload.upTo", { max: MAX_MB, count: MAX_DOCUMENTS })}</p>
        </div>
        {files.length > 0 && (
          <section aria-labelledby="upload-documents">
            <h2 id="upload-documents" className="mb-2 text-sm font-medium text-slate-800">
              {t("compose.upload.documents")}
            </h2>
            <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd} autoScroll={false}>
              <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {files.map((f, i) => (
                  <FileRow key={idOf(f)} id={idOf(f)} index={i} name={f.name}>
                    <span className="w-12 shrink-0 text-xs text-slate-500">
                      {t("compose.upload.position", { n: i + 1, total: files.length })}
                    </span>
                    <span className="min-w-0 flex-1 truncate font-medium text-slate-800">{f.name}</span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {t("compose.upload.size", { kb: (f.size / 1024).toFixed(0) })}
                    </span>
                    <IconButton
                      id={`upload-up-${i}`}
                      label={t("compose.upload.moveUp", { name: f.name })}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </IconButton>
                    <IconButton
                      id={`upload-down-${i}`}
                      label={t("compose.upload.moveDown", { name: f.name })}
                      disabled={i === files.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </IconButton>
                    <IconButton label={t("compose.upload.remove", { name: f.name })} onClick={() => remove(i)}>
                      ×
                    </IconButton>
                  </FileRow>
                ))}
              </ol>
            </DndContext>
            <p role="status" className="sr-only">
              {said}
            </p>
          </section>
        )}
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

/** A file of the list: dragged by its handle, and a place another file is dropped on. */
function FileRow({ id, index, name, children }: { id: string; index: number; name: string; children: React.ReactNode }) {
  const t = useDashboardT();
  const drag = useDraggable({ id });
  const drop = useDroppable({ id });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  // One callback for both (a new one each render would detach and attach the node mid-drag).
  const setRef = useCallback(
    (el: HTMLLIElement | null) => {
      setDragRef(el);
      setDropRef(el);
    },
    [setDragRef, setDropRef],
  );
  return (
    <li
      ref={setRef}
      style={{ transform: CSS.Translate.toString(drag.transform), zIndex: drag.isDragging ? 20 : undefined }}
      data-testid={`upload-row-${index}`}
      data-droppable=""
      data-drop-over={drop.isOver ? "" : undefined}
      data-dragging={drag.isDragging ? "" : undefined}
      className={`flex items-center gap-2 bg-white px-3 py-2 text-sm ${drag.isDragging ? "shadow-lg" : ""} ${
        drop.isOver && !drag.isDragging ? "ring-2 ring-inset ring-indigo-300" : ""
      }`}
    >
      <button
        type="button"
        {...drag.listeners}
        {...drag.attributes}
        aria-label={t("compose.upload.drag", { name })}
        className="cursor-grab touch-none rounded px-1 text-slate-600 hover:bg-slate-100 hover:text-slate-700"
      >
        ⠿
      </button>
      {children}
    </li>
  );
}
