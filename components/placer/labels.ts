import type { FieldType } from "@/lib/client/types";

export const FIELD_LABEL: Record<FieldType, string> = {
  SIGNATURE: "Signature",
  INITIAL: "Initials",
  DATE: "Date signed",
  TEXT: "Text",
};
