/**
 * Updates appended to a sealed PDF that make a reader which scans the file (and keeps the last
 * definition of each object, or the last trailer) see the document as signed, while viewers, which
 * follow the cross-reference, draw a changed one. Each trick is written as a tamperer writes it, in a
 * file whose update is a classic cross-reference table or an xref stream, and as an honest control (the
 * same change without the decoy). The base document has what the tricks need: text on page 1, a form
 * field, and an optional-content layer that is off.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { catalogWith, describeBase, pageWith, RED, stream, type AppendOptions, type Base, type RawObject } from "./pdf-updates";
import { append } from "./pdf-updates";

/** The base document, before sealing: "The price is 100 EUR.", a text field "price", and a hidden layer saying "PAY 1,000,000 EUR". */
export async function trickBasePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("The price is 100 EUR.", { x: 72, y: 760, size: 18, font });
  const field = doc.getForm().createTextField("price");
  field.setText("100 EUR");
  field.addToPage(page, { x: 72, y: 680, width: 260, height: 30, font, borderColor: rgb(0, 0, 0) });
  const ctx = doc.context;
  const ocg = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Payment") }));
  doc.catalog.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [ocg], D: { OFF: [ocg], Order: [ocg] } }));
  const fontKey = page.node.newFontDictionary("FLayer", font.ref);
  const props = ctx.obj({ Layer: ocg });
  const resources = page.node.Resources()!;
  resources.set(PDFName.of("Properties"), props);
  const layer = ctx.stream(`/OC /Layer BDC BT /${fontKey.decodeText()} 28 Tf 1 0 0 rg 72 560 Td (PAY 1,000,000 EUR) Tj ET EMC`);
  page.node.addContentStream(ctx.register(layer));
  return doc.save({ useObjectStreams: false });
}

/** What the tricks need to know of the sealed file, besides describeBase's. */
export interface TrickBase extends Base {
  /** The original first content stream of page 1, as an object body. */
  contentsBody: string;
  field: number;
  fieldDict: string;
  /** The field's widget (the field itself when they are merged). */
  widget: number;
  widgetDict: string;
}

const body = (o: unknown) => {
  if (o instanceof PDFRawStream) return `${o.dict.toString()}\nstream\n${Buffer.from(o.contents).toString("latin1")}\nendstream`;
  return String(o);
};

export async function describeTrickBase(sealed: Uint8Array): Promise<TrickBase> {
  const base = await describeBase(sealed);
  const doc = await PDFDocument.load(sealed, { updateMetadata: false });
  const form = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict);
  const fields = form.lookup(PDFName.of("Fields"), PDFArray);
  const ref = fields.asArray().find((f) => {
    const d = doc.context.lookup(f);
    return d instanceof PDFDict && d.get(PDFName.of("FT")) === PDFName.of("Tx");
  });
  if (!(ref instanceof PDFRef)) throw new Error("the trick base has no text field");
  const kids = doc.context.lookup(ref, PDFDict).get(PDFName.of("Kids"));
  const widget = kids instanceof PDFArray ? kids.get(0) : ref;
  if (!(widget instanceof PDFRef)) throw new Error("the trick base's field has no widget");
  return {
    ...base,
    contentsBody: body(doc.context.lookup(PDFRef.of(base.contents))),
    field: ref.objectNumber,
    fieldDict: body(doc.context.lookup(ref)),
    widget: widget.objectNumber,
    widgetDict: body(doc.context.lookup(widget)),
  };
}

export type Form = "classic" | "xref-stream";
export const FORMS: Form[] = ["classic", "xref-stream"];
export const TRICKS = ["dup", "trailer2", "objstm", "field-dup", "shadow-dup"] as const;
export type Trick = (typeof TRICKS)[number];

const BIG = "1,000,000 EUR";

/**
 * Trick `trick` appended to `base` in `form`; `honest`: the same change without its decoy (or second
 * trailer), which every reader reads the same way.
 */
export function trick(base: TrickBase, name: Trick, form: Form, honest = false): Uint8Array {
  const xrefStream = form === "xref-stream";
  const n = base.size;
  let objects: RawObject[];
  const opts: AppendOptions = { xrefStream };
  switch (name) {
    case "dup":
      // Page 1's content stream replaced; an unlisted copy of the original follows.
      objects = [{ num: base.contents, body: stream("", RED) }];
      opts.decoys = [{ num: base.contents, body: base.contentsBody }];
      break;
    case "trailer2":
      // A new catalog, page tree and red page; a bare second trailer names the old catalog.
      objects = [
        { num: n, body: `<< /Type /Catalog /Pages ${n + 1} 0 R >>` },
        { num: n + 1, body: `<< /Type /Pages /Kids [${n + 2} 0 R] /Count 1 >>` },
        { num: n + 2, body: `<< /Type /Page /Parent ${n + 1} 0 R /MediaBox [0 0 595 842] /Contents ${n + 3} 0 R >>` },
        { num: n + 3, body: stream("", RED) },
      ];
      opts.root = n;
      if (!honest) opts.afterXref = `trailer\n<< /Size ${n + 4} /Root ${base.root} 0 R /Prev ${base.prev} >>\n`;
      return append(base, objects, opts);
    case "objstm":
      // The page dictionary replaced (in an object stream when the update is an xref stream), a plain copy of the original after it.
      objects = [
        { num: n, body: stream("", RED) },
        { num: base.page1, body: pageWith(base, "Contents", `${n} 0 R`), compressed: true },
      ];
      opts.decoys = [{ num: base.page1, body: base.page1Dict }];
      break;
    case "field-dup": {
      // The form field's value and its widget's appearance changed to a million.
      const ap = n;
      const withValue = (d: string) => d.replace(/\/V \([^)]*\)/, `/V (${BIG})`);
      const withLook = (d: string) => d.replace(/\/AP <<[^>]*>>/, `/AP << /N ${ap} 0 R >>`);
      objects = [
        {
          num: ap,
          body: stream(
            "/Type /XObject /Subtype /Form /BBox [0 0 260 30] /Resources << /Font << /H << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
            `BT /H 20 Tf 0 0 0 rg 4 8 Td (${BIG}) Tj ET`,
          ),
        },
      ];
      if (base.widget === base.field) {
        objects.push({ num: base.field, body: withLook(withValue(base.fieldDict)) });
        opts.decoys = [{ num: base.field, body: base.fieldDict }];
      } else {
        objects.push({ num: base.field, body: withValue(base.fieldDict) }, { num: base.widget, body: withLook(base.widgetDict) });
        opts.decoys = [
          { num: base.field, body: base.fieldDict },
          { num: base.widget, body: base.widgetDict },
        ];
      }
      break;
    }
    case "shadow-dup":
      // The layer that was off before signing switched on.
      objects = [{ num: base.root, body: catalogWith(base, "").replace(/\/OFF \[/, "/ON [") }];
      opts.decoys = [{ num: base.root, body: base.catalogDict }];
      break;
  }
  if (honest) delete opts.decoys;
  return append(base, objects, opts);
}

/**
 * A one-page PDF whose content stream is defined twice: the cross-reference names the first ("The
 * price is 100 EUR."), and an unlisted copy after it says "The price is 1,000,000 EUR.". Viewers show
 * the first; a reader that scans the file takes the second.
 */
export function twoDefinitionPdf(listed = "The price is 100 EUR.", unlisted = "The price is 1,000,000 EUR."): Uint8Array {
  const content = (text: string) => {
    const data = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    return `<< /Length ${data.length} >>\nstream\n${data}\nendstream`;
  };
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    content(listed),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  out += `4 0 obj\n${content(unlisted)}\nendobj\n`;
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
