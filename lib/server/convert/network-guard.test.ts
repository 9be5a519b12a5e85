import { log } from "../log";
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppError } from "@/lib/server/errors";
import { EXFILTRATED_TEXT, externalRefsDocx, externalRefsServer, flat } from "@/test/support/docx-fixtures";
import { pdftotext } from "@/test/support/pdf-fixtures";
import { OfficeConverter } from "./converter";

/**
 * LibreOffice kept off the network, proved with a DOCX full of external references (a linked
 * picture, INCLUDEPICTURE, INCLUDETEXT, LINK, an OLE link…) that is NOT stripped first: only the
 * converter's own guards stand between it and the local HTTP server the references point at.
 */

const run = promisify(execFile);
const converters: OfficeConverter[] = [];
const make = (opts: ConstructorParameters<typeof OfficeConverter>[0] = {}) => {
  const c = new OfficeConverter({ size: 1, ...opts });
  converters.push(c);
  return c;
};

let server: Awaited<ReturnType<typeof externalRefsServer>>;
let docx: Uint8Array;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-network-guard-"));
beforeAll(async () => {
  server = await externalRefsServer();
  docx = externalRefsDocx(server.baseUrl);
});
afterAll(async () => {
  converters.forEach((c) => c.shutdown());
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Whether this machine lets the server's user make a network namespace (as the converter tries). */
const canIsolate =
  spawnSync("unshare", ["--net", "true"]).status === 0 ||
  spawnSync("unshare", ["--map-current-user", "--net", "true"]).status === 0;
const ownNetNs = fs.readlinkSync("/proc/self/ns/net");

async function expectConvertedWithoutRequests(c: OfficeConverter) {
  server.requests.length = 0;
  const pdf = await c.toPdf(docx, "docx");
  const text = flat(await pdftotext(pdf));
  expect(text).toContain("Linked references for {{customer.name}}");
  expect(text).toContain("Customer signature: {{s1|signature|150|50}}");
  expect(text).not.toContain(EXFILTRATED_TEXT);
  // A request LibreOffice sent while converting (it loads pictures asynchronously) is in by the time one of
  // ours sent afterwards has been answered.
  await server.settled();
  expect(server.requests).toEqual([]);
}

it("(the premise) LibreOffice as installed fetches the linked picture when nothing stops it", async () => {
  server.requests.length = 0;
  const src = path.join(work, "premise.docx");
  fs.writeFileSync(src, docx);
  await run(
    "soffice",
    [
      `-env:UserInstallation=file://${path.join(work, "bare-profile")}`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      work,
      src,
    ],
    { timeout: 120_000 },
  );
  expect(fs.existsSync(path.join(work, "premise.pdf"))).toBe(true);
  expect(server.requests).toContain("GET /linked.png");
});

describe.skipIf(!canIsolate)("in a network namespace of its own", () => {
  it("the warm converter's LibreOffice has its own network namespace and sends no request", async () => {
    const c = make({ mode: "uno" });
    await c.warmUp();
    expect(c.status()).toMatchObject({ network: "netns", slots: [{ kind: "uno", alive: true }] });
    const pid = c.status().slots[0]?.pid;
    expect(pid).toBeTypeOf("number");
    expect(fs.readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(ownNetNs);
    await expectConvertedWithoutRequests(c);
  });

  it("the soffice --convert-to fallback runs each LibreOffice there too, and sends no request", async () => {
    const c = make({ mode: "cli" });
    await expectConvertedWithoutRequests(c);
    expect(c.status()).toMatchObject({ network: "netns", slots: [{ kind: "cli" }] });

    // What namespace does each soffice the fallback starts find itself in? A stand-in tells.
    const seen = path.join(work, "cli-netns.txt");
    const fake = path.join(work, "fake-soffice.sh");
    fs.writeFileSync(fake, `#!/bin/sh\nreadlink /proc/self/ns/net >> '${seen}'\n`, { mode: 0o755 });
    const probe = make({ mode: "cli", soffice: fake });
    const e = await probe.toPdf(docx, "docx").catch((x: unknown) => x);
    expect((e as AppError).status).toBe(422); // the stand-in converts nothing
    const namespaces = fs.readFileSync(seen, "utf8").trim().split("\n");
    expect(namespaces).toHaveLength(2); // the profile's initialisation, then the conversion
    for (const ns of namespaces) expect(ns).not.toBe(ownNetNs);
  });
});

describe("without a network namespace (unshare unavailable)", () => {
  it("says so in the log, and its profile and proxy settings still keep LibreOffice from fetching", async () => {
    const warn = vi.spyOn(log(), "warn").mockImplementation(() => {});
    try {
      const c = make({ mode: "uno", unshare: null });
      await c.warmUp();
      expect(c.status().network).toBe("none");
      expect(fs.readlinkSync(`/proc/${c.status().slots[0]?.pid}/ns/net`)).toBe(ownNetNs);
      expect(warn.mock.calls.flat().join("\n")).toMatch(/WITHOUT a network namespace/);
      await expectConvertedWithoutRequests(c);
    } finally {
      warn.mockRestore();
    }
  });
});
