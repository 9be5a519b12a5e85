import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { E2E_KEY } from "./playwright.config";

const SR = "/api/v1/enterprise/signature-requests";
const headers = { "x-api-key": E2E_KEY };

test("/ takes signed-in staff to the requests; the footer links to the API reference and health", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Health" })).toHaveAttribute("href", "/api/health");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: /API reference/ })
    .click();
  await expect(page).toHaveURL(/openapi\.json$/);
  await expect(page.locator("body")).toContainText('"openapi":"3.1.0"');
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("/ takes anyone else to the sign-in page, whose footer links to the API reference", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /API reference/ })
      .click();
    await expect(page).toHaveURL(/openapi\.json$/);
  });
});

test("the README's call order works against the running server", async ({ request }) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText("Agreement", { x: 72, y: 700, font, size: 18 });
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: "Agreement",
      delivery_mode: "email",
      file: { name: "a.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) },
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;
  const rec = await request.post(`${SR}/${id}/recipients`, {
    headers,
    data: { email: "ann@example.com", name: "Ann", role: "SIGNER", order: 1 },
  });
  expect(rec.status()).toBe(201);
  const recipientId = (await rec.json()).data.id;
  const field = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 600, width: 200, height: 50, name: "signature" },
  });
  expect(field.status()).toBe(201);
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data).toMatchObject({ id, status: "IN_PROGRESS" });
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.recipients[0].status, {
      timeout: 15_000,
    })
    .toBe("SENT");
});
