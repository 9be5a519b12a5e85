/**
 * What a `{{...}}` tag in a DOCX template is (decisions.md "Templates"):
 * - a placeholder `{{name}}`: letters, digits, `_` and `.`; filled from templateData;
 * - an anchor `{{sN|...}}` or `{{signet:...}}`: left exactly as it is, to become an anchor in the PDF.
 *   Anything with a `|` or a `:` is taken for an anchor, so that a malformed one is kept and
 *   reported by the anchor grammar rather than mistaken for a placeholder;
 * - anything else is an error in the template, reported at upload.
 */
export type TagKind =
  { kind: "placeholder"; name: string } | { kind: "anchor"; text: string } | { kind: "invalid"; text: string; reason: string };

export const PLACEHOLDER_NAME = /^[\p{L}\p{N}_.]+$/u;

/**
 * `content` is what stands between the delimiters, as docxtemplater hands it over (runs joined,
 * XML entities decoded). `module` is set when docxtemplater read the tag as one of its own
 * constructs (a loop `{{#x}}`, raw XML `{{@x}}`), which Signet templates do not use.
 */
export function classifyTag(content: string, module?: string): TagKind {
  const text = `{{${content}}}`;
  if (module) {
    return { kind: "invalid", text, reason: "loops and raw XML are not supported; a placeholder is {{name}}" };
  }
  if (content.includes("|") || content.includes(":")) return { kind: "anchor", text };
  const name = content.trim();
  if (!name) return { kind: "invalid", text, reason: "the placeholder has no name" };
  if (!PLACEHOLDER_NAME.test(name)) {
    return { kind: "invalid", text, reason: "a placeholder name uses letters, digits, _ and . only" };
  }
  if (name.startsWith(".") || name.endsWith(".") || name.includes("..")) {
    return { kind: "invalid", text, reason: "a placeholder name cannot start or end with . nor contain .." };
  }
  return { kind: "placeholder", name };
}
