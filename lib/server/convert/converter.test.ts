import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fillDocx } from "@/lib/docx/template";
import { AppError } from "@/lib/server/errors";
import { FIXTURE_DATA, docxFromPackage, flat, handBuiltDocx } from "@/test/support/docx-fixtures";
import { pdftotext } from "@/test/support/pdf-fixtures";
import { OfficeConverter } from "./converter";

const converters: OfficeConverter[] = [];
const make = (opts: ConstructorParameters<typeof OfficeConverter>[0] = {}) => {
  const c = new OfficeConverter({ size: 1, ...opts });
  converters.push(c);
  return c;
};
afterAll(() => converters.forEach((c) => c.shutdown()));

/** The pid of a converter's (only) LibreOffice. */
const sofficePid = (c: OfficeConverter) => {
  const pid = c.status().slots[0]?.pid;
  if (pid == null) throw new Error("the converter has no running LibreOffice");
  return pid;
};

/** Whether a conversion of this process has its source document written (it goes to LibreOffice in the same step). */
const handedOver = () =>
  fs
    .readdirSync(os.tmpdir())
    .filter((d) => d.startsWith(`signet-office-${process.pid}-`))
    .some((d) => {
      const root = path.join(os.tmpdir(), d);
      return fs.readdirSync(root).some((j) => j.startsWith("job-") && fs.existsSync(path.join(root, j, "document.docx")));
    });

/** Waits (bounded) until the process is gone: the event a kill or a shutdown leads to, however slow the machine. */
const gone = (pid: number) =>
  vi.waitFor(
    () => {
      if (isRunning(pid)) throw new Error(`LibreOffice ${pid} is still running`);
    },
    { timeout: 20_000, interval: 50 },
  );

/** Alive and not a zombie waiting for its new parent to reap it. */
const isRunning = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("the warm converter (LibreOffice over UNO)", () => {
  const conv = make({ mode: "uno" });

  it("converts a filled DOCX to a PDF with every value and anchor as text; the next one on the same warm process", async () => {
    const docx = fillDocx(handBuiltDocx(), FIXTURE_DATA);
    const first = await conv.toPdf(docx, "docx");
    expect(Buffer.from(first.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = flat(await pdftotext(first));
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain("Acme & Sons <Ltd> – contract");
    expect(text).toContain("{{s1|signature|150|50}}");
    expect(conv.status().slots[0]).toMatchObject({ kind: "uno", alive: true });
    const { pid } = conv.status().slots[0]!;
    expect(pid).toBeGreaterThan(0);

    // Warm: the same LibreOffice process converts again (no new start-up); timing is for `npm run bench`.
    await conv.toPdf(docx, "docx");
    expect(conv.status().slots[0]).toMatchObject({ kind: "uno", alive: true, pid });
  });

  it("queues conversions beyond its size instead of failing them", async () => {
    const docx = fillDocx(await docxFromPackage(), FIXTURE_DATA);
    const pdfs = await Promise.all([1, 2, 3, 4].map(() => conv.toPdf(docx, "docx")));
    expect(pdfs.every((p) => p.length > 1000)).toBe(true);
    expect(conv.status().queued).toBe(0);
  });

  it("restarts a LibreOffice that died while idle, without failing the next conversion", async () => {
    const pid = sofficePid(conv);
    process.kill(-pid, "SIGKILL");
    // Died while idle: the converter has seen it go (its exit event) before the next conversion asks for it.
    await vi.waitFor(() => expect(conv.status().slots[0]).toMatchObject({ alive: false }), { timeout: 20_000, interval: 20 });
    const pdf = await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx");
    expect(pdf.length).toBeGreaterThan(1000);
    expect(conv.status().slots[0]?.pid).not.toBe(pid);
  });

  it("a LibreOffice that dies during a conversion gives 503 and is replaced", async () => {
    const big = fillDocx(await docxFromPackage(150), FIXTURE_DATA); // about a second of LibreOffice's time
    await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx"); // running and warm
    const pid = sofficePid(conv);
    const pending = conv.toPdf(big, "docx");
    // Killed once the document has been handed to it (the job's source file is written just before), not
    // after a guessed pause.
    await vi.waitFor(
      () => {
        if (!handedOver()) throw new Error("the conversion has not started yet");
      },
      { timeout: 20_000, interval: 10 },
    );
    process.kill(-pid, "SIGKILL");
    const e = await appError(pending);
    expect(e.status).toBe(503);
    expect(e.message).toMatch(/LibreOffice stopped during the conversion/);
    const pdf = await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx");
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it("bounds a conversion in time: its LibreOffice killed and replaced, 422, and the next one works", async () => {
    const big = fillDocx(await docxFromPackage(60), FIXTURE_DATA);
    await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx"); // running and warm
    const pid = sofficePid(conv);
    const e = await appError(conv.toPdf(big, "docx", { timeoutMs: 30 }));
    expect(e.status).toBe(422);
    expect(e.details).toEqual({ reason: "CONVERSION_TIMEOUT" });
    expect(e.message).toMatch(/took longer than .* too large or too complex/);
    await gone(pid);
    const pdf = await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx");
    expect(pdf.length).toBeGreaterThan(1000);
    expect(conv.status().slots[0]?.pid).not.toBe(pid);
  });

  it("defaults to a 30 s limit per conversion", () => {
    expect(make().options.timeoutMs).toBe(
      process.env.SIGNET_CONVERT_TIMEOUT_MS ? Number(process.env.SIGNET_CONVERT_TIMEOUT_MS) : 30_000,
    );
  });

  it("a document LibreOffice cannot read is a 422, and the converter carries on", async () => {
    const e = await appError(conv.toPdf(new TextEncoder().encode("PK\u0003\u0004 this is not a zip at all"), "docx"));
    expect(e.status).toBe(422);
    expect((await conv.toPdf(fillDocx(handBuiltDocx(), FIXTURE_DATA), "docx")).length).toBeGreaterThan(1000);
  });

  it("stops its LibreOffice on shutdown", async () => {
    const c = make({ mode: "uno" });
    await c.warmUp();
    const pid = sofficePid(c);
    expect(isRunning(pid)).toBe(true);
    c.shutdown();
    await gone(pid);
    expect((await appError(c.toPdf(handBuiltDocx(), "docx"))).status).toBe(503);
  });
});

describe("without a usable LibreOffice", () => {
  it("a missing soffice gives 503 with a message that says what to install", async () => {
    const c = make({ soffice: "/nonexistent/soffice" });
    const e = await appError(c.toPdf(handBuiltDocx(), "docx"));
    expect(e.status).toBe(503);
    expect(e.message).toContain("LibreOffice was not found at /nonexistent/soffice");
  });

  it("a soffice that does not start gives 503", async () => {
    const c = make({ soffice: "/bin/false", startTimeoutMs: 3000 });
    const e = await appError(c.toPdf(handBuiltDocx(), "docx"));
    expect(e.status).toBe(503);
    expect(e.message).toMatch(/Document conversion is unavailable/);
  });
});

describe("the fallback without python3-uno (soffice --convert-to with a ready profile)", () => {
  it("converts, and queues parallel conversions", async () => {
    const c = make({ mode: "cli" });
    const docx = fillDocx(handBuiltDocx(), FIXTURE_DATA);
    const [a, b] = await Promise.all([c.toPdf(docx, "docx"), c.toPdf(docx, "docx")]);
    expect(flat(await pdftotext(a))).toContain("EUR 12,500.00");
    expect(b.length).toBeGreaterThan(1000);
    expect(c.status().slots[0]?.kind).toBe("cli");
  });
});
