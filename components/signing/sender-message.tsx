"use client";

import { useId } from "react";
import { useSigningT } from "./intl";
import type { SigningView } from "./types";

/**
 * The sender's message above the document, as the invitation gave it (issue 24): plain text with its
 * line breaks, never HTML. Nothing when there is none.
 */
export function SenderMessage({ message }: { message: SigningView["message"] }) {
  const t = useSigningT();
  const id = useId();
  if (!message) return null;
  return (
    <section aria-labelledby={id} className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 sm:px-4 sm:py-3">
      <h2 id={id} className="text-sm font-semibold text-sky-950">
        {message.from ? t("sender.from", { name: message.from }) : t("sender.fromSender")}
      </h2>
      <p className="mt-1 whitespace-pre-line text-sm break-words text-slate-800">{message.text}</p>
    </section>
  );
}
