import Docxtemplater from "docxtemplater";
import { parseAnchor, type AnchorParse } from "@/lib/pdf/anchor-grammar";
import { DocxError } from "./errors";
import { DOCX_LIMITS, type DocxLimits } from "./limits";
import { openDocx } from "./open-docx";
import { classifyTag, type TagKind } from "./tags";
import { missingPlaceholders, valueOf, type TemplateData } from "./values";

export { missingPlaceholders, valueOf, type TemplateData, type TemplateValue } from "./values";

/** The values of a template: placeholder name → text, flat ("customer.name") or nested ({ customer: { name } }). */

export type DocxAnchor = { text: string } & AnchorParse;

export interface DocxInspection {
  /** Placeholder names in the order they first appear (body, tables, headers, footers). */
  placeholders: string[];
  /** Anchor tags, in order of appearance, parsed by the anchor grammar (a malformed one says why). */
  anchors: DocxAnchor[];
}

interface DocxtemplaterError {
  name?: string;
  message?: string;
  properties?: { id?: string; explanation?: string; errors?: DocxtemplaterError[]; file?: string };
}

/** docxtemplater's compile errors (unclosed tags, unbalanced loops) as one DocxError a person can act on. */
function templateError(e: unknown): DocxError {
  const err = e as DocxtemplaterError;
  const list = err?.properties?.errors?.length ? err.properties.errors : [err];
  const problems = list.map((x) => ({
    id: x?.properties?.id ?? "error",
    message: x?.properties?.explanation ?? x?.message ?? "unreadable template",
    ...(x?.properties?.file ? { part: x.properties.file } : {}),
  }));
  if (err?.name === "TemplateError" || list.some((x) => x?.name === "TemplateError")) {
    const head = problems
      .slice(0, 3)
      .map((p) => p.message)
      .join("; ");
    return new DocxError(
      "TEMPLATE",
      `The DOCX template has ${problems.length} error(s): ${head}${problems.length > 3 ? "; …" : ""}`,
      {
        errors: problems.slice(0, 50),
      },
    );
  }
  return new DocxError("CORRUPT", "The DOCX file is damaged: its XML cannot be read", { errors: problems.slice(0, 10) });
}

/**
 * Compiles the template with docxtemplater, which joins a tag Word split across runs and reads the
 * body, tables, headers and footers. Every tag passes through `parser`; `getValue` decides what it
 * renders to. Anchors always render to themselves, so they come out exactly as they went in.
 */
function compile(bytes: Uint8Array, getValue: (name: string) => string | undefined, limits: DocxLimits) {
  const zip = openDocx(bytes, limits);
  const tags: TagKind[] = [];
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, {
      delimiters: { start: "{{", end: "}}" },
      paragraphLoop: true,
      linebreaks: true,
      // Errors are thrown to the caller and reported there; the templater must not print them.
      errorLogging: false,
      // A control character in a value would make the XML unreadable for LibreOffice.
      stripInvalidXMLChars: true,
      parser(content: string, ctx?: { tag?: { module?: string } }) {
        const tag = classifyTag(content, ctx?.tag?.module);
        tags.push(tag);
        return {
          get() {
            if (tag.kind === "anchor") return tag.text;
            if (tag.kind === "placeholder") {
              const v = getValue(tag.name);
              if (v === undefined)
                throw new DocxError("MISSING_VALUES", `No value for the placeholder ${tag.name}`, { missing: [tag.name] });
              return v;
            }
            return tag.text;
          },
        };
      },
    });
  } catch (e) {
    if (e instanceof DocxError) throw e;
    throw templateError(e);
  }
  const invalid = tags.filter((t): t is Extract<TagKind, { kind: "invalid" }> => t.kind === "invalid");
  const [first] = invalid;
  if (first) {
    throw new DocxError(
      "TEMPLATE",
      `The DOCX template has ${invalid.length} tag(s) that are neither a placeholder nor an anchor: ${first.text}: ${first.reason}`,
      {
        errors: invalid.slice(0, 50).map((t) => ({ tag: t.text, message: t.reason })),
      },
    );
  }
  return { doc, tags };
}

/** Placeholders and anchors of a DOCX template, or DocxError when it is not a usable template. */
export function inspectDocx(bytes: Uint8Array, limits: DocxLimits = DOCX_LIMITS): DocxInspection {
  const { tags } = compile(bytes, () => undefined, limits);
  const placeholders = [...new Set(tags.flatMap((t) => (t.kind === "placeholder" ? [t.name] : [])))];
  const anchors = tags.flatMap((t) => (t.kind === "anchor" ? [{ text: t.text, ...parseAnchor(t.text) }] : []));
  return { placeholders, anchors };
}

/**
 * The DOCX with every placeholder replaced by its value as text (XML-escaped by docxtemplater,
 * line breaks kept as Word line breaks) and every anchor left as it was. DocxError
 * MISSING_VALUES (details.missing) when a placeholder has no value: nothing is filled then.
 * TOO_LARGE when the values would insert more than `limits.maxFilledChars` in all.
 */
export function fillDocx(bytes: Uint8Array, data: TemplateData, limits: DocxLimits = DOCX_LIMITS): Uint8Array {
  const { doc, tags } = compile(bytes, (name) => valueOf(data, name), limits);
  const names = [...new Set(tags.flatMap((t) => (t.kind === "placeholder" ? [t.name] : [])))];
  const missing = missingPlaceholders(names, data);
  if (missing.length) {
    throw new DocxError(
      "MISSING_VALUES",
      `No value for ${missing.length} placeholder(s): ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""}`,
      {
        missing,
      },
    );
  }
  // `tags` has one entry per occurrence (loops are refused): a long value in a placeholder repeated
  // thousands of times is refused here, before rendering grows the document.
  const inserted = tags.reduce((n, t) => n + (t.kind === "placeholder" ? valueOf(data, t.name)!.length : 0), 0);
  if (inserted > limits.maxFilledChars) {
    throw new DocxError(
      "TOO_LARGE",
      `Filling the template would insert ${inserted.toLocaleString("en")} characters; the limit for one document is ${limits.maxFilledChars.toLocaleString("en")}`,
    );
  }
  try {
    doc.render();
  } catch (e) {
    if (e instanceof DocxError) throw e;
    const inner = (e as DocxtemplaterError)?.properties?.errors?.map(
      (x) => (x as unknown as { properties?: { rootError?: unknown } }).properties?.rootError,
    );
    const own = inner?.find((x): x is DocxError => x instanceof DocxError);
    if (own) throw own;
    throw templateError(e);
  }
  return doc.toUint8Array({ compression: "DEFLATE" });
}
