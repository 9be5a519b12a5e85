import "server-only";
import type { ParsedAnchor } from "@/lib/pdf/anchors";
import type { FieldInput } from "@/lib/schemas/requests";

type NewTypeAnchor = Extract<ParsedAnchor, { type: "checkbox" | "radio" | "dropdown" | "number" | "name" | "email" }>;

/**
 * The field a form-type anchor (checkbox, radio, dropdown, number, name, e-mail) becomes, its place aside. A RADIO anchor is one
 * button; the group's options are the union of its buttons' (place-fields.ts syncs them).
 */
export function fieldOfAnchor(p: NewTypeAnchor): Omit<FieldInput, "recipientId" | "page" | "x" | "y"> {
  const box = { width: p.width, height: p.height };
  switch (p.type) {
    case "checkbox":
      return { type: "CHECKBOX", ...box, label: p.label, name: p.label, required: p.required };
    case "radio":
      return { type: "RADIO", ...box, group: p.group, option: p.option, name: p.group, required: p.required };
    case "dropdown":
      return {
        type: "DROPDOWN",
        ...box,
        fontSize: p.fontSize,
        options: p.options,
        label: p.label,
        name: p.label,
        required: p.required,
      };
    case "number":
      return {
        type: "NUMBER",
        ...box,
        fontSize: p.fontSize,
        label: p.label,
        name: p.label,
        required: p.required,
        min: p.min,
        max: p.max,
        decimals: p.decimals,
      };
    case "name":
      return { type: "NAME", ...box, fontSize: p.fontSize, label: "Full name", required: true };
    case "email":
      return { type: "EMAIL", ...box, fontSize: p.fontSize, label: "E-mail", required: true };
  }
}
