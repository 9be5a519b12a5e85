import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { E2E_KEY } from "./playwright.config";
import { screenshot, sealedPdfText, signingToken, SR } from "./support";
import { twoDefinitionPdf } from "../test/support/pdf-tricks";

// A PDF written so that its cross-reference says "The price is 100 EUR." while an unlisted second
// definition of the same object says "1,000,000 EUR" (what a reader that scans the file takes). The
// signer is shown one text, and the sealed PDF must say the same: page text, page image and pdftotext.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };

/** Grey levels (0–255) of an image, row by row. */
function grey(bytes: Buffer, type: string): { width: number; height: number; at: (x: number, y: number) => number } {
  const img = type.includes("png") ? PNG.sync.read(bytes) : jpeg.decode(bytes, { useTArray: true });
  const d = img.data;
  return {
    width: img.width,
    height: img.height,
    at: (x, y) => {
      const i = (y * img.width + x) * 4;
      return (d[i]! + d[i + 1]! + d[i + 2]!) / 3;
    },
  };
}

/** Page 1 of `pdf` drawn by poppler at `width` × `height`, in grey. */
function popplerGrey(pdf: Buffer, width: number, height: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "one-reading-e2e-"));
  try {
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    const args = ["-f", "1", "-l", "1", "-scale-to-x", String(width), "-scale-to-y", String(height), "-png", "-singlefile"];
    execFileSync("pdftoppm", [...args, path.join(dir, "in.pdf"), path.join(dir, "p")]);
    return grey(fs.readFileSync(path.join(dir, "p.png")), "png");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean difference of two images over the band of rows [from, to) (fractions of the height). */
function bandDifference(a: ReturnType<typeof grey>, b: ReturnType<typeof grey>, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(a.height * from); y < Math.floor(a.height * to); y++)
    for (let x = 0; x < a.width; x++, n++) sum += Math.abs(a.at(x, y) - b.at(x, y));
  return sum / n;
}

test("what the signer is shown is what the sealed PDF says", async ({ page, request }) => {
  const email = `one-reading-${Date.now().toString(36)}@example.com`;
  const upload = twoDefinitionPdf();
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: "Price agreement",
      delivery_mode: "email",
      file: { name: "price.pdf", mimeType: "application/pdf", buffer: Buffer.from(upload) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const rec = await request.post(`${SR}/${id}/recipients`, {
    headers,
    data: { email, name: "Pat Price", role: "SIGNER", order: 1 },
  });
  expect(rec.status()).toBe(201);
  const recipientId = (await rec.json()).data.id as string;
  const field = { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 600, width: 200, height: 50, name: "Pat's signature" };
  expect((await request.post(`${SR}/${id}/fields`, { headers, data: field })).status()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const imageUrls: string[] = [];
  page.on("request", (r) => {
    if (/\/pages\/1\?w=/.test(r.url())) imageUrls.push(r.url());
  });
  await page.goto(`/sign/${await signingToken(email)}`);
  const page1 = page.getByRole("region", { name: "Page 1 of 1" });
  await expect(page1.locator("img").first()).toBeVisible({ timeout: 30_000 });
  // The page's text, laid over its image for reading aloud and finding.
  await expect(page1).toContainText("The price is 100 EUR.");
  await expect(page1).not.toContainText("1,000,000");
  await expect(page1).toHaveAttribute("data-rendered", "true");
  await screenshot(page, "one-reading-signer");
  const shownUrl = imageUrls.at(-1)!;
  const shown = await request.get(shownUrl);
  const shownImage = grey(await shown.body(), shown.headers()["content-type"] ?? "image/png");

  await page.getByRole("button", { name: "Pat's signature" }).click();
  const dialog = page.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByLabel("Type your name").fill("Pat Price");
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();

  const text = await sealedPdfText(request, id, "one-reading");
  expect(text).toContain("The price is 100 EUR.");
  expect(text).not.toContain("1,000,000");

  // The image the signer saw shows the sealed page's price line, not the other definition's.
  const sealed = fs.readFileSync(path.join(os.tmpdir(), "signet-e2e-one-reading.pdf"));
  const sealedImage = popplerGrey(sealed, shownImage.width, shownImage.height);
  const otherPdf = Buffer.from(twoDefinitionPdf("The price is 1,000,000 EUR.", "The price is 1,000,000 EUR."));
  const otherImage = popplerGrey(otherPdf, shownImage.width, shownImage.height);
  const priceLine = [0.05, 0.14] as const;
  const white = { width: shownImage.width, height: shownImage.height, at: () => 255 };
  // The band holds ink (the image is drawn, not blank), the sealed page's ink, not the other's.
  const ink = bandDifference(shownImage, white, ...priceLine);
  const toSealed = bandDifference(shownImage, sealedImage, ...priceLine);
  const toOther = bandDifference(shownImage, otherImage, ...priceLine);
  expect(ink).toBeGreaterThan(1);
  expect(toSealed).toBeLessThan(ink / 4);
  expect(toOther).toBeGreaterThan(toSealed * 2);
});
