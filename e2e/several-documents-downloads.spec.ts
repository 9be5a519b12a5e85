import crypto from "node:crypto";
import fs from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { E2E_KEY } from "./playwright.config";
import { mailed, makePdf, screenshot, signingToken, SR } from "./support";

// A three-document request as its signer gets it once completed: the link's page offers each sealed PDF and
// the file the signer attached (kept under the seal), each saved under its name as written; the completed
// mail carries the three PDFs in the plural, each attachment named exactly; a decline that reached nobody
// else says only the sender was told.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const sha = (b: Buffer | Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
const NAMES = ["Contrat signé – annexe.pdf", "Annexe B – été.pdf", "Conditions générales.pdf"];
const SEALED = ["Contrat signé – annexe (signed).pdf", "Annexe B – été (signed).pdf", "Conditions générales (signed).pdf"];
const FILE_NAME = "Pièce d’identité – été.png";

function pngOf(w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([i % 256, (i * 5) % 256, 120, 255], i * 4);
  return PNG.sync.write(png);
}

/** An RFC 2231 parameter of a MIME header (`p*=UTF-8''…` or `p*0*=…` continuations), decoded. */
function mimeParam(header: string, param: string): string | undefined {
  const pieces = [...header.matchAll(new RegExp(`${param}\\*(\\d+)?\\*?=([^;\\s]+)`, "gi"))]
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((m) => m[2]!)
    .join("");
  return pieces ? decodeURIComponent(pieces.replace(/^UTF-8''/i, "")) : undefined;
}

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a completed three-document request: the signer downloads every sealed PDF and their attachment; the mail names each as written", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Dossier signé – Müller ${run}`;
  const email = `anne.dl.${run}@example.com`;
  const form = new FormData();
  form.set("title", title);
  for (const [i, name] of NAMES.entries())
    form.append(
      "file",
      new Blob([new Uint8Array(await makePdf(i === 1 ? 2 : 1, () => [`Document ${i + 1}`]))], { type: "application/pdf" }),
      name,
    );
  const made = await request.post(SR, { headers, multipart: form });
  expect(made.status()).toBe(201);
  const req = (await made.json()).data as { id: string; documents: { id: string; name: string }[] };
  expect(req.documents.map((d) => d.name)).toEqual(NAMES);
  const signer = (
    await (await request.post(`${SR}/${req.id}/recipients`, { headers, data: { email, name: "Anne Download" } })).json()
  ).data.id as string;
  const fields = [
    ...req.documents.map((d) => ({
      type: "SIGNATURE",
      recipientId: signer,
      documentId: d.id,
      page: 1,
      x: 72,
      y: 300,
      width: 150,
      height: 40,
    })),
    {
      type: "FILE",
      recipientId: signer,
      documentId: req.documents[1]!.id,
      page: 2,
      x: 72,
      y: 200,
      width: 200,
      height: 24,
      label: "ID",
    },
  ];
  expect((await request.post(`${SR}/${req.id}/fields`, { headers, data: { fields } })).status()).toBe(201);
  expect((await request.post(`${SR}/${req.id}/send`, { headers })).status()).toBe(200);
  const token = await signingToken(email);

  // Signed through the signer's API (the page's signing is covered elsewhere): the file, then every field.
  const view = (await (await request.get(`/api/sign/${token}`)).json()).data;
  const fileField = (view.fields as { id: string; type: string }[]).find((f) => f.type === "FILE")!;
  const up = await request.post(`/api/sign/${token}/files`, {
    multipart: { fieldId: fileField.id, file: { name: FILE_NAME, mimeType: "image/png", buffer: pngOf(40, 30) } },
  });
  expect(up.status()).toBe(201);
  const kept = (await up.json()).data as { id: string; sha256: string };
  const values = (view.fields as { id: string; type: string }[]).map((f) =>
    f.type === "FILE" ? { fieldId: f.id, files: [kept.id] } : { fieldId: f.id, typed: "Anne Download" },
  );
  expect((await request.post(`/api/sign/${token}/sign`, { data: { consent: true, values } })).status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`${SR}/${req.id}`, { headers })).json()).data.status, { timeout: 90_000 })
    .toBe("COMPLETED");
  const done = (await (await request.get(`${SR}/${req.id}`, { headers })).json()).data as { documents: { sha256: string }[] };

  for (const [width, height, name] of [
    [1280, 900, "signer-completed-several-documents"],
    [390, 844, "signer-completed-several-documents-phone"],
  ] as const) {
    const ctx = await browser.newContext({
      viewport: { width, height },
      storageState: { cookies: [], origins: [] },
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    await page.goto(`/sign/${token}`);
    await expect(page.getByRole("heading", { name: "This document is complete" })).toBeVisible();
    await expect(page.getByText("The 3 signed PDFs, one for each document")).toBeVisible();
    await expect(page.getByText("This link shows the signed PDFs until")).toBeVisible();
    const links = page.getByRole("link", { name: /^Download the signed PDF · Document \d of 3 · / });
    await expect(links).toHaveText(NAMES.map((n, i) => `Download the signed PDF · Document ${i + 1} of 3 · ${n}`));
    const files = page.getByRole("region", { name: "Files attached by signers" });
    await expect(files.getByRole("link", { name: new RegExp(`^Download ${FILE_NAME}`) })).toBeVisible();
    await expect(files).toContainText("attached by you");
    await axeClean(page);
    await screenshot(page, name);
    if (width === 1280) {
      // Each sealed PDF saves under its own name, as written, and is the record's sealed file.
      for (let i = 0; i < 3; i++) {
        const [download] = await Promise.all([page.waitForEvent("download"), links.nth(i).click()]);
        expect(download.suggestedFilename()).toBe(SEALED[i]);
        expect(sha(fs.readFileSync((await download.path())!))).toBe(done.documents[i]!.sha256);
      }
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        files.getByRole("link", { name: new RegExp(`^Download ${FILE_NAME}`) }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(FILE_NAME);
      expect(sha(fs.readFileSync((await file.path())!))).toBe(kept.sha256);
    }
    await ctx.close();
  }

  // The completed mail: the plural, and each attachment named exactly as written (RFC 2231).
  const raw = await mailed(
    email,
    // The subject holds an accent, so it is an encoded word: "Completed:" is "Completed=3A" there.
    (m) => (/application\/pdf/.test(m) && /Completed(:|=3A)/.test(m) ? m : undefined),
    "the completed mail",
  );
  expect(raw).toContain("The 3 sealed PDFs, one for each document, are attached.");
  const parts = raw
    .replace(/\r\n/g, "\n")
    .split(/\n--[^\n]+\n/)
    .map((p) => p.slice(0, p.indexOf("\n\n")).replace(/\n[ \t]+/g, " "))
    .filter((h) => /^Content-Disposition: attachment/im.test(h));
  expect(parts.map((h) => mimeParam(/^Content-Disposition: (.*)$/im.exec(h)![1]!, "filename"))).toEqual(SEALED);
  expect(parts.map((h) => mimeParam(/^Content-Type: (.*)$/im.exec(h)![1]!, "name"))).toEqual(SEALED);
});

test("a decline that reached nobody else says only the sender was told", async ({ browser, request }) => {
  const email = `dora.dl.${run}@example.com`;
  const form = new FormData();
  form.set("title", `Declined alone ${run}`);
  form.append("file", new Blob([new Uint8Array(await makePdf(1))], { type: "application/pdf" }), "alone.pdf");
  const req = (await (await request.post(SR, { headers, multipart: form })).json()).data as { id: string };
  const r = (await (await request.post(`${SR}/${req.id}/recipients`, { headers, data: { email, name: "Dora Alone" } })).json())
    .data.id;
  await request.post(`${SR}/${req.id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: r, page: 1, x: 72, y: 300, width: 150, height: 40 },
  });
  expect((await request.post(`${SR}/${req.id}/send`, { headers })).status()).toBe(200);
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await ctx.newPage();
  await page.goto(`/sign/${await signingToken(email)}`);
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await expect(dialog).toContainText("The sender is told, with your reason.");
  await expect(dialog).not.toContainText("other recipients");
  await dialog.getByLabel("Reason for declining").fill("Wrong amount");
  await dialog.getByRole("button", { name: "Decline to sign" }).click();
  await expect(page.getByRole("heading", { name: "You declined to sign" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("The sender has been told. Nothing more is needed from you.");
  // Opened again: the same words, from the server.
  await page.reload();
  await expect(page.getByText("The sender has been told. Nothing more is needed from you.")).toBeVisible();
  await ctx.close();
});
