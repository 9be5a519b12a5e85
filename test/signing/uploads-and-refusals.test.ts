import { signingT } from "../support/signing-fields";
import crypto from "node:crypto";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { callSigning, type ApiFailure } from "@/components/signing/api";
import { unsignedMessage, unsignedOf, unsignedRefusal, type Unsigned } from "@/components/signing/fields";
import { attachFiles, fileRefusal } from "@/components/signing/file-field";
import type { AttachedFile, SigningField, SigningView } from "@/components/signing/types";
import { DraftSaver } from "@/components/signing/use-draft-saving";
import { getDb } from "@/lib/server/db";
import { fields as fieldsTable } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { catalogs } from "@/lib/i18n/catalogs";
import { locales, type Locale } from "@/lib/i18n/locales";
import { call, dispatch, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { findIn } from "../support/expect-helpers";
import { tokenOf } from "../support/signing";

// The signing page's side of signer uploads and of "a signer always signs", run against the real API (the
// page's fetch goes to the route handlers): the draft is saved before a file goes, so a box ticked a moment
// ago that shows a FILE field is not refused as hidden; each new refusal is said in the page's language.

const SR = "/api/v1/enterprise/signature-requests";
const tag = () => crypto.randomBytes(4).toString("hex");
const t = signingT;

function pngFile(name: string): File {
  const png = new PNG({ width: 16, height: 16 });
  png.data.set([...crypto.randomBytes(3), 255], 0);
  for (let i = 4; i < png.data.length; i += 4) png.data.set([i % 256, 40, 90, 255], i);
  return new File([new Uint8Array(PNG.sync.write(png))], name, { type: "image/png" });
}

/** A sent request: one signer with a SIGNATURE, a TEXT, a CHECKBOX "Has ID" and a FILE "ID scan" shown when it is ticked. */
async function sentRequest(key: string, signature: { required?: boolean } = {}) {
  const d = await createDraft(key, undefined, "Page uploads");
  const r = await call("POST", `${SR}/${d.id}/recipients`, {
    key,
    json: { email: `pat-${tag()}@example.com`, name: "Pat Page" },
  });
  const pat = r.body.data.id as string;
  const box = (y: number) => ({ page: 1, x: 300, y, width: 160, height: 20 });
  const base = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "SIGNATURE", recipientId: pat, page: 1, x: 72, y: 100, width: 150, height: 40, label: "Your signature" },
        { type: "TEXT", recipientId: pat, ...box(100), label: "Passport number", required: false },
        { type: "CHECKBOX", recipientId: pat, page: 1, x: 300, y: 130, width: 14, height: 14, label: "Has ID", required: false },
      ],
    },
  });
  expect(base.status, JSON.stringify(base.body)).toBe(201);
  const hasId = findIn(base.body.data.fields as { id: string; label: string }[], (f) => f.label === "Has ID").id;
  const file = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      type: "FILE",
      recipientId: pat,
      ...box(190),
      label: "ID scan",
      required: false,
      conditions: { all: [{ fieldId: hasId, op: "equals", value: true }] },
    },
  });
  expect(file.status, JSON.stringify(file.body)).toBe(201);
  expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
  await runDueJobs();
  if (signature.required === false)
    // A request sent before a signer always signed: its one signature made optional after the send.
    await (
      await getDb()
    )
      .update(fieldsTable)
      .set({ required: false })
      .where(eq(fieldsTable.requestId, d.id as string));
  const token = await tokenOf(pat);
  const view = await callSigning<SigningView>(token);
  if (!view.ok) throw new Error(JSON.stringify(view.error));
  const f = (label: string) => findIn(view.data.fields, (x) => x.label === label, label);
  return {
    token,
    fields: view.data.fields as SigningField[],
    sig: f("Your signature"),
    passport: f("Passport number"),
    hasId: f("Has ID"),
    scan: f("ID scan"),
  };
}

