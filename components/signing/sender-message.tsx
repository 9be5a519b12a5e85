"use client";

import { useId, useState } from "react";
import { useSigningT } from "./intl";
import type { SigningView } from "./types";

/** A message longer than this (characters or lines) starts folded to its first lines, so the document stays near. */
const LONG_CHARS = 320;
const LONG_LINES = 5;

/**
 * The sender's message above the document, as the invitation gave it: plain text with its
 * line breaks, never HTML. A long one starts folded, with a button to show it all. Nothing when there is none.
 */
export function SenderMessage({ message }: { message: SigningView["message"] }) {
  const t = useSigningT();
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!message) return null;
  const long = message.text.length > LONG_CHARS || message.text.split("\n").length > LONG_LINES;
  return (
    <section aria-labelledby={id} className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 sm:px-4 sm:py-3">
      <h2 id={id} className="text-sm font-semibold text-sky-950">
        {message.from ? t("sender.from", { name: message.from }) : t("sender.fromSender")}
      </h2>
      <p
        id={`${id}-text`}
        className={`mt-1 text-sm break-words whitespace-pre-line text-slate-800 ${long && !open ? "line-clamp-5" : ""}`}
      >
        {message.text}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-text`}
          onClick={() => setOpen(!open)}
          className="mt-1 min-h-9 text-sm font-medium text-sky-800 underline hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {open ? t("sender.less") : t("sender.more")}
        </button>
      ) : null}
    </section>
  );
}
