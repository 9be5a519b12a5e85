import "server-only";
import { LONE_SURROGATE, notText, TEXT_CONTROL } from "@/lib/schemas/text";
import { AppError, type FieldError } from "../errors";

/** At most this many fields are named in one answer (the envelope's `errors`). */
const MAX_NAMED = 50;

/**
 * Refuses a call whose text is not text, wherever it is: a path parameter, a query parameter, a JSON body's
 * value or key at any depth, a multipart text part or a file part's name. Text is well-formed Unicode (no lone
 * surrogate: JSON's "\ud800" parses, but jsonb refuses it and a text column would keep U+FFFD for it) and holds
 * no C0 control other than tab, line feed and carriage return (PostgreSQL refuses U+0000 in text and JSON, and
 * no text Signet keeps needs the others); single-line fields refuse line breaks too, in their own schemas
 * (lib/schemas/text.ts). A 400 VALIDATION_FAILED naming each field as the schemas' errors name them
 * ("recipients.1.name"), before anything is parsed or done: one rule for every string of every operation.
 */
export function refuseMalformedText(value: unknown, where: "params" | "query" | "body"): void {
  const errors: FieldError[] = [];
  const refuse = (path: string[], what: string, text: string) => {
    const bad = notText(text);
    if (!bad) return false;
    const field = path.length ? path.join(".") : where;
    errors.push({ field, message: `${field}${what} ${bad.message}` });
    return true;
  };
  const visit = (v: unknown, path: string[], depth: number) => {
    if (errors.length >= MAX_NAMED || depth > 64) return;
    if (typeof v === "string") refuse(path, "", v);
    else if (typeof File !== "undefined" && v instanceof File) refuse(path, ": the file's name", v.name);
    else if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, String(i)], depth + 1));
    else if (v !== null && typeof v === "object")
      for (const [k, x] of Object.entries(v)) if (!refuse([...path, escaped(k)], ": a key", k)) visit(x, [...path, k], depth + 1);
  };
  visit(value, [], 0);
  const [first] = errors;
  if (!first) return;
  throw new AppError(
    "VALIDATION_FAILED",
    errors.length === 1 ? first.message : `Validation failed: ${errors.length} fields hold text that is not text`,
    { errors },
  );
}

/** A key named in a message, its control characters and lone surrogates written as \u0000 and \ud800. */
const escaped = (k: string) =>
  k.replace(
    new RegExp(`${TEXT_CONTROL.source}|${LONE_SURROGATE.source}`, "g"),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
