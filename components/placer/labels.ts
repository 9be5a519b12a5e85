import type { FieldType } from "@/lib/client/types";

export const FIELD_LABEL: Record<FieldType, string> = {
  SIGNATURE: "Signature",
  INITIAL: "Initials",
  DATE: "Date signed",
  TEXT: "Text",
  CHECKBOX: "Checkbox",
  RADIO: "Radio button",
  DROPDOWN: "Dropdown",
  NUMBER: "Number",
  NAME: "Full name",
  EMAIL: "E-mail address",
};

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
};
