"use client";

import { useState } from "react";
import { formatNumber, parseNumber } from "@/lib/numbers/locale-number";
import { valueProblem } from "./fields";
import { useLocale, useSigningT } from "./intl";
import type { SigningField } from "./types";

/**
 * A NUMBER field's text box (`inputmode="decimal"`, not `type="number"`, which drops a decimal comma the
 * browser does not expect): what the signer types is kept as typed; when they leave the box, a number is
 * shown back as the page's language writes it ("1234,5" → "1 234,5" in French), and anything else stays
 * as typed with what is wrong with it (not a number, ambiguous, out of bounds). Other fields pass through.
 */
export function useNumberInput(field: SigningField, value: string, onValue: (v: string) => void) {
  const t = useSigningT();
  const locale = useLocale();
  // The field left since its last keystroke: its problem is shown (while typing, "12," is not yet wrong).
  // By id: field-by-field mode shows the next field in the same control.
  const [left, setLeft] = useState<string | null>(null);
  if (field.type !== "NUMBER") return { problem: undefined, onChange: onValue, onBlur: undefined };
  const problem = left === field.id ? (valueProblem(field, value, t, locale) ?? undefined) : undefined;
  return {
    problem,
    onChange: (text: string) => {
      setLeft(null);
      onValue(text);
    },
    onBlur: () => {
      setLeft(field.id);
      const read = value.trim() === "" ? null : parseNumber(value, locale);
      const shown = read?.ok ? formatNumber(read.value, locale) : value;
      if (shown !== value) onValue(shown);
    },
  };
}
