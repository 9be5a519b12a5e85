import fs from "node:fs";
import path from "node:path";
import { PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { runDueJobs } from "@/lib/server/worker/worker";
import { tokenOf } from "../support/signing";
import { htmlToPdf, pdfimagesList, pdftotext, pdftotextWords, rotatePage } from "../support/pdf-fixtures";
import { firstOf, itemAt } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";
const fixture = (f: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures", f));

describe("anchors through the API", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await rotatePage(await htmlToPdf(fixture("anchors.html").toString("utf8")), 2, 90);
  });

  async function draftWithSigners() {
    const d = await createDraft(key, pdf, "Anchors");
    const s1 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s1@example.com", name: "S1", order: 1 } }))
      .body.data;
    const s2 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s2@example.com", name: "S2", order: 2 } }))
      .body.data;
    return { id: d.id as string, s1: s1.id as string, s2: s2.id as string };
  }

  it("previews every anchor, parsed, where pdftotext -bbox puts it (within 2 pt)", async () => {
    const { id } = await draftWithSigners();
    const r = await call("POST", `${SR}/${id}/anchors/preview`, { key, json: {} });
    expect(r.status).toBe(200);
    const anchors = r.body.data.anchors as {
      anchorKey: string;
      page: number;
      x: number;
      y: number;
      valid: boolean;
      anchor?: unknown;
      reason?: string;
    }[];
    const words = await pdftotextWords(pdf);
    for (const a of anchors.filter((x) => x.anchorKey.startsWith("{{s") && !x.anchorKey.includes(" "))) {
      const w = words.find(
        (w) =>
          w.page === a.page &&
          w.text.startsWith(a.anchorKey.slice(0, 6)) &&
          Math.abs(w.yMin - a.y) < 2 &&
          Math.abs(w.xMin - a.x) < 2,
      );
      expect(w, `${a.anchorKey} at ${a.page}:${a.x},${a.y}`).toBeTruthy();
    }
    const sig = anchors.find((a) => a.anchorKey === "{{s1|signature|120|40}}")!;
    expect(sig).toMatchObject({ valid: true, anchor: { type: "signature", signerRef: "s1", width: 120, height: 40 } });
    // The short date form has the interface spec's defaults: a contract with integrators.
    expect(anchors.find((a) => a.anchorKey === "{{s1|date}}")).toMatchObject({
      valid: true,
      anchor: { type: "date", width: 200, height: 60, fontSize: 14 },
    });
    expect(anchors.find((a) => a.anchorKey === "{{s1|signature|120}}")).toMatchObject({ valid: false });
    expect(r.body.data.signerRefs).toEqual(expect.arrayContaining(["s1", "s2"]));
    // anchors on the rotated page 2 are reported in its displayed coordinates
    const rotated = anchors.find((a) => a.page === 2 && a.anchorKey === "{{s2|date|150|40|12}}")!;
    expect(rotated).toBeTruthy();
    const w2 = words.find((w) => w.page === 2 && w.text.includes("{{s2|date|150|40|12}}"))!;
    expect(Math.abs(w2.xMin - rotated.x)).toBeLessThan(2);
    expect(Math.abs(w2.yMin - rotated.y)).toBeLessThan(2);

    const listed = await call("POST", `${SR}/${id}/anchors/preview`, {
      key,
      json: { anchors: [{ anchorKey: "{{signet:initials}}" }, { anchorKey: "NOPE" }] },
    });
    expect(listed.body.data.anchors[0]).toMatchObject({ anchorKey: "{{signet:initials}}", found: true });
    expect(listed.body.data.anchors[0]?.occurrences.map((o: { page: number }) => o.page)).toEqual([1, 1, 2, 3]);
    expect(listed.body.data.anchors[1]).toMatchObject({ found: false, occurrences: [] });
    expect(listed.body.data.missing).toEqual(["NOPE"]);
  });

  it("creates the fields of one signer from unified anchors, skipping and reporting the rest", async () => {
    const { id, s1, s2 } = await draftWithSigners();
    const r = await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: s1 } });
    expect(r.status).toBe(201);
    const fields = r.body.data.fields;
    expect(fields.map((f: { type: string }) => f.type).sort()).toEqual(["DATE", "SIGNATURE", "TEXT"]);
    const text = fields.find((f: { type: string }) => f.type === "TEXT");
    expect(text).toMatchObject({
      recipientId: s1,
      width: 200,
      height: 18,
      maxLength: 50,
      fontSize: 12,
      label: "Full name",
      required: true,
    });
    // {{s1|date}} places the spec's default box: 200 × 60 at 14 pt.
    expect(fields.find((f: { type: string }) => f.type === "DATE")).toMatchObject({
      recipientId: s1,
      width: 200,
      height: 60,
      fontSize: 14,
      required: true,
    });
    const skipped = r.body.data.skipped
      .map((s: { anchorKey: string; reason: string }) => `${s.anchorKey}: ${s.reason}`)
      .join("\n");
    expect(skipped).toMatch(/\{\{s1\|image\|100\|50\|Company logo\}\}: Image anchor/);
    expect(skipped).toMatch(/\{\{s2\|signature\|150\|50\}\}: For signer s2/);
    expect(skipped).toMatch(/\{\{s1\|signature\|120\}\}: Malformed/);
    // Each skip says why for a program too: the dashboard leaves out the other signers' anchors.
    expect(
      r.body.data.skipped.map((s: { anchorKey: string; code?: string; signerRef?: string }) => [
        s.anchorKey,
        s.code,
        s.signerRef,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["{{s1|image|100|50|Company logo}}", "IMAGE", undefined],
        ["{{s2|signature|150|50}}", "OTHER_SIGNER", "s2"],
        ["{{s1|signature|120}}", "MALFORMED", undefined],
      ]),
    );
    // again: nothing placed twice
    const again = await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: s1, signerRef: "s1" } });
    expect(again.body.data.fields).toHaveLength(0);
    // s2's anchor near the right edge of the rotated page 2 cannot hold a 150 pt box: 422, and none of s2's fields is stored
    const s2r = await call("POST", `${SR}/${id}/fields/anchored`, { key, json: { recipientId: s2, signerRef: "s2" } });
    expect(s2r.status).toBe(422);
    expect(s2r.body.message).toMatch(/does not lie inside page 2 \(841.92 × 594.96 pt\)/);
    const stored = (await call("GET", `${SR}/${id}`, { key })).body.data.fields;
    expect(stored.filter((f: { recipientId: string }) => f.recipientId === s2)).toHaveLength(0);
    const none = await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: s1, signerRef: "s9" } });
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/No anchor for signer s9/);
  });

  it("places literal and legacy anchors with offsets and occurrenceIndex; names every missing anchor", async () => {
    const { id, s1 } = await draftWithSigners();
    const previewed = await call("POST", `${SR}/${id}/anchors/preview`, {
      key,
      json: { anchors: [{ anchorKey: "{{signet:initials}}" }] },
    });
    const preview = firstOf(previewed.body.data.anchors, "previewed anchors").occurrences;
    const r = await call("POST", `${SR}/${id}/fields/anchored`, {
      key,
      json: {
        fields: [
          {
            anchorKey: "{{signet:initials}}",
            occurrenceIndex: 1,
            type: "INITIAL",
            recipientId: s1,
            xOffset: 5,
            yOffset: -10,
            width: 60,
            height: 30,
            name: "ini",
          },
        ],
      },
    });
    expect(r.status).toBe(201);
    const second = itemAt(preview, 1, "occurrences");
    expect(r.body.data.fields[0]).toMatchObject({ type: "INITIAL", page: second.page, name: "ini" });
    expect(r.body.data.fields[0]?.x).toBeCloseTo(second.x + 5, 1);
    expect(r.body.data.fields[0]?.y).toBeCloseTo(second.y - 10, 1);
    const bad = await call("POST", `${SR}/${id}/fields/anchored`, {
      key,
      json: {
        fields: [
          { anchorKey: "{{signet:nowhere}}", type: "SIGNATURE", recipientId: s1, width: 10, height: 10 },
          { anchorKey: "{{signet:initials}}", occurrenceIndex: 7, type: "SIGNATURE", recipientId: s1, width: 10, height: 10 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(
      /Anchor not found: \{\{signet:nowhere\}\}, \{\{signet:initials\}\} \(occurrence 7; found 4\)/,
    );
    expect(bad.body.details?.missing).toHaveLength(2);
  });

  it("stamps an image at an anchor (FIT keeps proportions), as a new version; only in DRAFT", async () => {
    const { id, s1 } = await draftWithSigners();
    const before = (await call("GET", `${SR}/${id}`, { key })).body.data.document;
    const r = await call("POST", `${SR}/${id}/fields/anchors/image`, {
      key,
      form: {
        anchorKey: "{{s1|image|100|50|Company logo}}",
        width: "100",
        height: "100",
        sizingMode: "FIT",
        image: { data: fixture("stamp-200x100.png"), name: "logo.png", type: "image/png" },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      anchorKey: "{{s1|image|100|50|Company logo}}",
      page: 1,
      width: 100,
      height: 100,
      documentVersion: 2,
    });
    expect(r.body.data.drawn.width / r.body.data.drawn.height).toBeCloseTo(2, 2);
    const after = (await call("GET", `${SR}/${id}`, { key })).body.data.document;
    expect(after.version).toBe(2);
    expect(after.sha256).not.toBe(before.sha256);
    const bytes = new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
    const images = await pdfimagesList(bytes);
    expect(images.some((i) => i.page === 1 && i.width === 200 && i.height === 100)).toBe(true);
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.map((e: { type: string }) => e.type);
    expect(audit).toContain("document.image_stamp");

    const legacy = await call("POST", `${SR}/${id}/fields/anchored/image`, {
      key,
      form: {
        anchorKey: "{{signet:sig}}",
        width: "80",
        height: "40",
        sizingMode: "STRETCH",
        image: { data: fixture("stamp-200x100.jpg"), name: "x.jpg" },
      },
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.documentVersion).toBe(3);
    const notImage = await call("POST", `${SR}/${id}/fields/anchors/image`, {
      key,
      form: {
        anchorKey: "{{signet:sig}}",
        width: "80",
        height: "40",
        image: { data: new TextEncoder().encode("GIF89a nope"), name: "x.png" },
      },
    });
    expect(notImage.status).toBe(415);
    const missing = await call("POST", `${SR}/${id}/fields/anchors/image`, {
      key,
      form: { anchorKey: "{{nothing}}", width: "80", height: "40", image: { data: fixture("stamp-200x100.png"), name: "x.png" } },
    });
    expect(missing.status).toBe(422);
    const badMode = await call("POST", `${SR}/${id}/fields/anchors/image`, {
      key,
      form: {
        anchorKey: "{{signet:sig}}",
        width: "80",
        height: "40",
        sizingMode: "TILE",
        image: { data: fixture("stamp-200x100.png"), name: "x.png" },
      },
    });
    expect(badMode.status).toBe(400);

    await call("POST", `${SR}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: s1, page: 1, x: 10, y: 10, width: 50, height: 20 },
    });
    const { s2 } = { s2: itemAt((await call("GET", `${SR}/${id}`, { key })).body.data.recipients, 1, "recipients").id };
    await call("POST", `${SR}/${id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: s2, page: 1, x: 10, y: 60, width: 50, height: 20 },
    });
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    const late = await call("POST", `${SR}/${id}/fields/anchors/image`, {
      key,
      form: {
        anchorKey: "{{signet:sig}}",
        width: "80",
        height: "40",
        image: { data: fixture("stamp-200x100.png"), name: "x.png" },
      },
    });
    expect(late.status).toBe(409);
  });

  it("replaces text at anchors with Unicode text that pdftotext reads back; text that does not fit changes nothing", async () => {
    const { id } = await draftWithSigners();
    const text = "Zoë Ångström\nΑθήνα — Москва";
    const r = await call("POST", `${SR}/${id}/anchors/text-replacements`, {
      key,
      json: { replacements: [{ anchorKey: "{{signet:witness}}", text, width: 260, height: 40, fontSize: 11 }] },
    });
    expect(r.status).toBe(200);
    const bytes = new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
    const out = await pdftotext(bytes);
    for (const part of ["Zoë", "Ångström", "Αθήνα", "Москва"]) expect(out).toContain(part);

    const before = (await call("GET", `${SR}/${id}`, { key })).body.data.document.version;
    const tooBig = await call("POST", `${SR}/${id}/anchors/text-replacements`, {
      key,
      json: {
        replacements: [
          { anchorKey: "{{signet:sig}}", text: "short", width: 100, height: 20, fontSize: 10 },
          { anchorKey: "{{signet:sig}}", text: "far too long a text for such a small box", width: 40, height: 10, fontSize: 12 },
        ],
      },
    });
    expect(tooBig.status).toBe(422);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.document.version).toBe(before);
    const missing = await call("POST", `${SR}/${id}/anchors/text-replacements`, {
      key,
      json: { replacements: [{ anchorKey: "{{gone}}", text: "x", width: 10, height: 10, fontSize: 8 }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/Anchor not found: \{\{gone\}\}/);
  });
});

describe("anchors drawn over other text", () => {
  /** A one-page PDF whose content stream is `content` (Helvetica as /F1). */
  async function pdfWithContent(content: string): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.node.setFontDictionary(PDFName.of("F1"), font.ref);
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.flateStream(content)));
    return doc.save();
  }

  it("a token in a huge invisible font over a visible clause: 422 naming it, no field placed; the document stays usable", async () => {
    const key = (await makeOrg()).sandboxKey;
    const pdf = await pdfWithContent(
      "BT /F1 12 Tf 72 700 Td (I do NOT accept) Tj ET BT 3 Tr /F1 40 Tf 60 690 Td ({{s1|date}}) Tj ET " +
        "BT /F1 12 Tf 72 500 Td (Signature: {{s1|signature}}) Tj ET",
    );
    const d = await createDraft(key, pdf, "Hostile anchors");
    const s1 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "h@example.com", name: "H", order: 1 } }))
      .body.data.id;
    const r = await call("POST", `${SR}/${d.id}/fields/anchors`, { key, json: { recipientId: s1, signerRef: "s1" } });
    expect(r.status).toBe(422);
    expect(r.body.errorCode).toBe("ANCHOR_OVER_OTHER_TEXT");
    expect(r.body.message).toMatch(/\{\{s1\|date\}\} on page 1/);
    expect(r.body.details?.anchors).toEqual([
      expect.objectContaining({ text: "{{s1|date}}", page: 1, drawnThere: expect.stringContaining("N") }),
    ]);
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.fields).toHaveLength(0);
    expect((await call("GET", "/api/health")).status).toBe(200);

    // Placed by coordinates instead, signed and sealed: the seal removes the fair token and leaves the
    // clause the signer saw (the audit's "I do NOT accept" became "I do accept").
    const f = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { type: "SIGNATURE", recipientId: s1, page: 1, x: 300, y: 400, width: 150, height: 40 },
    });
    expect(f.status).toBe(201);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(s1);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const signed = await call("POST", `/api/sign/${token}/sign`, {
      json: { consent: true, values: [{ fieldId: firstOf(view.fields as { id: string }[], "the field").id, typed: "H" }] },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await runDueJobs();
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.status).toBe("COMPLETED");
    const sealed = new Uint8Array(await (await call("GET", `${SR}/${d.id}/document`, { key })).raw.arrayBuffer());
    const text = await pdftotext(sealed);
    for (const kept of ["NOT", "accept", "Signature:"]) expect(text).toContain(kept);
    expect(text).not.toContain("{{s1|signature}}");
  });
});
