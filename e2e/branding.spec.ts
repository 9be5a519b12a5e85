import { expect, test } from "@playwright/test";
import { PNG } from "pngjs";
import { E2E_KEY } from "./playwright.config";
import { axe, mailed, makePdf, phone, screenshot, signingToken, SR } from "./support";

// An organization's brand as its admin sets it and its signers meet it: at /settings/branding (1280×720) a
// colour with too little contrast is flagged as it is typed and refused on saving; a good one, a name, a
// footer, a support address and a logo are saved, the preview showing them first. A signer on a 390-px phone
// then gets the invitation mail in the brand and opens a signing page framed in it (logo, name, accent on the
// buttons, footer); axe passes on both pages. The brand is removed at the end (the other specs share the
// organization).
const run = Date.now().toString(36);
const headers = { "x-api-key": E2E_KEY };
const ACCENT = "#7c2d12";

/** A 160 × 48 logo: a dark bar with a light square, as PNG bytes. */
function logoPng(): Buffer {
  const png = new PNG({ width: 160, height: 48 });
  for (let y = 0; y < 48; y++)
    for (let x = 0; x < 160; x++) {
      const i = (y * 160 + x) * 4;
      const inner = x > 12 && x < 44 && y > 8 && y < 40;
      png.data[i] = inner ? 250 : 124;
      png.data[i + 1] = inner ? 204 : 45;
      png.data[i + 2] = inner ? 21 : 18;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

test("an admin brands the organization; a signer on a phone meets the brand in the mail and on the signing page", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/settings/branding");
  await expect(page.getByRole("heading", { name: "Branding", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Branding" });
  const colour = form.getByRole("textbox", { name: "Accent colour" });
  // Too light: flagged while typing, and refused by the server with the ratio.
  await colour.fill("#ffcc00");
  await expect(form.getByRole("status").filter({ hasText: "Too little contrast: 1.51:1" })).toBeVisible();
  await form.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "WCAG AA needs 4.5:1" })).toBeVisible();
  // A good brand, shown in the preview before it is saved.
  await colour.fill(ACCENT);
  await expect(form.getByRole("status").filter({ hasText: "Contrast against white: 9.37:1" })).toBeVisible();
  await form.getByLabel("Name shown to signers").fill(`Acme Legal ${run}`);
  await form.getByLabel("Footer line").fill("Acme Ltd · 1 Main Street · Springfield");
  await form.getByLabel("Support address").fill("help@acme.test");
  const preview = page.getByRole("complementary", { name: "Preview (not saved yet)" });
  await expect(preview).toContainText(`Acme Legal ${run} asks you to sign`);
  await expect(preview.getByText("Review and sign").first()).toHaveCSS("background-color", "rgb(124, 45, 18)");
  await form.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The branding is saved" })).toBeVisible();
  const logoForm = page.getByRole("form", { name: "Logo (PNG or JPEG, at most 256 KB)" });
  await logoForm.getByLabel("Logo (PNG or JPEG, at most 256 KB)").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: logoPng(),
  });
  await logoForm.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The logo is set" })).toBeVisible();
  await expect(preview.locator("img").first()).toBeVisible();
  await axe(page, "branding settings");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "branding-desktop");

  try {
    // A request to a signer, who opens it on a phone.
    const email = `bea.brand.${run}@example.com`;
    const created = await request.post(SR, {
      headers,
      multipart: {
        title: `Branded agreement ${run}`,
        file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Agreement."]) },
      },
    });
    const id: string = (await created.json()).data.id;
    const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Bea Brand", email, order: 1 } });
    const recipientId = (await r.json()).data.id as string;
    await request.post(`${SR}/${id}/fields`, {
      headers,
      data: { fields: [{ recipientId, page: 1, type: "SIGNATURE", x: 72, y: 600, width: 200, height: 50 }] },
    });
    expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);
    const mail = await mailed(email, (raw) => (raw.includes("Acme Ltd") ? raw : undefined), "the branded invitation");
    const html = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(html).toContain(`background:${ACCENT}`);
    expect(html).toMatch(/<img src="[^"]*\/api\/branding\/[0-9a-f-]{36}\/logo\/[0-9a-f]{16}"/);
    expect(html).toContain("mailto:help@acme.test");

    const signer = await browser.newContext({ ...phone(), storageState: { cookies: [], origins: [] } });
    const s = await signer.newPage();
    await s.goto(`/sign/${await signingToken(email)}`);
    await expect(s.getByRole("heading", { name: `Branded agreement ${run}` })).toBeVisible();
    await expect(s.getByText(`Acme Legal ${run}`).first()).toBeVisible();
    const logo = s.locator("[data-brand] img").first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await expect(s.getByText("Acme Ltd · 1 Main Street · Springfield")).toBeVisible();
    // The page's own colour (its buttons and links) is the accent inside the frame: the support link shows it.
    await expect(s.getByRole("link", { name: "help@acme.test" })).toHaveCSS("color", "rgb(124, 45, 18)");
    expect(await s.locator("[data-brand]").evaluate((e) => getComputedStyle(e).getPropertyValue("--color-sky-700").trim())).toBe(
      ACCENT,
    );
    await axe(s, "branded signing page on a phone");
    await screenshot(s, "branding-signing-phone");
    await signer.close();
  } finally {
    // The other specs share the organization: Signet's own look again.
    await page.goto("/settings/branding");
    for (const label of ["Name shown to signers", "Footer line", "Support address"]) await form.getByLabel(label).fill("");
    await colour.fill("");
    await form.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The branding is saved" })).toBeVisible();
    await logoForm.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The logo is removed" })).toBeVisible();
  }
});
