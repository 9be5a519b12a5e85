/**
 * A DOCX template's values: their shape, the value a placeholder takes, and which have none. No DOCX
 * library here: the server's main thread checks templateData without loading one (template.ts fills).
 */
export type TemplateValue = string | number | boolean | null | { [key: string]: TemplateValue };
export type TemplateData = { [key: string]: TemplateValue };

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isRecord = (v: unknown): v is { [key: string]: TemplateValue } => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The text a placeholder is filled with: the flat key first ("customer.name"), then the path
 * through nested objects. Only own properties count (`{{constructor}}` must not find Object's).
 */
export function valueOf(data: TemplateData, name: string): string | undefined {
  const leaf = (v: unknown) =>
    typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
  if (own(data, name)) {
    const v = leaf(data[name]);
    if (v !== undefined) return v;
  }
  let cur: unknown = data;
  for (const seg of name.split(".")) {
    if (!isRecord(cur) || !own(cur, seg)) return undefined;
    cur = cur[seg];
  }
  return leaf(cur);
}

/** The placeholders without a value in `data`, in the order given. */
export function missingPlaceholders(placeholders: string[], data: TemplateData): string[] {
  return placeholders.filter((p) => valueOf(data, p) === undefined);
}
