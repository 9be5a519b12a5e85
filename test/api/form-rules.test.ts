import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { pdftotext } from "../support/pdf-fixtures";
import { pageText, pdfsig } from "../support/seal-fixtures";
import { certificateLines, sealedDocument } from "../support/sealing";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";

// Conditional and calculated fields: saved only when their rules and formulas can stand, judged at
// signing by the same rules the page runs, the server's total sealed, skipped fields on the certificate.

const SR = "/api/v1/enterprise/signature-requests";
type Field = { id: string; type: string; [k: string]: unknown };

async function draftWith(key: string, people: { email: string; name: string; order: number; locale?: string }[]) {
  const d = await createDraft(key, undefined, "Order with rules");
  const ids: string[] = [];
  for (const p of people) ids.push((await call("POST", `${SR}/${d.id}/recipients`, { key, json: p })).body.data.id);
  return { id: d.id as string, ids };
}

const box = (rid: string, y: number, x = 72) => ({ recipientId: rid, page: 1, x, y, width: 120, height: 20 });

async function place(key: string, id: string, fields: Record<string, unknown>[]): Promise<Field[]> {
  const r = await call("POST", `${SR}/${id}/fields`, { key, json: { fields } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.data.fields;
}

/** An error envelope's message, each error's and its details, as one text to match. */
const wordsOf = (b: { message?: string; errors?: { message: string }[]; details?: unknown }) =>
  [b.message, ...(b.errors ?? []).map((e) => e.message), JSON.stringify(b.details ?? {})].join("\n");

const fieldsOf = async (key: string, id: string): Promise<Field[]> =>
  (await call("GET", `${SR}/${id}`, { key })).body.data.fields;

describe("conditional and calculated fields", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("stores conditions and formulas and reads them back; refuses what cannot stand with a 4xx naming the fields, nothing changed", async () => {
    const { id, ids } = await draftWith(key, [
      { email: "ann@example.com", name: "Ann", order: 1 },
      { email: "bob@example.com", name: "Bob", order: 2 },
    ]);
    const [ann, bob] = ids as [string, string];
    const [cosigner, qty, price, later] = await place(key, id, [
      { ...box(ann, 100), type: "CHECKBOX", width: 14, height: 14, label: "I have a co-signer", required: false },
      { ...box(ann, 130), type: "NUMBER", name: "quantity", decimals: 2 },
      { ...box(ann, 160), type: "NUMBER", name: "price", decimals: 2 },
      { ...box(bob, 400), type: "TEXT", label: "Bob's note", required: false },
    ]);
    const [coName, total] = await place(key, id, [
      {
        ...box(ann, 190),
        type: "TEXT",
        label: "Co-signer's name",
        conditions: { all: [{ fieldId: cosigner!.id, op: "equals", value: true }] },
      },
      { ...box(ann, 220), type: "FORMULA", name: "total", formula: "round(quantity * price * 1.2, 2)" },
    ]);
    expect(coName).toMatchObject({ conditions: { all: [{ fieldId: cosigner!.id, op: "equals", value: true }] }, formula: null });
    expect(total).toMatchObject({
      type: "FORMULA",
      formula: "round(quantity * price * 1.2, 2)",
      conditions: null,
      decimals: null,
    });
    // Bob (a later turn) may read Ann's fields.
    const [bobs] = await place(key, id, [
      {
        ...box(bob, 430),
        type: "TEXT",
        label: "Big order note",
        conditions: { any: [{ fieldId: total!.id, op: "greaterThan", value: 1000 }] },
      },
    ]);
    const before = await fieldsOf(key, id);

    const refused: [string, () => ReturnType<typeof call>, number, string, RegExp][] = [
      [
        "a rule on a later signer's field",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "TEXT", conditions: { all: [{ fieldId: later!.id, op: "filled" }] } },
          }),
        422,
        "FORM_RULES_INVALID",
        /"Bob's note" is filled by a later signer/,
      ],
      [
        "a rule on a field that is not one",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: {
              ...box(ann, 250),
              type: "TEXT",
              conditions: { all: [{ fieldId: "3f1c1a52-8d3e-4a55-9f6c-2b1d0e7a9c41", op: "filled" }] },
            },
          }),
        422,
        "FORM_RULES_INVALID",
        /not a field of this request/,
      ],
      [
        "an operator the type does not take",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "TEXT", conditions: { all: [{ fieldId: qty!.id, op: "contains", value: "1" }] } },
          }),
        422,
        "FORM_RULES_INVALID",
        /contains does not apply to "quantity", a NUMBER/,
      ],
      [
        "a cycle made by a PATCH",
        () =>
          call("PATCH", `${SR}/${id}/fields/${cosigner!.id}`, {
            key,
            json: { conditions: { all: [{ fieldId: coName!.id, op: "empty" }] } },
          }),
        422,
        "FORM_RULES_INVALID",
        /cycle: "I have a co-signer" → "Co-signer's name" → "I have a co-signer"/,
      ],
      [
        "a formula naming an unknown field",
        () => call("POST", `${SR}/${id}/fields`, { key, json: { ...box(ann, 250), type: "FORMULA", formula: "quantity * vat" } }),
        422,
        "FORM_RULES_INVALID",
        /reads "vat", but no NUMBER or FORMULA field is named so/,
      ],
      [
        "a formula cycle",
        () => call("PATCH", `${SR}/${id}/fields/${total!.id}`, { key, json: { formula: "total + 1" } }),
        422,
        "FORM_RULES_INVALID",
        /reads itself/,
      ],
      [
        "a formula dividing by zero",
        () =>
          call("POST", `${SR}/${id}/fields`, { key, json: { ...box(ann, 250), type: "FORMULA", formula: "price / (2 - 2)" } }),
        422,
        "FORM_RULES_INVALID",
        /divides by zero/,
      ],
      [
        "a formula that is not one",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "FORMULA", formula: "constructor.constructor('return process')()" },
          }),
        400,
        "VALIDATION_FAILED",
        /formula: "\." at 12/,
      ],
      [
        "a formula nested too deep",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "FORMULA", formula: `${"(".repeat(200)}1${")".repeat(200)}` },
          }),
        400,
        "VALIDATION_FAILED",
        /nests at most/,
      ],
      [
        "a FORMULA without a formula",
        () => call("POST", `${SR}/${id}/fields`, { key, json: { ...box(ann, 250), type: "FORMULA" } }),
        400,
        "VALIDATION_FAILED",
        /A FORMULA needs formula/,
      ],
      [
        "a formula on a TEXT",
        () => call("POST", `${SR}/${id}/fields`, { key, json: { ...box(ann, 250), type: "TEXT", formula: "1 + 1" } }),
        400,
        "VALIDATION_FAILED",
        /formula is for FORMULA fields/,
      ],
      [
        "a rule without the value its operator needs",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "TEXT", conditions: { all: [{ fieldId: qty!.id, op: "greaterThan" }] } },
          }),
        400,
        "VALIDATION_FAILED",
        /greaterThan compares with a value/,
      ],
      [
        "a nesting two levels deep",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: {
              ...box(ann, 250),
              type: "TEXT",
              conditions: { all: [{ any: [{ all: [{ fieldId: qty!.id, op: "filled" }] }] }] },
            },
          }),
        400,
        "UNKNOWN_PARAMETER",
        /conditions\.all\.0\.any\.0\.all/,
      ],
      [
        "an unknown key inside a rule",
        () =>
          call("POST", `${SR}/${id}/fields`, {
            key,
            json: { ...box(ann, 250), type: "TEXT", conditions: { all: [{ fieldId: qty!.id, op: "filled", negate: true }] } },
          }),
        400,
        "UNKNOWN_PARAMETER",
        /negate/,
      ],
      [
        "a NUMBER a formula reads turned into a TEXT",
        () => call("PATCH", `${SR}/${id}/fields/${qty!.id}`, { key, json: { type: "TEXT" } }),
        422,
        "FORM_RULES_INVALID",
        /The formula reads "quantity", but no NUMBER or FORMULA field is named so/,
      ],
      [
        "a second NUMBER of a name a formula reads",
        () => call("POST", `${SR}/${id}/fields`, { key, json: { ...box(ann, 250), type: "NUMBER", name: "price" } }),
        422,
        "FORM_RULES_INVALID",
        /reads "price", and 2 fields are named so/,
      ],
      [
        "removing a field a rule reads",
        () => call("DELETE", `${SR}/${id}/fields/${cosigner!.id}`, { key }),
        409,
        "FIELD_IN_USE",
        /"I have a co-signer" is read by the rules or formula of "Co-signer's name"/,
      ],
      [
        "removing a field a formula reads",
        () => call("DELETE", `${SR}/${id}/fields/${price!.id}`, { key }),
        409,
        "FIELD_IN_USE",
        /"price" is read by the rules or formula of "total"/,
      ],
    ];
    for (const [what, run, status, code, why] of refused) {
      const r = await run();
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.errorCode, what).toBe(code);
      expect(wordsOf(r.body), what).toMatch(why);
    }
    // In a list, a refused field is named by its place (it was never stored).
    const batch = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: {
        fields: [
          { ...box(ann, 250), type: "TEXT", required: false },
          { ...box(ann, 280), type: "TEXT", conditions: { all: [{ fieldId: later!.id, op: "filled" }] } },
        ],
      },
    });
    expect(batch.status).toBe(422);
    expect(batch.body.errors).toEqual([{ field: "fields.1.conditions", message: expect.stringMatching(/later signer/) }]);
    expect(batch.body.details).toEqual({ fields: [] });
    expect(await fieldsOf(key, id)).toEqual(before);
    expect(bobs).toMatchObject({ conditions: { any: [{ fieldId: total!.id }] } });
    // A rule can be removed with null, and a sent request's rules are judged again: Bob moved before Ann makes his rule read a later signer.
    expect(
      (await call("PATCH", `${SR}/${id}/fields/${bobs!.id}`, { key, json: { conditions: null } })).body.data.conditions,
    ).toBeNull();
    expect(
      (
        await call("PATCH", `${SR}/${id}/fields/${bobs!.id}`, {
          key,
          json: { conditions: { all: [{ fieldId: qty!.id, op: "filled" }] } },
        })
      ).status,
    ).toBe(200);
    expect((await call("PATCH", `${SR}/${id}/recipients/${bob}`, { key, json: { order: 1 } })).status).toBe(200);
    expect((await call("PATCH", `${SR}/${id}/recipients/${ann}`, { key, json: { order: 2 } })).status).toBe(200);
    const send = await call("POST", `${SR}/${id}/send`, { key });
    expect(send.status).toBe(422);
    expect(send.body).toMatchObject({ errorCode: "FORM_RULES_INVALID", details: { fields: [bobs!.id] } });
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("DRAFT");
  });

  it("signs by the rules: a hidden field is not required and takes no value, a shown one is required, the server's total is sealed, the skipped field is on the certificate", async () => {
    // Cara writes German: her "12,50" is twelve and a half.
    const { id, ids } = await draftWith(key, [{ email: "cara@example.com", name: "Cara", order: 1, locale: "de" }]);
    const [cara] = ids as [string];
    const [cosigner, qty, price, sig] = await place(key, id, [
      { ...box(cara, 100), type: "CHECKBOX", width: 14, height: 14, label: "I have a co-signer", required: false },
      { ...box(cara, 130), type: "NUMBER", name: "quantity", decimals: 2 },
      { ...box(cara, 160), type: "NUMBER", name: "price", decimals: 2 },
      { ...box(cara, 300), type: "SIGNATURE", width: 150, height: 40 },
    ]);
    const [coName, total, perUnit] = await place(key, id, [
      {
        ...box(cara, 190),
        type: "TEXT",
        label: "Co-signer's name",
        conditions: { all: [{ fieldId: cosigner!.id, op: "filled" }] },
      },
      { ...box(cara, 220), type: "FORMULA", name: "total", formula: "quantity * price * 1.2" },
      { ...box(cara, 250), type: "FORMULA", name: "each", formula: "total / quantity", required: false },
    ]);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(cara);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    expect(view.fields.find((f: Field) => f.id === coName!.id)).toMatchObject({
      conditions: { all: [{ fieldId: cosigner!.id, op: "filled" }] },
    });
    expect(view.readFields).toEqual([]);
    expect(view.signingDate.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const sign = (values: Record<string, unknown>[]) =>
      call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    const base = [
      { fieldId: qty!.id, text: "3" },
      { fieldId: price!.id, text: "12,50" },
      { fieldId: sig!.id, typed: "Cara" },
    ];
    const cases: [string, Record<string, unknown>[], RegExp][] = [
      ["ticked, the shown name missing", [...base, { fieldId: cosigner!.id, checked: true }], /Co-signer's name is required/],
      [
        "unticked, a value for the hidden name",
        [...base, { fieldId: coName!.id, text: "Dan" }],
        /Co-signer's name is hidden by its conditions: it takes no value/,
      ],
      ["a value for a FORMULA", [...base, { fieldId: total!.id, text: "1" }], /total is calculated: it takes no value/],
      [
        "a quantity of zero: the price per unit divides by zero",
        [{ fieldId: qty!.id, text: "0" }, ...base.slice(1)],
        /each cannot be calculated: it divides by zero/,
      ],
    ];
    for (const [what, values, why] of cases) {
      const r = await sign(values);
      expect(r.status, what).toBe(422);
      expect(r.body.errorCode, what).toBe("FIELD_VALUES_INVALID");
      expect(wordsOf(r.body), what).toMatch(why);
    }
    // Unticked: finished without the co-signer's name (an empty entry for it is no value).
    const ok = await sign([...base, { fieldId: cosigner!.id, checked: false }, { fieldId: coName!.id, text: "" }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await runDueJobs();
    const stored = await fieldsOf(key, id);
    const sealed = await sealedDocument(key, id);
    expect(await pdfsig(sealed)).toMatch(/Total document signed/);
    const text = await pageText(sealed, 1);
    expect(text).toContain("45.00");
    expect(text).toContain("15.00");
    const cert = await certificateLines(sealed);
    expect(cert).toMatch(/Durch Bedingungen übersprungene Felder/);
    expect(cert).toMatch(/Co-signer's name \(Cara\), Seite 1: nicht angezeigt, daher leer/);
    expect(await pdftotext(sealed)).not.toContain("Dan");
    expect(stored.map((f) => f.id)).toContain(perUnit!.id);
  });

  it("a template carries them: saved from a request, judged by its roles' turns, used by role with each rule reading the draft's own field", async () => {
    const { id, ids } = await draftWith(key, [
      { email: "dora@example.com", name: "Dora", order: 1 },
      { email: "emil@example.com", name: "Emil", order: 2 },
    ]);
    const [dora, emil] = ids as [string, string];
    const [box1, , emilText] = await place(key, id, [
      { ...box(dora, 100), type: "CHECKBOX", width: 14, height: 14, label: "Extras", required: false },
      { ...box(dora, 130), type: "NUMBER", name: "qty" },
      { ...box(emil, 300), type: "TEXT", label: "Emil's note", required: false },
      // A signer always signs: Dora's CHECKBOX, NUMBER and FORMULA need a signature beside them to be sent.
      { ...box(dora, 500), type: "SIGNATURE", width: 150, height: 40 },
    ]);
    await place(key, id, [
      { ...box(dora, 160), type: "TEXT", label: "Which extras", conditions: { all: [{ fieldId: box1!.id, op: "filled" }] } },
      { ...box(dora, 190), type: "FORMULA", name: "sum", formula: "qty * 2", decimals: 0 },
    ]);
    const saved = await call("POST", `${SR}/${id}/save-as-template`, { key, json: { name: "Order (rules)" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const tpl = saved.body.data as { id: string; roles: { name: string }[]; fields: (Field & { roleName: string })[] };
    const tBox = tpl.fields.find((f) => f.label === "Extras")!;
    const tWhich = tpl.fields.find((f) => f.label === "Which extras")!;
    expect(tWhich.conditions).toEqual({ all: [{ fieldId: tBox.id, op: "filled" }] });
    expect(tpl.fields.find((f) => f.type === "FORMULA")).toMatchObject({ formula: "qty * 2", decimals: 0 });

    // On the template, the same judgement: the first role's field may not read the second role's.
    const tEmil = tpl.fields.find((f) => f.label === "Emil's note")!;
    const late = await call("POST", `/api/v1/enterprise/templates/${tpl.id}/fields`, {
      key,
      json: {
        type: "TEXT",
        roleName: tpl.roles[0]!.name,
        page: 1,
        x: 72,
        y: 400,
        width: 100,
        height: 20,
        conditions: { all: [{ fieldId: tEmil.id, op: "filled" }] },
      },
    });
    expect(late.status).toBe(422);
    expect(wordsOf(late.body)).toMatch(/"Emil's note" is filled by a later signer/);
    const inUse = await call("DELETE", `/api/v1/enterprise/templates/${tpl.id}/fields/${tBox.id}`, { key });
    expect(inUse.status).toBe(409);
    // Nor does its document go from under a rule on another document.
    const second = await call("POST", `/api/v1/enterprise/templates/${tpl.id}/documents`, {
      key,
      form: { file: { data: await simplePdf([{ text: "Annex" }]), name: "annex.pdf", type: "application/pdf" } },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const annexId = second.body.data.id as string;
    const onAnnex = await call("POST", `/api/v1/enterprise/templates/${tpl.id}/fields`, {
      key,
      json: {
        type: "TEXT",
        roleName: tpl.roles[0]!.name,
        documentId: annexId,
        page: 1,
        x: 72,
        y: 100,
        width: 100,
        height: 20,
        conditions: { all: [{ fieldId: tBox.id, op: "filled" }] },
      },
    });
    expect(onAnnex.status, JSON.stringify(onAnnex.body)).toBe(201);
    const firstDoc = (
      (await call("GET", `/api/v1/enterprise/templates/${tpl.id}`, { key })).body.data.documents as { id: string }[]
    )[0]!.id;
    const docGone = await call("DELETE", `/api/v1/enterprise/templates/${tpl.id}/documents/${firstDoc}?removeFields=true`, {
      key,
    });
    expect(docGone.status).toBe(409);
    expect(docGone.body.errorCode).toBe("FIELD_IN_USE");
    void emilText;

    const used = await call("POST", `${SR}/templates/${tpl.id}/use`, {
      key,
      json: {
        title: "From the template",
        recipients: tpl.roles.map((r, i) => ({ roleName: r.name, email: `r${i}@example.com`, name: `R${i}` })),
      },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const draft = used.body.data as { id: string; fields: Field[] };
    const dBox = draft.fields.find((f) => f.label === "Extras")!;
    const dWhich = draft.fields.find((f) => f.label === "Which extras")!;
    expect(dBox.id).not.toBe(tBox.id);
    expect(dWhich.conditions).toEqual({ all: [{ fieldId: dBox.id, op: "filled" }] });
    expect(draft.fields.find((f) => f.type === "FORMULA")).toMatchObject({ formula: "qty * 2" });
    expect((await call("POST", `${SR}/${draft.id}/send`, { key })).status).toBe(200);
  });

  it("takes each operator on the types it applies to and refuses it on the others (422 naming the rule), a group nested once", async () => {
    const { id, ids } = await draftWith(key, [{ email: "matrix@example.com", name: "Mat", order: 1 }]);
    const [mat] = ids as [string];
    const types: Record<string, Record<string, unknown>> = {
      CHECKBOX: { width: 14, height: 14, required: false },
      RADIO: { width: 14, height: 14, group: "g", option: "A" },
      DROPDOWN: { options: ["A", "B"] },
      TEXT: {},
      NAME: {},
      EMAIL: {},
      NUMBER: { name: "n" },
      FORMULA: { name: "f", formula: "n * 2" },
      DATE: {},
      SIGNATURE: { height: 30 },
      INITIAL: { height: 30 },
      FILE: {},
    };
    const read = new Map<string, string>();
    let y = 60;
    for (const [type, props] of Object.entries(types)) {
      const [f] = await place(key, id, [{ ...box(mat, (y += 45)), type, ...props }]);
      read.set(type, f!.id);
    }
    const value: Record<string, unknown> = {
      CHECKBOX: true,
      RADIO: "A",
      DROPDOWN: "B",
      NUMBER: 3,
      FORMULA: "6",
      DATE: "2026-01-01",
    };
    const takes: Record<string, string[]> = {
      filled: Object.keys(types),
      empty: Object.keys(types),
      equals: ["CHECKBOX", "RADIO", "DROPDOWN", "TEXT", "NAME", "EMAIL", "NUMBER", "FORMULA", "DATE"],
      notEquals: ["CHECKBOX", "RADIO", "DROPDOWN", "TEXT", "NAME", "EMAIL", "NUMBER", "FORMULA", "DATE"],
      contains: ["DROPDOWN", "TEXT", "NAME", "EMAIL"],
      greaterThan: ["NUMBER", "FORMULA", "DATE"],
      lessThan: ["NUMBER", "FORMULA", "DATE"],
    };
    const [target] = await place(key, id, [{ ...box(mat, 700), type: "TEXT", required: false }]);
    for (const [op, ok] of Object.entries(takes)) {
      for (const type of Object.keys(types)) {
        const rule = { fieldId: read.get(type)!, op, ...(op !== "filled" && op !== "empty" && { value: value[type] ?? "x" }) };
        const r = await call("PATCH", `${SR}/${id}/fields/${target!.id}`, { key, json: { conditions: { any: [rule] } } });
        const what = `${op} on ${type}`;
        if (ok.includes(type)) {
          expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
          expect(r.body.data.conditions, what).toEqual({ any: [rule] });
        } else {
          expect(r.status, what).toBe(422);
          expect(r.body.errorCode, what).toBe("FORM_RULES_INVALID");
          expect(wordsOf(r.body), what).toMatch(new RegExp(`${op} does not apply to .*a ${type}`));
        }
      }
    }
    // One level of nesting, an any inside an all.
    const nested = {
      all: [
        { fieldId: read.get("CHECKBOX")!, op: "equals", value: true },
        {
          any: [
            { fieldId: read.get("NUMBER")!, op: "greaterThan", value: 2 },
            { fieldId: read.get("TEXT")!, op: "contains", value: "vip" },
          ],
        },
      ],
    };
    const n = await call("PATCH", `${SR}/${id}/fields/${target!.id}`, { key, json: { conditions: nested } });
    expect(n.status, JSON.stringify(n.body)).toBe(200);
    expect(n.body.data.conditions).toEqual(nested);
  });

  it("a recipient or a document whose fields another field's rules read is not removed: 409 FIELD_IN_USE, nothing changed", async () => {
    const pdf = async (text: string, name: string) => ({ data: await simplePdf([{ text }]), name, type: "application/pdf" });
    const created = await call("POST", SR, {
      key,
      form: { title: "Guarded", file: [await pdf("One", "one.pdf"), await pdf("Two", "two.pdf")] },
    });
    const id = created.body.data.id as string;
    const [one, two] = created.body.data.documents as unknown as [{ id: string }, { id: string }];
    const add = async (email: string, name: string, order: number) =>
      (await call("POST", `${SR}/${id}/recipients`, { key, json: { email, name, order } })).body.data.id as string;
    const ann = await add("g.ann@example.com", "Ann", 1);
    const bob = await add("g.bob@example.com", "Bob", 2);
    const [tick] = await place(key, id, [
      { ...box(ann, 100), documentId: one.id, type: "CHECKBOX", width: 14, height: 14, label: "Tick", required: false },
    ]);
    await place(key, id, [
      {
        ...box(bob, 100),
        documentId: two.id,
        type: "TEXT",
        label: "Bob's",
        conditions: { all: [{ fieldId: tick!.id, op: "filled" }] },
      },
    ]);
    const before = (await call("GET", `${SR}/${id}`, { key })).body.data;
    const gone = await call("DELETE", `${SR}/${id}/recipients/${ann}`, { key });
    expect(gone.status).toBe(409);
    expect(gone.body.errorCode).toBe("FIELD_IN_USE");
    expect(gone.body.message).toMatch(/Removing Ann \(g\.ann@example\.com\) removes fields that "Bob's" read/);
    const doc = await call("DELETE", `${SR}/${id}/documents/${one.id}?removeFields=true`, { key });
    expect(doc.status).toBe(409);
    expect(doc.body.message).toMatch(/"Bob's" read/);
    const after = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });
});
