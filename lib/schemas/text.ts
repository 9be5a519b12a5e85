import type { z } from "zod";

/**
 * The characters text may not hold, in three strengths (docs/api.md, "Input hygiene"):
 * - any text at all (the route wrapper checks every string of a call: lib/server/http/text-input.ts): no C0
 *   control but tab, line feed and carriage return (PostgreSQL refuses U+0000; the others are never text),
 *   and no lone surrogate (JSON's "\ud800" is valid JSON but no character: jsonb refuses it, and a text
 *   column would keep U+FFFD in its place);
 * - one line (titles, names, subjects): no C0 or C1 control, DEL, nor line or paragraph separator;
 * - a name people read (recipients, staff, roles, templates, titles): neither what reorders the text around it
 *   (bidi embeddings, overrides, isolates and marks) nor what cannot be seen (zero-width characters).
 */
export const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
export const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const HIDDEN_FORMAT = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
/** A UTF-16 surrogate that is not half of a pair (matched by code unit: no `u` flag). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A character as the messages name it: U+202E. */
export const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** What makes a string not text at any strength, and how a message says it; null for text. */
export function notText(s: string): { char: string; message: string } | null {
  const control = TEXT_CONTROL.exec(s)?.[0];
  if (control !== undefined) return { char: control, message: `must not contain control characters (${codePoint(control)})` };
  const lone = LONE_SURROGATE.exec(s)?.[0];
  if (lone !== undefined)
    return { char: lone, message: `must be well-formed Unicode: a lone surrogate (${codePoint(lone)}) is not a character` };
  return null;
}

/**
 * A zod check (`.superRefine(noHiddenFormat("name"))`): no bidi control or zero-width character, nor a lone
 * surrogate (drawn as U+FFFD, if at all); the message names it. Names checked here may come from a form rather
 * than through the route wrapper (a staff member's name).
 */
export function noHiddenFormat(field: string) {
  return (s: string, ctx: z.RefinementCtx) => {
    const lone = LONE_SURROGATE.exec(s)?.[0];
    if (lone !== undefined)
      ctx.addIssue({ code: "custom", message: `${field} must be well-formed Unicode: a lone surrogate (${codePoint(lone)})` });
    const hidden = HIDDEN_FORMAT.exec(s)?.[0];
    if (hidden !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `${field} must not contain bidi controls or zero-width characters (${codePoint(hidden)})`,
      });
  };
}

/** A zod check (`.superRefine(visibleText("name"))`) for a name people read: one line, and nothing hidden that changes how it reads. */
export function visibleText(field: string) {
  const hidden = noHiddenFormat(field);
  return (s: string, ctx: z.RefinementCtx) => {
    const control = LINE_CONTROL.exec(s)?.[0];
    if (control !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `${field} must be one line: no line breaks or control characters (${codePoint(control)})`,
      });
    hidden(s, ctx);
  };
}
