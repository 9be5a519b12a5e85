import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot } from "./support";

// Staff share a template from the Templates page: a link is made with a quota, shown with its QR code and
// counts, paused (its page then refuses visitors), resumed, and revoked for good.

const headers = { "x-api-key": E2E_KEY };
const T = "/api/v1/enterprise/templates";
const run = Date.now().toString(36);

test("staff make a public link on the Templates page, pause, resume and revoke it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Waiver ${run}`;
  const up = await request.post(T, {
    headers,
    multipart: { name, file: { name: "waiver.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Waiver"]) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const tpl: string = (await up.json()).data.id;
  expect((await request.put(`${T}/${tpl}/roles`, { headers, data: { roles: [{ name: "Guest" }] } })).status()).toBe(200);
  const f = await request.post(`${T}/${tpl}/fields`, {
    headers,
    data: { type: "SIGNATURE", roleName: "Guest", page: 1, x: 72, y: 600, width: 200, height: 50 },
  });
  expect(f.status(), await f.text()).toBe(201);

  await page.goto("/templates");
  await page.getByRole("button", { name: `Share a link for template ${name}` }).click();
  const panel = page.getByRole("region", { name: `Public links of ${name}` });
  // The panel has loaded its links (none yet): the page is live before anything is typed.
  await expect(panel).toContainText("No public link yet.");
  const form = panel.getByRole("form", { name: "New link" });
  await form.getByLabel("Name (shown in the list and on the certificate)").fill(`Front desk ${run}`);
  await form.getByLabel("At most, in all (optional)").fill("50");
  await form.getByRole("button", { name: "Make the link" }).click();

  const item = panel.getByRole("listitem", { name: `Public link Front desk ${run}` });
  await expect(item).toContainText("Active");
  await expect(item).toContainText("Visitor signs as Guest");
  await expect(item).toContainText("quota 50");
  await expect(item.getByRole("img", { name: `QR code of the link Front desk ${run}` })).toBeVisible();
  // The form is emptied for the next link.
  await expect(form.getByLabel("Name (shown in the list and on the certificate)")).toHaveValue("");
  const url = (await item.locator("code").textContent())!.trim();
  expect(url).toMatch(/\/p\/[A-Za-z0-9]{16}$/);
  const path = new URL(url).pathname;
  expect((await request.get(path)).status()).toBe(200);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
  await item.scrollIntoViewIfNeeded();
  await screenshot(page, "share-link-panel");

  // Paused: the page refuses visitors (409) until it is resumed.
  await item.getByRole("button", { name: `Pause the link Front desk ${run}` }).click();
  await expect(item).toContainText("Paused");
  expect((await request.get(path)).status()).toBe(409);
  await item.getByRole("button", { name: `Resume the link Front desk ${run}` }).click();
  await expect(item).toContainText("Active");
  expect((await request.get(path)).status()).toBe(200);

  // Revoked, after the confirmation: for good; the page says it is withdrawn (410).
  page.once("dialog", (d) => void d.accept());
  await item.getByRole("button", { name: `Revoke the link Front desk ${run}` }).click();
  await expect(item).toContainText("Revoked");
  await expect(item.getByRole("button", { name: `Resume the link Front desk ${run}` })).toHaveCount(0);
  expect((await request.get(path)).status()).toBe(410);
});
