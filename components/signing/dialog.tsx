"use client";

import { useId, useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on <dialog>: the browser traps focus, makes the page behind it inert, closes it on
 * Escape and gives it role "dialog". Its content is mounted only while open.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect, so that the dialog is open (and laid out) before its children's effects measure it.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(100vw-1rem,34rem)] landscape-phone:w-[calc(100vw-1rem)] max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <div className="p-4 sm:p-5 landscape-phone:p-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
