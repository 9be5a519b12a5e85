"use client";

import type { ReactNode } from "react";
import { useSigningT } from "./intl";
import { LanguageSwitcher } from "./language-switcher";

/** The line every sandbox page carries, here as in the sealed PDF. */
export function SandboxBanner() {
  const t = useSigningT();
  return (
    <div role="note" className="bg-amber-300 px-3 py-1.5 text-center text-sm font-semibold text-amber-950">
      {t("screen.sandbox")}
    </div>
  );
}

const tones = {
  info: "bg-sky-100 text-sky-800",
  done: "bg-emerald-100 text-emerald-800",
  stop: "bg-red-100 text-red-800",
  wait: "bg-amber-100 text-amber-900",
} as const;
const glyphs = { info: "i", done: "✓", stop: "!", wait: "…" } as const;

/** A full-page message: the code gate, invalid link, not your turn, done, ended. The language switcher above it. */
export function Screen({
  tone,
  heading,
  documentTitle,
  children,
}: {
  tone: keyof typeof tones;
  heading: string;
  documentTitle?: string;
  children?: ReactNode;
}) {
  const t = useSigningT();
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-lg flex-col justify-center px-4 py-10">
      <header className="mb-3 flex justify-end">
        <LanguageSwitcher />
      </header>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div
          aria-hidden
          className={`mb-4 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${tones[tone]}`}
        >
          {glyphs[tone]}
        </div>
        <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">{heading}</h1>
        {documentTitle ? <p className="mt-1 text-sm text-slate-500">{documentTitle}</p> : null}
        <div className="mt-4 space-y-3 text-slate-700">{children}</div>
      </div>
      <p className="mt-6 text-center text-xs text-slate-600">{t("screen.footer")}</p>
    </main>
  );
}
