import type { FieldType } from "@/lib/client/types";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** Each type's name as the staff see it: its key under placer.fieldTypes in lib/i18n/dashboard/placer.json. */
export const FIELD_LABEL_KEY = {
  SIGNATURE: "signature",
  INITIAL: "initials",
  DATE: "dateSigned",
  TEXT: "text",
  CHECKBOX: "checkbox",
  RADIO: "radio",
  DROPDOWN: "dropdown",
  NUMBER: "number",
  NAME: "fullName",
  EMAIL: "email",
  FORMULA: "formula",
  FILE: "file",
} as const satisfies Record<FieldType, string>;

/** A field type's name ("Signature", "Date signed") in the dashboard's language. */
export function useFieldLabel() {
  const t = useDashboardT();
  return (type: FieldType) => t(`placer.fieldTypes.${FIELD_LABEL_KEY[type]}`);
}

// Symbols that common system fonts (DejaVu Sans) draw: an emoji shows as an empty box where no emoji font is installed.
export const FIELD_ICON: Record<FieldType, string> = {
  SIGNATURE: "✍",
  INITIAL: "AB",
  DATE: "▦",
  TEXT: "T",
  CHECKBOX: "☑",
  RADIO: "◉",
  DROPDOWN: "▾",
  NUMBER: "#",
  NAME: "☺",
  EMAIL: "@",
  FORMULA: "Σ",
  FILE: "⎘",
};