describe("the signing page against the API", () => {
  let key: string;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    // The page's relative calls go to the app's route handlers, as on the server.
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      dispatch(new Request(new URL(String(input), "http://localhost:3000"), init))) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    delete process.env.SIGNER_UPLOADS_MAX_MB;
    delete process.env.REQUEST_UPLOADS_MAX_MB;
  });

  let hidden: ApiFailure;

  it("saves the draft before a file goes: a box ticked within the saver's gap shows the FILE field to the server too", async () => {
    const r = await sentRequest(key);
    const stale: ApiFailure[] = [];
    const saver = new DraftSaver(
      r.token,
      r.fields,
      {},
      (e) => stale.push(e),
      () => "en",
    );
    try {
      // A value saved a moment ago: the next ordinary save waits out the gap between saves.
      saver.changed({ [r.passport.id]: "P1234567" });
      await saver.saveNow();
      const values = { [r.passport.id]: "P1234567", [r.hasId.id]: true };
      saver.changed(values);
      saver.flush(); // the picker opening takes the focus away: a save, after the gap

      // Uploaded at once without saving first (what the page did): refused as hidden, nothing kept.
      const early = await attachFiles(
        r.token,
        r.scan,
        [],
        [pngFile("early.png")],
        async () => undefined,
        () => undefined,
      );
      expect(early?.error).toMatchObject({ status: 409, code: "FIELD_HIDDEN" });
      hidden = early!.error;

      // Saved first, as the page does now: taken.
      const taken: AttachedFile[][] = [];
      const refused = await attachFiles(
        r.token,
        r.scan,
        [],
        [pngFile("id-card.png")],
        () => saver.saveNow(),
        (f) => taken.push(f),
      );
      expect(refused).toBeNull();
      expect(taken.at(-1)?.map((f) => f.name)).toEqual(["id-card.png"]);
      // The tick is saved (and so is the page's draft of what it holds).
      const view = await callSigning<SigningView>(r.token);
      expect(view.ok && view.data.drafts).toEqual(
        expect.arrayContaining([expect.objectContaining({ fieldId: r.hasId.id, checked: true })]),
      );
      expect(stale).toEqual([]);
    } finally {
      saver.dispose();
    }
  });

  it("says a hidden field's refusal and the upload budgets in each of the eight languages, the budget in MB as the signer writes numbers", async () => {
    const r = await sentRequest(key);
    // ID scan shown (Has ID saved ticked), and nothing held yet.
    const saved = await callSigning(r.token, "/draft", { values: [{ fieldId: r.hasId.id, checked: true }] }, { method: "PUT" });
    expect(saved.ok).toBe(true);
    const bigBytes = Math.floor(1.6 * 1024 * 1024);
    const big = () => new File([new Uint8Array(bigBytes)], "scan.png", { type: "image/png" });
    const over = async (name: "SIGNER_UPLOADS_MAX_MB" | "REQUEST_UPLOADS_MAX_MB") => {
      process.env[name] = "1.5";
      try {
        const refused = await attachFiles(
          r.token,
          r.scan,
          [],
          [big()],
          async () => undefined,
          () => undefined,
        );
        expect(refused?.error.details).toMatchObject({
          limitBytes: 1.5 * 1024 * 1024,
          heldBytes: 0,
          fileBytes: bigBytes,
        });
        return refused!.error;
      } finally {
        delete process.env[name];
      }
    };
    const linkError = await over("SIGNER_UPLOADS_MAX_MB");
    const requestError = await over("REQUEST_UPLOADS_MAX_MB");
    expect(linkError.code).toBe("SIGNER_UPLOADS_OVER_BUDGET");
    expect(requestError.code).toBe("REQUEST_UPLOADS_OVER_BUDGET");

    const english = (e: ApiFailure) => fileRefusal(e, r.scan, t("en"), "en");
    for (const locale of locales) {
      const say = (e: ApiFailure) => fileRefusal(e, r.scan, t(locale), locale);
      const onePointFive = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1.5);
      const fileSize = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1.6);
      for (const e of [linkError, requestError]) {
        const text = say(e)!;
        expect(text, `${locale} ${e.code}`).toContain(`${onePointFive} M`);
        expect(text).toContain(`${fileSize} MB`);
        expect(text).not.toMatch(/[{}]/);
        if (locale !== "en") expect(text).not.toBe(english(e));
      }
      expect(say(linkError)).not.toBe(say(requestError));
      // Without the numbers (a proxy's answer, an older server): the sentence that needs none.
      expect(say({ ...linkError, details: {} })).toBe(t(locale)("files.linkBudgetReached"));
      expect(say(hidden)).toBe(t(locale)("files.hidden"));
      if (locale !== "en") expect(say(hidden)).not.toBe(english(hidden));
    }
    expect(onePointFiveIn("de")).toBe("1,5");
    expect(fileRefusal(linkError, r.scan, t("de"), "de")).toMatch(/höchstens 1,5 MB/);
    // What is not the file's own is left to the page's general words.
    expect(fileRefusal({ status: 429, code: "RATE_LIMITED", message: "x" }, r.scan, t("en"), "en")).toBeNull();
  });

  it("tells a signer whose only signature is optional to sign before it submits, and reads the server's 422 the same way", async () => {
    const r = await sentRequest(key, { required: false });
    // Nothing marked: the page's own check.
    const before = unsignedOf(r.fields, r.fields, {});
    expect(before).toEqual({ kind: "unsigned", shown: [r.sig] });
    expect(unsignedOf(r.fields, r.fields, { [r.sig.id]: { kind: "typed", text: "Pat Page" } })).toBeNull();
    // The server refuses it too (a page of an older view would send it): 422 naming the signature.
    const res = await callSigning<unknown>(r.token, "/sign", { consent: true, values: [], locale: "en" });
    expect(res.ok).toBe(false);
    const error = (res as { error: ApiFailure }).error;
    expect(error).toMatchObject({ status: 422, code: "FIELD_VALUES_INVALID" });
    expect(unsignedRefusal(error, [], r.fields, r.fields)).toEqual(before);
    // Its signature hidden from the page: nothing to point at, the form says why.
    expect(unsignedRefusal(error, [], r.fields, [])).toEqual({ kind: "unsigned", shown: [] });
    // Another refusal is not this one.
    expect(
      unsignedRefusal(
        { code: "FIELD_VALUES_INVALID", errors: [{ field: "values.0.text" }] },
        [{ fieldId: r.passport.id }],
        r.fields,
        r.fields,
      ),
    ).toBeNull();
    expect(unsignedRefusal({ code: "FIELD_VALUES_INVALID", errors: [{ field: "values" }] }, [], r.fields, r.fields)).toEqual({
      kind: "noField",
    });
    for (const locale of locales) {
      const cases: Unsigned[] = [before!, { kind: "unsigned", shown: [] }, { kind: "noField" }];
      const words = cases.map((u) => unsignedMessage(u, t(locale)));
      expect(new Set(words).size).toBe(3);
      for (const w of words) expect(w).not.toContain(error.message);
      if (locale !== "en") expect(words[0]).not.toBe(catalogs.en.signing.form.mustSign);
    }
  });
});

const onePointFiveIn = (locale: Locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1.5);
