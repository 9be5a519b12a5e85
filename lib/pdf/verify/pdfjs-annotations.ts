/**
 * The annotations pdf.js finds on each page: a reader of its own (neither pdf-lib, whose reading the
 * first judge shares, nor poppler, which draws), as Firefox and most web viewers read a file. Its
 * answer is what the second judge compares between the revision a seal signed and the whole file.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

type PdfJs = typeof PdfJsModule;
type PdfJsDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded from node_modules when first needed rather than bundled into the engine's worker: it
 * starts its own worker module from beside its main module, and only verification needs it.
 */
function loadPdfJs(): Promise<PdfJs> {
  loading ??= import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(
      createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.mjs"),
    ).href
  ) as Promise<PdfJs>;
  return loading;
}

/** An annotation as pdf.js reads it: what a viewer shows, prints or runs. */
export interface ReadAnnotation {
  /** pdf.js's id: the object ("21R") or, for a dictionary written inside /Annots, its place on the page. */
  id: string;
  subtype: string;
  rect: number[];
  flags: number;
  /** A form field's type (Sig, Tx, Btn, Ch), null for other annotations. */
  fieldType: string | null;
  /** What it does besides being seen: "JavaScript on PageOpen", "URI", "named action", … (sorted). */
  actions: string[];
  /** Its /Contents (a note's text). */
  contents: string;
  /** A form field's value, as text; null for a signature field (its value is the signature) and other annotations. */
  value: string | null;
  hasAppearance: boolean;
}

/** A file as pdf.js reads it, open until `close`. */
export interface AnnotationReading {
  pages: ReadAnnotation[][];
  /** Whether the annotation's appearance, drawn on page `page` (1-based), holds any operator that marks the page. */
  drawsSomething(page: number, id: string): Promise<boolean>;
  close(): Promise<void>;
}

const LINK_ACTIONS: [string, string][] = [
  ["url", "URI"],
  ["unsafeUrl", "URI"],
  ["action", "named action"],
  ["dest", "destination"],
  ["attachment", "file attachment"],
  ["resetForm", "form reset"],
  ["setOCGState", "layer change"],
];

function toRead(data: Record<string, unknown>): ReadAnnotation {
  const actions = new Set<string>();
  for (const [key, name] of LINK_ACTIONS) if (data[key] !== undefined && data[key] !== null) actions.add(name);
  const scripts = data.actions;
  if (scripts && typeof scripts === "object") for (const event of Object.keys(scripts)) actions.add(`JavaScript on ${event}`);
  const fieldType = typeof data.fieldType === "string" ? data.fieldType : null;
  const raw = data.fieldValue;
  const contents = (data.contentsObj as { str?: unknown } | undefined)?.str;
  return {
    id: String(data.id),
    subtype: String(data.subtype ?? data.annotationType),
    rect: Array.isArray(data.rect) ? data.rect.map((n) => Math.round(Number(n) * 1000) / 1000) : [],
    flags: Number(data.annotationFlags ?? 0),
    fieldType,
    actions: [...actions].sort(),
    contents: typeof contents === "string" ? contents : "",
    value: fieldType && fieldType !== "Sig" && raw !== undefined && raw !== null ? JSON.stringify(raw) : null,
    hasAppearance: data.hasAppearance === true,
  };
}

/**
 * Operators that only set state, and so mark nothing by themselves. Whatever else an appearance holds
 * (a path built and painted, text shown, an image, a shading, a point mark) counts as drawing.
 */
const STATE_ONLY = [
  "dependency",
  "setLineWidth",
  "setLineCap",
  "setLineJoin",
  "setMiterLimit",
  "setDash",
  "setRenderingIntent",
  "setFlatness",
  "setGState",
  "save",
  "restore",
  "transform",
  "beginText",
  "endText",
  "setCharSpacing",
  "setWordSpacing",
  "setHScale",
  "setLeading",
  "setFont",
  "setTextRenderingMode",
  "setTextRise",
  "moveText",
  "setLeadingMoveText",
  "setTextMatrix",
  "nextLine",
  "setStrokeColorSpace",
  "setFillColorSpace",
  "setStrokeColor",
  "setStrokeColorN",
  "setFillColor",
  "setFillColorN",
  "setStrokeGray",
  "setFillGray",
  "setStrokeRGBColor",
  "setFillRGBColor",
  "setStrokeCMYKColor",
  "setFillCMYKColor",
  "beginMarkedContent",
  "beginMarkedContentProps",
  "endMarkedContent",
  "beginCompat",
  "endCompat",
  "paintFormXObjectBegin",
  "paintFormXObjectEnd",
  "beginGroup",
  "endGroup",
] as const;

/** Reads every page's annotations with pdf.js; throws when pdf.js cannot read the file. */
export async function readAnnotations(pdf: Uint8Array): Promise<AnnotationReading> {
  const pdfjs = await loadPdfJs();
  // pdf.js takes the buffer it is given (it may transfer it) and refuses a Node Buffer: it gets a plain copy.
  const doc: PdfJsDocument = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
    stopAtErrors: false,
  }).promise;
  try {
    const pages: ReadAnnotation[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // "any": every annotation, whether it is shown, printed, both or neither.
      const found = (await page.getAnnotations({ intent: "any" })) as Record<string, unknown>[];
      pages.push(found.map(toRead));
    }
    const neutral = new Set<number>(STATE_ONLY.map((name) => pdfjs.OPS[name]));
    return {
      pages,
      async drawsSomething(n, id) {
        const page = await doc.getPage(n);
        const ops = await page.getOperatorList({ intent: "any", annotationMode: pdfjs.AnnotationMode.ENABLE });
        let inside = false;
        for (let i = 0; i < ops.fnArray.length; i++) {
          const fn = ops.fnArray[i]!;
          if (fn === pdfjs.OPS.beginAnnotation) inside = (ops.argsArray[i] as unknown[] | null)?.[0] === id;
          else if (fn === pdfjs.OPS.endAnnotation) inside = false;
          else if (inside && !neutral.has(fn)) return true;
        }
        return false;
      },
      close: () => doc.destroy(),
    };
  } catch (e) {
    await doc.destroy();
    throw e;
  }
}
