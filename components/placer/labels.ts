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
