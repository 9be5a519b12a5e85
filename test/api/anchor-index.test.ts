import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { htmlToPdf, rotatePage } from "../support/pdf-fixtures";
import { getDb } from "@/lib/server/db";
import { documentVersions, textLayers } from "@/lib/server/db/schema";
import { ANCHOR_INDEX_MAX_BYTES } from "@/lib/server/documents/text-layer-cache";
import { ANCHOR_INDEX_VERSION } from "@/lib/pdf/text-layer-version";

const SR = "/api/v1/enterprise/signature-requests";
const PAGES = 90;
const LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ";

// Long enough (over 256 KB) to be read by the engine's threads in parts: each part indexes its own pages,
// and the joined index must be the whole document's. Every kind of token, on many pages, one page turned.
function html(): string {
  let body = "";
  for (let p = 1; p <= PAGES; p++) {
    body += `<div style="page-break-after:always"><p>${LOREM.repeat(12)}</p>`;
    if (p % 7 === 1) body += `<p>Sign: {{s1|signature|120|40}} then {{s2|initials}} Date: {{s1|date}}</p>`;
    if (p % 7 === 3) body += `<p>Agree {{s1|checkbox}} yes and {{s2|text|180|20|12}} name; {{s9|nonsense}}</p>`;
    if (p % 7 === 5) body += `<p>Stamp {{signet:image|logo}} here, and an opening {{s1|date never closed</p>`;
    body += `<p>${LOREM.repeat(6)}</p></div>`;
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font:11pt "DejaVu Serif",serif}</style></head><body>${body}</body></html>`;
}

describe("the anchor index stored at upload", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await rotatePage(await htmlToPdf(html()), 5, 90);
  }, 120_000);

  async function layerOf(requestId: string) {
    const db = await getDb();
    const [version] = await db.select().from(documentVersions).where(eq(documentVersions.requestId, requestId));
    const [row] = await db.select().from(textLayers).where(eq(textLayers.pdfSha256, version!.sha256));
    return row!;
  }
  const setIndex = async (pdfSha256: string, anchors: string | null, anchorsVersion: number | null) =>
    (await getDb()).update(textLayers).set({ anchors, anchorsVersion }).where(eq(textLayers.pdfSha256, pdfSha256));
  const preview = async (id: string) => {
    const r = await call("POST", `${SR}/${id}/anchors/preview`, { key, json: {} });
    expect(r.status).toBe(200);
    return r.body.data.anchors as { anchorKey: string; page: number; valid: boolean; layout?: unknown }[];
  };

  it("answers the preview exactly as searching the stored layer does", async () => {
    expect(pdf.byteLength).toBeGreaterThan(256 * 1024);
    const d = await createDraft(key, pdf, "Indexed");
    const row = await layerOf(d.id);
    expect(row.anchorsVersion).toBe(ANCHOR_INDEX_VERSION);
    expect(row.anchors!.length).toBeLessThan(ANCHOR_INDEX_MAX_BYTES);
    const fromIndex = await preview(d.id);
    // Tokens of every kind, on the first and last pages and the turned one, valid and not.
    const pages = Array.from({ length: PAGES }, (_, i) => i + 1).filter((p) => [1, 3, 5].includes(p % 7));
    expect(fromIndex.length).toBe(pages.reduce((n, p) => n + (p % 7 === 5 ? 2 : 3), 0));
    expect([...new Set(fromIndex.map((a) => a.page))].sort((x, y) => x - y)).toEqual(pages);
    expect(fromIndex.some((a) => !a.valid)).toBe(true);
    expect(fromIndex.some((a) => a.layout)).toBe(true);

    await setIndex(row.pdfSha256, null, null);
    expect(await preview(d.id)).toEqual(fromIndex);
  });

  it("is what the preview reads, and only at its own version", async () => {
    const d = await createDraft(key, pdf, "Indexed");
    const row = await layerOf(d.id);
    const found = await preview(d.id);
    await setIndex(row.pdfSha256, `{"all":[],"layout":[]}`, ANCHOR_INDEX_VERSION);
    expect(await preview(d.id)).toEqual([]);
    await setIndex(row.pdfSha256, `{"all":[],"layout":[]}`, ANCHOR_INDEX_VERSION + 1);
    expect(await preview(d.id)).toEqual(found);
    // Searched in the layer, then kept: an index of another version (a newer server's, or one from before
    // the index changed) is made again from the layer in hand, and the next preview reads it.
    const remade = await layerOf(d.id);
    expect(remade.anchorsVersion).toBe(ANCHOR_INDEX_VERSION);
    expect((JSON.parse(remade.anchors!) as { all: unknown[] }).all).toHaveLength(found.length);
    expect(await preview(d.id)).toEqual(found);
  });

  it("is not kept when it would be over its size limit: a document of thousands of tokens is searched instead", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 40; p++) {
      const page = doc.addPage([612, 792]);
      for (let l = 0; l < 50; l++)
        page.drawText(`{{s1|date}} {{s2|initials}} line ${l}`, { x: 20, y: 770 - l * 15, size: 8, font });
    }
    const d = await createDraft(key, await doc.save(), "Many tokens");
    const row = await layerOf(d.id);
    // Looked at and found too large, at this version: not made again on every question.
    expect(row.anchors).toBeNull();
    expect(row.anchorsVersion).toBe(ANCHOR_INDEX_VERSION);
    const found = await preview(d.id);
    expect(found.length).toBe(40 * 50 * 2);
  });
});
