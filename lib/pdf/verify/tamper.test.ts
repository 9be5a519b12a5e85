// What a tamperer can append to a sealed PDF. Each update is written here byte by
// byte (as an attacker would, not through a library that tidies it), and verify must name it; Signet's
// own B-LT and B-LTA updates stay VALID. The fuzz test then appends random updates and checks the one
// property that matters: verify never says VALID for a file whose page 1 renders differently
// (pdftoppm, pixel by pixel).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { firstOf } from "../../../test/support/expect-helpers";
import {
  append,
  catalogWith,
  describeBase,
  fillTimestamp,
  pageWith,
  RED,
  stream,
  timestampObjects,
  type Base,
  type RawObject,
  type TimestampTweak,
} from "../../../test/support/pdf-updates";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import { makeTsa, timestampToken, type Tsa } from "../../../test/support/test-tsa";
import { addValidationData, fillDocumentTimestamp, prepareDocumentTimestamp, sealDocument } from "../seal";
import { loadIdentity } from "../seal/cades-signer";
import { verifyPdf } from "./index";

const run = promisify(execFile);

async function render(pdf: Uint8Array): Promise<Buffer | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tamper-"));
  try {
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    await run("pdftoppm", ["-r", "20", "-gray", "-f", "1", "-l", "1", path.join(dir, "in.pdf"), path.join(dir, "out")], {
      timeout: 20_000,
    }).catch(() => undefined);
    const file = fs.readdirSync(dir).find((f) => f.startsWith("out"));
    return file ? fs.readFileSync(path.join(dir, file)) : null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("verify: updates appended to a sealed PDF", () => {
  let sealed: Base;
  let ours: { sealingP12: { p12: Uint8Array; password: string } };
  let tsa: Tsa;

  beforeAll(async () => {
    const id = testP12();
    ours = { sealingP12: { p12: id.p12, password: id.password } };
    const { sealed: bytes } = await sealDocument(await simplePdf([{ text: "I do NOT accept" }, { text: "Page two" }]), {
      fields: [],
      certificate: {
        requestId: "sr_tamper",
        title: "Tamper test",
        environment: "PRODUCTION",
        recipients: [{ name: "Ann", email: "ann@example.com", role: "SIGNER", order: 1 }],
      },
      ...id,
    });
    sealed = await describeBase(bytes);
    tsa = await makeTsa();
  });

  const altered = async (pdf: Uint8Array, why: RegExp) => {
    const v = await verifyPdf(pdf, ours);
    expect({ verdict: v.verdict, digest: firstOf(v.signatures).digestMatches }).toEqual({ verdict: "ALTERED", digest: true });
    expect(v.modifications.join(" | ")).toMatch(why);
    return v;
  };

  it("the audit's two tricks: a repainted page whose new stream says /Type /Metadata, or that the trailer's /Info names", async () => {
    const metadata = append(sealed, [{ num: sealed.contents, body: stream("/Type /Metadata /Subtype /XML", RED) }]);
    await altered(metadata, /page 1's content stream \(object \d+\)/);
    const info = append(sealed, [{ num: sealed.contents, body: stream("", RED) }], { trailer: ` /Info ${sealed.contents} 0 R` });
    await altered(info, /page 1's content stream/);
    // And what the audit saw: the page really is red now.
    expect((await render(metadata))!.equals((await render(sealed.bytes))!)).toBe(false);
  });

  it("every change kind a tamperer has is named", async () => {
    const s = sealed;
    const cases: [string, Uint8Array, RegExp][] = [
      ["content stream", append(s, [{ num: s.contents, body: stream("", RED) }]), /content stream/],
      ["/Type /DSS on the content", append(s, [{ num: s.contents, body: stream("/Type /DSS", RED) }]), /content stream/],
      [
        "page dictionary",
        append(s, [{ num: s.page1, body: pageWith(s, "MediaBox", "[0 0 200 200]") }]),
        /Page 1 \(object \d+\): its \/MediaBox changed/,
      ],
      [
        "a new annotation",
        append(s, [
          { num: s.size, body: "<< /Type /Annot /Subtype /Square /Rect [0 0 600 800] /IC [1 0 0] /C [1 0 0] >>" },
          { num: s.page1, body: pageWith(s, "Annots", `[${s.size} 0 R]`) },
        ]),
        /Annotations were added/,
      ],
      [
        "an annotation that calls itself /DSS",
        append(s, [
          { num: s.size, body: "<< /Type /DSS /Subtype /Square /Rect [0 0 600 800] /IC [1 0 0] >>" },
          { num: s.page1, body: pageWith(s, "Annots", `[${s.size} 0 R]`) },
        ]),
        /Annotations were added/,
      ],
      [
        "an AcroForm with a text field",
        append(s, [
          { num: s.size, body: `<< /FT /Tx /T (x) /V (PAID) /Rect [0 0 300 100] /Subtype /Widget /P ${s.page1} 0 R >>` },
          { num: s.size + 1, body: `<< /Fields [${s.size} 0 R] /NeedAppearances true >>` },
          { num: s.root, body: catalogWith(s, `/AcroForm ${s.size + 1} 0 R`) },
        ]),
        /form/i,
      ],
      [
        "an OpenAction",
        append(s, [{ num: s.root, body: catalogWith(s, "/OpenAction << /S /JavaScript /JS (app.alert(1)) >>") }]),
        /catalog's \/OpenAction changed/,
      ],
      [
        "a new page",
        append(s, [
          { num: s.size, body: stream("", RED) },
          { num: s.size + 1, body: `<< /Type /Page /Parent ${s.pages} 0 R /MediaBox [0 0 612 792] /Contents ${s.size} 0 R >>` },
          { num: s.pages, body: `<< /Type /Pages /Kids [${s.size + 1} 0 R ${s.page1} 0 R] /Count 3 >>` },
        ]),
        /page tree changed|page was added/,
      ],
      [
        "a page dictionary inside an object stream, with a cross-reference stream",
        append(
          s,
          [
            { num: s.size, body: stream("/Type /Metadata", RED) },
            { num: s.page1, body: pageWith(s, "Contents", `${s.size} 0 R`), compressed: true },
          ],
          { xrefStream: true },
        ),
        /Page 1 \(object \d+\): its \/Contents changed/,
      ],
      [
        "the /Metadata trick with a cross-reference stream",
        append(s, [{ num: s.contents, body: stream("/Type /Metadata", RED) }], { xrefStream: true }),
        /content stream/,
      ],
      [
        "an /Info that points at other objects",
        append(s, [{ num: s.size, body: `<< /Title (x) /Page ${s.page1} 0 R >>` }], { trailer: ` /Info ${s.size} 0 R` }),
        /\/Info\) written after the seal is not plain text/,
      ],
      [
        "a /DSS with something else in it",
        append(s, [
          { num: s.size, body: `<< /Type /DSS /Certs [] /Pages ${s.pages} 0 R >>` },
          { num: s.root, body: catalogWith(s, `/DSS ${s.size} 0 R`) },
        ]),
        /\/DSS added after the seal is not validation data: it has a \/Pages entry/,
      ],
      [
        "an xref entry that names another object's offset",
        (() => {
          const b = append(s, [{ num: s.size, body: "<< /Producer (x) >>" }], { trailer: ` /Info ${s.size} 0 R` });
          // Rename the object in place: the cross-reference still says s.size is there.
          const t = Buffer.from(b)
            .toString("latin1")
            .replace(
              `\n${s.size} 0 obj\n<< /Producer`,
              `\n${String(s.contents).padStart(String(s.size).length, " ")} 0 obj\n<< /Producer`,
            );
          return new Uint8Array(Buffer.from(t, "latin1"));
        })(),
        /names object \d+ at an offset where it is not/,
      ],
    ];
    for (const [what, pdf, why] of cases) {
      const v = await verifyPdf(pdf, ours);
      expect({ what, verdict: v.verdict }).toEqual({ what, verdict: "ALTERED" });
      expect({ what, modifications: v.modifications.join(" | ") }).toEqual({ what, modifications: expect.stringMatching(why) });
    }
  });

  it("allowed after the seal: validation data, a document time-stamp, plain document information, XMP metadata", async () => {
    const id = testP12();
    const blt = await addValidationData(sealed.bytes, {
      certificates: [loadIdentity(id.p12, id.password).chain[0]!, new Uint8Array(tsa.cert.toSchema().toBER(false))],
      ocsps: [],
      crls: [],
    });
    const prepared = await prepareDocumentTimestamp(blt, 8192);
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(
      Buffer.from(prepared.pdf).toString("latin1").slice(blt.length),
    )!;
    const [a, b, c] = [Number(m[2]), Number(m[3]), Number(m[4])];
    const covered = Buffer.concat([prepared.pdf.subarray(0, a), prepared.pdf.subarray(b, b + c)]);
    const blta = fillDocumentTimestamp(prepared.pdf, await timestampToken(tsa, covered, new Date()));
    const info = append(sealed, [{ num: sealed.size, body: "<< /Producer (Another tool) /ModDate (D:20261125000000Z) >>" }], {
      trailer: ` /Info ${sealed.size} 0 R`,
    });
    const xmp = append(sealed, [
      { num: sealed.size, body: stream("/Type /Metadata /Subtype /XML", "<x:xmpmeta xmlns:x='adobe:ns:meta/'/>") },
      { num: sealed.root, body: catalogWith(sealed, `/Metadata ${sealed.size} 0 R`) },
    ]);
    for (const [what, pdf] of [
      ["B-LT", blt],
      ["B-LTA", blta],
      ["/Info", info],
      ["XMP", xmp],
    ] as const) {
      const v = await verifyPdf(pdf, ours);
      expect({ what, verdict: v.verdict, modifications: v.modifications }).toEqual({ what, verdict: "VALID", modifications: [] });
    }
  });

  it("fuzz: random updates never get VALID when page 1 renders differently", async () => {
    const original = (await render(sealed.bytes))!;
    expect(original.length).toBeGreaterThan(100);
    const s = sealed;
    const marker = fc.constantFrom(
      "",
      "/Type /Metadata",
      "/Type /DSS",
      "/Type /VRI",
      "/Type /XRef",
      "/Subtype /XML",
      "/Type /Annot",
    );
    const colour = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }));
    const box = fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 600 }));
    const drawing = fc.tuple(colour, box).map(([[r, g, b], [x, y, w]]) => `0.${r} 0.${g} 0.${b} rg ${x} ${y} ${w} ${w} re f`);
    // Each step returns the objects it writes and what it adds to the trailer; `n` is a fresh object number.
    type Step = (n: number) => { objects: RawObject[]; trailer?: string };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.tuple(marker, drawing, fc.boolean()).map(([m, d, info]): Step => () => ({
        objects: [{ num: s.contents, body: stream(m, d) }],
        trailer: info ? ` /Info ${s.contents} 0 R` : undefined,
      })),
      fc.tuple(marker, drawing).map(([m, d]): Step => (n) => ({
        objects: [
          { num: n, body: stream(m, d) },
          { num: s.page1, body: pageWith(s, "Contents", `[${s.contents} 0 R ${n} 0 R]`), compressed: true },
        ],
      })),
      fc.tuple(marker, box).map(([m, [x, y, w]]): Step => (n) => ({
        objects: [
          { num: n, body: `<< ${m} /Subtype /Square /Rect [${x} ${y} ${x + w} ${y + w}] /IC [1 0 0] /C [1 0 0] >>` },
          { num: s.page1, body: pageWith(s, "Annots", `[${n} 0 R]`) },
        ],
      })),
      fc.constantFrom<Step>(
        (n) => ({ objects: [{ num: n, body: "<< /Producer (x) >>" }], trailer: ` /Info ${n} 0 R` }),
        (n) => ({ objects: [{ num: n, body: stream("", RED) }] }),
        (n) => ({
          objects: [
            { num: n, body: `<< /Type /DSS /Certs [${n + 1} 0 R] >>` },
            { num: n + 1, body: stream("", "0 0 0 rg 0 0 600 800 re f") },
            { num: s.root, body: catalogWith(s, `/DSS ${n} 0 R`) },
          ],
        }),
        (n) => ({
          objects: [
            { num: n, body: `<< /Type /Metadata /Resources << >> >>` },
            { num: s.page1, body: pageWith(s, "MediaBox", "[0 0 300 300]") },
          ],
        }),
      ),
    );
    let valid = 0;
    let changed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 3 }), fc.boolean(), async (steps, xrefStream) => {
        const objects = new Map<number, RawObject>();
        let trailer = "";
        steps.forEach((make, i) => {
          const made = make(s.size + 10 * i);
          for (const o of made.objects) objects.set(o.num, o);
          if (made.trailer && !trailer) trailer = made.trailer;
        });
        const pdf = append(s, [...objects.values()], { xrefStream, trailer });
        const v = await verifyPdf(pdf, ours);
        const pixels = await render(pdf);
        const same = !!pixels && pixels.equals(original);
        if (v.verdict === "VALID") valid++;
        if (!same) changed++;
        if (v.verdict === "VALID") expect({ steps: steps.length, same }).toEqual({ steps: steps.length, same: true });
      }),
      { numRuns: 40, seed: 21 },
    );
    // The generator did make both kinds (so the property was tested, not vacuous).
    expect(changed).toBeGreaterThan(10);
    expect(valid).toBeGreaterThan(0);
  }, 120_000);

  it("fuzz: an update after the seal with a malformed token or an action is never VALID", async () => {
    const s = sealed;
    const n = s.size;
    const sign = (covered: Uint8Array) => timestampToken(tsa, covered, new Date());
    const digits = fc.integer({ min: 0, max: 999 }).map(String);
    // Tokens two readers split or read differently: a sign inside a number, two points, a number glued to a keyword.
    const token = fc.oneof(
      fc.tuple(digits, digits).map(([a, b]) => `${a}.-${b}`),
      fc.tuple(digits, digits).map(([a, b]) => `${a}-${b}`),
      digits.map((a) => `--${a}`),
      digits.map((a) => `+-${a}`),
      fc.tuple(digits, digits, digits).map(([a, b, c]) => `${a}.${b}.${c}`),
      fc.tuple(digits, fc.constantFrom("true", "null", "R", "obj", "e3", "E-2", "_0", "x")).map(([a, k]) => `${a}${k}`),
      fc.constantFrom("0x10", "1e5", "Infinity", "NaN", "4294967296"),
    );
    // A name written plainly or with one of its letters as a #xx escape (readers decode both).
    const spelled = (word: string) =>
      fc
        .integer({ min: -1, max: word.length - 1 })
        .map((i) => (i < 0 ? word : `${word.slice(0, i)}#${word.charCodeAt(i).toString(16)}${word.slice(i + 1)}`));
    const actionType = fc
      .constantFrom(
        "JavaScript",
        "Launch",
        "URI",
        "GoToR",
        "GoToE",
        "SubmitForm",
        "ImportData",
        "ResetForm",
        "Named",
        "Rendition",
      )
      .chain(spelled);
    const trigger = fc.constantFrom("O", "C", "PO", "PC", "PV", "PI", "K", "F", "V", "Fo", "Bl", "D", "U", "E", "X");
    const action = fc.oneof(
      fc.tuple(spelled("A"), actionType).map(([k, t]) => ` /${k} << /S /${t} /JS (app.alert\\(1\\)) >>`),
      fc
        .tuple(spelled("AA"), trigger, actionType)
        .map(([k, tr, t]) => ` /${k} << /${tr} << /S /${t} /URI (https://x.example) >> >>`),
      spelled("OpenAction").map((k) => ` /${k} << /S /JavaScript /JS (this.print\\(\\)) >>`),
      spelled("JavaScript").map((k) => ` /Names << /${k} << /Names [(a) << /S /JavaScript /JS (x) >>] >> >>`),
    );
    // Where the defect goes: each host is an update verify accepts without it.
    type Host = (defect: { token?: string; entry?: string }, compressed: boolean) => Promise<Uint8Array>;
    const info: Host = async ({ token, entry }, compressed) =>
      append(s, [{ num: n, body: `<< /Producer (x) /Count ${token ?? 1}${entry ?? ""} >>`, compressed }], {
        trailer: ` /Info ${n} 0 R`,
        xrefStream: compressed,
      });
    const ts =
      (tweak: (d: { token?: string; entry?: string }) => TimestampTweak): Host =>
      async (d, compressed) =>
        fillTimestamp(append(s, timestampObjects(s, { ...tweak(d), compressed }), { xrefStream: compressed }), sign);
    const hosts: [string, Host][] = [
      ["document information", info],
      [
        "time-stamp widget",
        ts(({ token, entry }) => ({
          widget: (w) => w.replace("[0.0 0.0 0.0 0.0]", `[0 0 ${token ?? 0} 0]`).replace(/>>$/, `${entry ?? ""} >>`),
        })),
      ],
      [
        "time-stamp value",
        ts(({ token, entry }) => ({
          value: (v) => v.replace(/>>$/, `/M (D:2026)${token ? ` /V ${token}` : ""}${entry ?? ""} >>`),
        })),
      ],
      [
        "form",
        ts(({ token, entry }) => ({
          form: (f) =>
            f
              .replace(/>>\s*$/, `${token ? ` /SigFlags ${token}` : ""}${entry ?? ""} >>`)
              .replace(/\/SigFlags 3 (?=.*\/SigFlags)/, ""),
        })),
      ],
      [
        "catalog, form written in it",
        ts(({ token, entry }) => ({
          directForm: true,
          form: (f) => f.replace(/>>\s*$/, `${entry ?? ""} >>`),
          more: token ? [{ num: n + 9, body: `<< /Producer (x) /Count ${token} >>` }] : [],
        })),
      ],
      [
        "appearance stream",
        ts(({ token, entry }) => ({
          appearance: stream(`/Type /XObject /Subtype /Form /BBox [0 0 0 ${token ?? 0}]${entry ?? ""}`, ""),
        })),
      ],
    ];
    // Not vacuous: each host without a defect is VALID.
    for (const [what, host] of hosts) {
      const v = await verifyPdf(await host({}, false), ours);
      expect({ what, verdict: v.verdict, modifications: v.modifications }).toEqual({ what, verdict: "VALID", modifications: [] });
    }
    const defect = fc.oneof(
      token.map((t) => ({ token: t })),
      action.map((e) => ({ entry: e })),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: hosts.length - 1 }), defect, fc.boolean(), async (h, d, compressed) => {
        const [what, host] = hosts[h]!;
        const v = await verifyPdf(await host(d, compressed), ours);
        expect({ what, d, compressed, verdict: v.verdict }).toEqual({ what, d, compressed, verdict: "ALTERED" });
      }),
      { numRuns: 60, seed: 41 },
    );
  }, 180_000);
});
