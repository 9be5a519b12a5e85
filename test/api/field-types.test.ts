import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { htmlToPdf, pdftotext, renderPage } from "../support/pdf-fixtures";
import { pageText, pdfsig } from "../support/seal-fixtures";
import { sealedDocument } from "../support/sealing";
import { tokenOf } from "../support/signing";
import { firstOf, itemAt } from "../support/expect-helpers";

// CHECKBOX, RADIO, DROPDOWN, NUMBER, NAME and EMAIL by coordinates and by anchors,
// refused when malformed (nothing stored), signed with good values and refused with bad ones, sealed.

const SR = "/api/v1/enterprise/signature-requests";
type Field = { id: string; type: string; [k: string]: unknown };

const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Sans",sans-serif;font-size:11pt} p{margin:14pt 0}</style></head><body>
<h1>Order form</h1>
<p>Terms accepted: {{s1|checkbox|14|14|I accept the terms|f}}</p>
<p>Newsletter: {{s1|checkbox|14|14|Newsletter|t}}</p>
<p>Plan: {{s1|radio|plan|Basic|12|12}} Basic</p>
<p>Plan: {{s1|radio|plan|Pro|12|12}} Pro</p>
<p>Colour: {{s1|dropdown|150|Red;Green;Blue|Colour|f}}</p>
<p>Seats: {{s1|number|80|12|Seats|f|1|500|0}}</p>
<p>Name: {{s1|name}}</p>
<p>E-mail: {{s1|email}}</p>
<p>Signature: {{s1|signature|150|40}}</p>
<p>Broken: {{s1|dropdown|150|Red;Red|Colour|f}}</p>
</body></html>`;

async function draftWithSigner(key: string, pdf?: Uint8Array) {
  const d = await createDraft(key, pdf, "Field types");
  const s = (
    await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "sam.signer@example.com", name: "Sam Signer" } })
  ).body.data;
  return { id: d.id as string, rid: s.id as string };
}

const fieldsOf = async (key: string, id: string): Promise<Field[]> =>
  (await call("GET", `${SR}/${id}`, { key })).body.data.fields;

describe("field types", () => {
  let key: string;
  let anchorPdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    anchorPdf = await htmlToPdf(html);
  });

  it("places each type by coordinates with its properties, and GET returns them", async () => {
    const { id, rid } = await draftWithSigner(key);
    const at = (y: number) => ({ recipientId: rid, page: 1, x: 72, y, width: 150, height: 20 });
    const r = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: {
        fields: [
          { ...at(100), type: "CHECKBOX", width: 14, height: 14, label: "I agree" },
          { ...at(130), type: "RADIO", width: 14, height: 14, group: "plan", option: "Basic" },
          { ...at(130), x: 200, type: "RADIO", width: 14, height: 14, group: "plan", option: "Pro" },
          { ...at(160), type: "DROPDOWN", options: [" Red", "Green", "Blue "], label: "Colour", required: false },
          { ...at(190), type: "NUMBER", min: 1, max: 10, decimals: 1, label: "Rating" },
          { ...at(220), type: "NAME" },
          { ...at(250), type: "EMAIL" },
          { ...at(300), type: "RADIO", width: 12, height: 12, group: "size", options: ["S", "M", "L"] },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const got = await fieldsOf(key, id);
    expect(got).toHaveLength(10);
    const by = (t: string) => got.filter((f) => f.type === t);
    expect(by("CHECKBOX")[0]).toMatchObject({ label: "I agree", required: true, options: null, group: null });
    expect(by("DROPDOWN")[0]).toMatchObject({ options: ["Red", "Green", "Blue"], required: false });
    expect(by("NUMBER")[0]).toMatchObject({ min: 1, max: 10, decimals: 1 });
    expect(by("NAME")).toHaveLength(1);
    expect(by("EMAIL")).toHaveLength(1);
    const plan = by("RADIO").filter((f) => f.group === "plan");
    expect(plan.map((f) => f.option)).toEqual(["Basic", "Pro"]);
    for (const b of plan) expect(b.options).toEqual(["Basic", "Pro"]);
    // A RADIO given with options: one button per option, each 1.5 x height below the last.
    const size = by("RADIO").filter((f) => f.group === "size");
    expect(size.map((f) => [f.option, f.y])).toEqual([
      ["S", 300],
      ["M", 318],
      ["L", 336],
    ]);
    for (const b of size) expect(b.options).toEqual(["S", "M", "L"]);

    // PATCH: a button's option changes, its group's options follow; a DROPDOWN turned TEXT loses its options.
    const pro = plan.find((f) => f.option === "Pro")!;
    const patched = await call("PATCH", `${SR}/${id}/fields/${pro.id}`, { key, json: { option: "Premium" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ option: "Premium", options: ["Basic", "Premium"] });
    const dd = firstOf(by("DROPDOWN"), "DROPDOWN fields");
    const toText = await call("PATCH", `${SR}/${id}/fields/${dd.id}`, { key, json: { type: "TEXT" } });
    expect(toText.status).toBe(200);
    expect(toText.body.data).toMatchObject({ type: "TEXT", options: null });
    const badPatch = await call("PATCH", `${SR}/${id}/fields/${firstOf(by("NUMBER"), "NUMBER fields").id}`, {
      key,
      json: { min: 20 },
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.message).toMatch(/min \(20\) must not be greater than max \(10\)/);
    // Deleting a button: the group's options shrink.
    await call("DELETE", `${SR}/${id}/fields/${itemAt(size, 2, "size buttons").id}`, { key });
    const after = (await fieldsOf(key, id)).filter((f) => f.group === "size");
    for (const b of after) expect(b.options).toEqual(["S", "M"]);
  });

  it.each([
    ["DROPDOWN without options", { type: "DROPDOWN" }, "options"],
    ["DROPDOWN with no option", { type: "DROPDOWN", options: [] }, "at least one"],
    ["DROPDOWN with an empty option", { type: "DROPDOWN", options: ["a", " "] }, "must not be empty"],
    ["DROPDOWN with a repeated option", { type: "DROPDOWN", options: ["a", "a "] }, "distinct"],
    ["DROPDOWN with 51 options", { type: "DROPDOWN", options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, "50"],
    ["DROPDOWN with a long option", { type: "DROPDOWN", options: ["x".repeat(201)] }, "200"],
    [
      "DROPDOWN whose default is not an option",
      { type: "DROPDOWN", options: ["a"], defaultValue: "b" },
      "not one of the options",
    ],
    ["RADIO without group", { type: "RADIO", option: "a" }, "group"],
    ["RADIO without option", { type: "RADIO", group: "g" }, "option"],
    ["RADIO with option and options", { type: "RADIO", group: "g", option: "a", options: ["a", "b"] }, "not both"],
    ["NUMBER with min over max", { type: "NUMBER", min: 5, max: 1 }, "must not be greater"],
    ["NUMBER with 7 decimals", { type: "NUMBER", decimals: 7 }, "decimals"],
    ["NUMBER with a default out of range", { type: "NUMBER", max: 3, defaultValue: "4" }, "at most 3"],
    ["EMAIL with a bad default", { type: "EMAIL", defaultValue: "nope" }, "e-mail"],
    ["options on a NUMBER", { type: "NUMBER", options: ["a"] }, "options is for DROPDOWN and RADIO"],
    ["min on a TEXT", { type: "TEXT", min: 1 }, "min is for NUMBER"],
    ["an unknown type", { type: "STAMP" }, ""],
  ])("refuses %s (400) and stores nothing", async (_, props, why) => {
    const { id, rid } = await draftWithSigner(key);
    const r = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: {
        fields: [
          { type: "TEXT", recipientId: rid, page: 1, x: 72, y: 72, width: 100, height: 20 },
          { recipientId: rid, page: 1, x: 72, y: 120, width: 100, height: 20, ...props },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.errors ?? r.body.message)).toContain(why);
    expect(await fieldsOf(key, id)).toHaveLength(0);
  });

  it("refuses two buttons of one group for the same option (422), nothing stored", async () => {
    const { id, rid } = await draftWithSigner(key);
    const b = { type: "RADIO", recipientId: rid, page: 1, x: 72, y: 72, width: 14, height: 14, group: "g", option: "a" };
    expect((await call("POST", `${SR}/${id}/fields`, { key, json: b })).status).toBe(201);
    const r = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: {
        fields: [
          { ...b, option: "b", y: 100 },
          { ...b, y: 130 },
        ],
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('already has a button for option "a"');
    expect(await fieldsOf(key, id)).toHaveLength(1);
  });

  it("previews and creates every type from anchors; a malformed one is reported", async () => {
    const { id, rid } = await draftWithSigner(key, anchorPdf);
    const preview = await call("POST", `${SR}/${id}/anchors/preview`, { key, json: {} });
    expect(preview.status).toBe(200);
    const anchors = preview.body.data.anchors as {
      anchorKey: string;
      valid: boolean;
      anchor?: Record<string, unknown>;
      reason?: string;
    }[];
    expect(anchors.find((a) => a.anchorKey === "{{s1|dropdown|150|Red;Green;Blue|Colour|f}}")).toMatchObject({
      valid: true,
      anchor: { type: "dropdown", options: ["Red", "Green", "Blue"] },
    });
    expect(anchors.find((a) => a.anchorKey === "{{s1|radio|plan|Pro|12|12}}")).toMatchObject({
      valid: true,
      anchor: { type: "radio", group: "plan", option: "Pro" },
    });
    expect(anchors.find((a) => a.anchorKey === "{{s1|dropdown|150|Red;Red|Colour|f}}")).toMatchObject({ valid: false });

    const r = await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: rid } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const fields = r.body.data.fields as Field[];
    expect(fields.map((f) => f.type).sort()).toEqual([
      "CHECKBOX",
      "CHECKBOX",
      "DROPDOWN",
      "EMAIL",
      "NAME",
      "NUMBER",
      "RADIO",
      "RADIO",
      "SIGNATURE",
    ]);
    expect(fields.find((f) => f.label === "Newsletter")).toMatchObject({ type: "CHECKBOX", required: false, width: 14 });
    expect(fields.find((f) => f.type === "NUMBER")).toMatchObject({ min: 1, max: 500, decimals: 0, height: 18, label: "Seats" });
    expect(fields.find((f) => f.type === "DROPDOWN")).toMatchObject({ options: ["Red", "Green", "Blue"], required: true });
    for (const b of fields.filter((f) => f.type === "RADIO")) expect(b.options).toEqual(["Basic", "Pro"]);
    expect(r.body.data.skipped.some((s: { reason: string }) => /Malformed: .*distinct/.test(s.reason))).toBe(true);

    // Legacy /fields/anchored with the new types' properties.
    const legacy = await call("POST", `${SR}/${id}/fields/anchored`, {
      key,
      json: {
        fields: [
          {
            anchorKey: "Order form",
            type: "DROPDOWN",
            recipientId: rid,
            xOffset: 200,
            yOffset: 0,
            width: 100,
            height: 20,
            options: ["x", "y"],
          },
        ],
      },
    });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(201);
    expect(legacy.body.data.fields[0]).toMatchObject({ type: "DROPDOWN", options: ["x", "y"] });
    const bad = await call("POST", `${SR}/${id}/fields/anchored`, {
      key,
      json: { fields: [{ anchorKey: "Order form", type: "DROPDOWN", recipientId: rid, width: 100, height: 20 }] },
    });
    expect(bad.status).toBe(400);
  });

  it("signs with each type: bad values are 422 naming the field, good ones are sealed and shown", async () => {
    const { id, rid } = await draftWithSigner(key, anchorPdf);
    expect((await call("POST", `${SR}/${id}/fields/anchors`, { key, json: { recipientId: rid } })).status).toBe(201);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const fs = view.fields as Field[];
    const f = (pred: (x: Field) => boolean) => fs.find(pred)!;
    const terms = f((x) => x.label === "I accept the terms");
    const news = f((x) => x.label === "Newsletter");
    const basic = f((x) => x.option === "Basic");
    const pro = f((x) => x.option === "Pro");
    const colour = f((x) => x.type === "DROPDOWN");
    const seats = f((x) => x.type === "NUMBER");
    const name = f((x) => x.type === "NAME");
    const email = f((x) => x.type === "EMAIL");
    const sig = f((x) => x.type === "SIGNATURE");
    expect(colour).toMatchObject({ options: ["Red", "Green", "Blue"] });
    expect(basic).toMatchObject({ group: "plan", options: ["Basic", "Pro"] });

    const good = {
      [terms.id]: { checked: true },
      [news.id]: { checked: false },
      [basic.id]: { checked: false },
      [pro.id]: { checked: true },
      [colour.id]: { text: "Green" },
      [seats.id]: { text: "42" },
      [email.id]: { text: "sam.s@example.org" },
      [sig.id]: { typed: "Sam Signer" },
    } as Record<string, Record<string, unknown>>;
    const body = (over: Record<string, Record<string, unknown> | null>) => {
      const all = { ...good, ...over };
      return {
        consent: true,
        values: Object.entries(all)
          .filter(([, v]) => v !== null)
          .map(([fieldId, v]) => ({ fieldId, ...v })),
      };
    };
    const bad: [string, Record<string, Record<string, unknown> | null>, RegExp][] = [
      ["a required checkbox unticked", { [terms.id]: { checked: false } }, /I accept the terms must be ticked/],
      ["a required checkbox left out", { [terms.id]: null }, /must be ticked/],
      ["two radio buttons of one group", { [basic.id]: { checked: true } }, /plan: choose one option only/],
      ["no radio button of a required group", { [pro.id]: { checked: false } }, /plan: choose one of Basic, Pro/],
      ["an option that is not one", { [colour.id]: { text: "Purple" } }, /Colour: "Purple" is not one of the options/],
      ["a number over max", { [seats.id]: { text: "501" } }, /Seats must be at most 500/],
      ["a number with decimals", { [seats.id]: { text: "4.5" } }, /Seats must be a whole number/],
      ["not a number", { [seats.id]: { text: "four" } }, /Seats must be a number/],
      ["a malformed e-mail", { [email.id]: { text: "sam at example" } }, /E-mail must be an e-mail address/],
      ["an emptied name", { [name.id]: { text: " " } }, /Full name is required/],
    ];
    for (const [what, over, why] of bad) {
      const r = await call("POST", `/api/sign/${token}/sign`, { json: body(over) });
      expect(r.status, what).toBe(422);
      expect(r.body.message, what).toMatch(why);
      expect(r.body.errors[0]?.field, what).toMatch(/^values\.\d+\.(checked|text)$|^[0-9a-f-]{36}$/);
    }
    // Nothing was stored by the refusals: the recipient can still sign.
    const ok = await call("POST", `/api/sign/${token}/sign`, { json: body({}) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.completed).toBe(true);
    await runDueJobs(); // seal
    const sealed = await sealedDocument(key, id);
    const text = await pageText(sealed, 1);
    // The name was not given: pre-filled from the recipient. The e-mail was changed by the signer.
    for (const v of ["Green", "42", "Sam Signer", "sam.s@example.org"]) expect(text).toContain(v);
    expect(await pdftotext(sealed)).not.toContain("{{s1|checkbox");
    expect(await pdfsig(sealed)).toMatch(/Signature is Valid/);

    // The tick, the empty box, the chosen dot and the empty circle are drawn (at 72 dpi a pixel is a point).
    const page = await renderPage(sealed, 1);
    const inkIn = (b: Field) => {
      let dark = 0;
      const [x0, y0, w, h] = [Number(b.x), Number(b.y), Number(b.width), Number(b.height)] as const;
      for (let y = Math.ceil(y0 + h * 0.3); y < y0 + h * 0.7; y++)
        for (let x = Math.ceil(x0 + w * 0.3); x < x0 + w * 0.7; x++) if (page.rgb(x, y).reduce((a, c) => a + c, 0) < 500) dark++;
      return dark;
    };
    expect(inkIn(terms)).toBeGreaterThan(2); // ticked
    expect(inkIn(news)).toBe(0); // an empty box: ink on its outline only
    expect(inkIn(pro)).toBeGreaterThan(2); // the chosen dot
    expect(inkIn(basic)).toBe(0);
  });
});
