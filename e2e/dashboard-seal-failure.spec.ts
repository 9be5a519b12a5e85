import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, signingToken, SR } from "./support";

// A fully signed request whose seal fails says so on its page, with the reason, and "Seal again"
// completes it once the cause is gone. The failure is made by damaging the document's blob in the
// server's store (a fault the engine reports: it fails for good at once).

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const blobFile = (sha: string) => path.join(process.env.E2E_DATA_DIR!, "blobs", sha.slice(0, 2), sha);

test("a failed seal shows a banner with the reason; Seal again completes the request", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `sealfail.${run}@example.com`;
  const pdf = await makePdf(1, () => [`Unique ${run}`]);
  const id = (
    await (
      await request.post(SR, {
        headers,
        multipart: { title: `E2E seal failure ${run}`, file: { name: "a.pdf", mimeType: "application/pdf", buffer: pdf } },
      })
    ).json()
  ).data.id;
  const r = (
    await (await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Sam Seal", email, order: 1 } })).json()
  ).data;
  await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y: 500, width: 200, height: 50 },
  });
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);
  const sha = (await (await request.get(`${SR}/${id}`, { headers })).json()).data.document.sha256 as string;

  const token = await signingToken(email);
  const view = (await (await request.get(`/api/sign/${token}`)).json()).data;
  const original = fs.readFileSync(blobFile(sha));
  fs.writeFileSync(blobFile(sha), "damaged: not a PDF any more");
  try {
    const signed = await request.post(`/api/sign/${token}/sign`, {
      data: { consent: true, values: [{ fieldId: view.fields[0].id, typed: "Sam Seal" }] },
    });
    expect(signed.status()).toBe(200);
    await expect
      .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.sealError?.code, { timeout: 30_000 })
      .toBe("NOT_PDF");
  } finally {
    fs.writeFileSync(blobFile(sha), original);
  }

  await page.goto(`/requests/${id}`);
  const banner = page.getByRole("alert").filter({ hasText: "could not be sealed" });
  await expect(banner).toBeVisible();
  await screenshot(page, "request-detail-seal-failed");
  await banner.getByRole("button", { name: "Seal again" }).click();
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, { timeout: 60_000 })
    .toBe("COMPLETED");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Completed");
  await expect(page.getByRole("alert").filter({ hasText: "could not be sealed" })).toHaveCount(0);
});
