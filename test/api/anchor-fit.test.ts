import { beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { htmlToPdf, pdftotextWords } from "../support/pdf-fixtures";

const SR = "/api/v1/enterprise/signature-requests";

// A contract's signature block: the short date anchor (the interface spec's 200 × 60 at 14 pt) on a 12-pt line
// with text after it and lines below it. The preview says what that box covers and offers the box that fits
// the line; /fields/anchors places it when given as `sizes`, and the spec's default is left as it is.
const HTML = `<!doctype html><html><head><style>
  @page { size: 612pt 792pt; margin: 72pt; }
  body { margin: 0; font: 12pt "Liberation Sans", Helvetica, sans-serif; }
  p { margin: 0; line-height: 1.4; }
</style></head><body>
<p>Client signature: {{s1|signature|150|16}}</p>
<p>Date: {{s1|date}} (day of signing)</p>
<p>Thank you for your business.</p>
<p>Countersigned: {{s2|signature|150|16}}</p>
</body></html>`;

interface Layout {
  field: { x: number; y: number; width: number; height: number; fontSize?: number; placedFieldId?: string };
  covers: { text: { text: string }[]; anchors: string[]; fields: string[] };
  fit: { width: number; height: number; fontSize?: number } | null;
}
interface Listed {
  anchorKey: string;
  x: number;
  y: number;
  valid: boolean;
  anchor?: { width: number; height: number; fontSize?: number };
  layout?: Layout;
}

describe("fitting an anchored field to its line", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await htmlToPdf(HTML);
  }, 120_000);

  async function draft() {
    const d = await createDraft(key, pdf, "Signature block");
    const rec = async (n: number) =>
      (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: `s${n}@example.com`, name: `S${n}`, order: n } }))
        .body.data.id as string;
    return { id: d.id as string, s1: await rec(1), s2: await rec(2) };
  }
  const preview = async (id: string) =>
    (await call("POST", `${SR}/${id}/anchors/preview`, { key, json: {} })).body.data.anchors as unknown as Listed[];

  it("the preview flags the spec's date box over the text, fits it to the line, and placement keeps the chosen box", async () => {
    const { id, s1 } = await draft();
    const anchors = await preview(id);
    const date = anchors.find((a) => a.anchorKey === "{{s1|date}}")!;
    expect(date.anchor).toMatchObject({ width: 200, height: 60, fontSize: 14 });
    expect(date.layout!.field).toEqual({ x: date.x, y: date.y, width: 200, height: 60, fontSize: 14 });
    expect(date.layout!.covers.text.map((t) => t.text)).toEqual([
      "(day of signing)",
      "Thank you for your business.",
      "Countersigned:",
    ]);
    expect(date.layout!.covers.anchors).toEqual(["{{s2|signature|150|16}}"]);
    // The fitted box: the line's height (poppler's box of "Date:"), up to "(day" less 2 pt, at the line's 12 pt.
    const words = await pdftotextWords(pdf);
    const fit = date.layout!.fit!;
    expect(Math.abs(date.y + fit.height - words.find((w) => w.text === "Date:")!.yMax)).toBeLessThan(1);
    expect(Math.abs(date.x + fit.width - (words.find((w) => w.text === "(day")!.xMin - 2))).toBeLessThan(1);
    expect(fit.fontSize).toBe(12);
    // Anchors that make no field, and malformed ones, have no layout; a one-line signature covers nothing.
    const sig = anchors.find((a) => a.anchorKey === "{{s1|signature|150|16}}")!;
    expect(sig.layout!.covers).toEqual({ text: [], anchors: [], fields: [] });

    // Placing with the fitted size for the date; the signature keeps its own.
    const r = await call("POST", `${SR}/${id}/fields/anchors`, {
      key,
      json: { recipientId: s1, signerRef: "s1", sizes: [{ anchorKey: "{{s1|date}}", ...fit }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const fields = r.body.data.fields as { id: string; type: string; x: number; y: number; width: number; height: number }[];
    const dateField = fields.find((f) => f.type === "DATE")!;
    expect(dateField).toMatchObject({ width: fit.width, height: fit.height, fontSize: 12 });
    expect(Math.abs(dateField.x - date.x)).toBeLessThan(0.01);
    expect(fields.find((f) => f.type === "SIGNATURE")).toMatchObject({ width: 150, height: 16 });
    // The record holds it.
    const stored = (await call("GET", `${SR}/${id}`, { key })).body.data.fields as typeof fields;
    expect(stored.find((f) => f.type === "DATE")).toMatchObject({ width: fit.width, height: fit.height, fontSize: 12 });

    // The preview now judges the placed field: it covers nothing.
    const after = (await preview(id)).find((a) => a.anchorKey === "{{s1|date}}")!;
    expect(after.layout!.field).toMatchObject({ placedFieldId: dateField.id, width: fit.width, height: fit.height });
    expect(after.layout!.covers).toEqual({ text: [], anchors: [], fields: [] });
    // The spec's default is untouched: the anchor still asks for 200 × 60 at 14 pt.
    expect(after.anchor).toMatchObject({ width: 200, height: 60, fontSize: 14 });
  });

  it("without sizes the date field is the spec's 200 × 60 at 14 pt", async () => {
    const { id, s1 } = await draft();
    const r = await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: s1 } });
    expect(r.status).toBe(201);
    expect((r.body.data.fields as { type: string }[]).find((f) => f.type === "DATE")).toMatchObject({
      width: 200,
      height: 60,
      fontSize: 14,
    });
  });

  it("refuses sizes for an anchor that is not there, not this signer's field, or a font size where none is drawn; nothing placed", async () => {
    const { id, s1 } = await draft();
    const place = (sizes: unknown[]) =>
      call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: s1, signerRef: "s1", sizes } });
    const missing = await place([{ anchorKey: "{{s1|date}}", occurrenceIndex: 1, width: 100, height: 14 }]);
    expect(missing.status).toBe(422);
    expect(missing.body.errorCode).toBe("ANCHOR_NOT_FOUND");
    const other = await place([{ anchorKey: "{{s2|signature|150|16}}", width: 100, height: 14 }]);
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([
      expect.objectContaining({ field: "sizes.0.anchorKey", message: expect.stringContaining("signer s1") }),
    ]);
    const font = await place([{ anchorKey: "{{s1|signature|150|16}}", width: 100, height: 14, fontSize: 12 }]);
    expect(font.status).toBe(400);
    expect(font.body.errors).toEqual([expect.objectContaining({ field: "sizes.0.fontSize" })]);
    const bad = await place([{ anchorKey: "{{s1|date}}", width: -1, height: 14 }]);
    expect(bad.status).toBe(400);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.fields).toHaveLength(0);
  });
});
