"use client";

import { useId, useState } from "react";
import { isLocale, localeNames, locales } from "@/lib/i18n/locales";
import { useLocale, useSigningT, useSwitchLocale } from "./intl";

/** The signer's choice of language: a small labelled select, each language named in itself. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useSigningT();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className={`flex items-center gap-1.5 text-xs text-slate-600 ${className}`}>
      {/* On a phone the select alone (the header is narrow); its name is the label all the same. */}
      <label htmlFor={id} className="sr-only sm:not-sr-only">
        {t("language.label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={busy}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          setBusy(true);
          void switchLocale(next).finally(() => setBusy(false));
        }}
        className="rounded border border-slate-300 bg-white px-1.5 py-1 text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
