import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, SR } from "./support";

// An admin sets the organization's sending defaults; a new draft starts with them.

const headers = { "x-api-key": E2E_KEY };

test("an admin sets the expiry and reminder defaults; a new draft starts with them; cleared, the server's again", async ({
  page,
  request,
}) => {
  await page.goto("/settings/sending");
  await expect(page.getByRole("heading", { name: "Sending defaults" })).toBeVisible();
  await page.getByLabel("Requests expire").fill("10");
  await page.getByLabel("Remind the recipients whose turn it is").check();
  await page.getByLabel("first after").fill("2");
  await page.getByLabel("days, then every").fill("4");
  await page.getByLabel("days, at most this many times:").fill("2");
  await page.getByRole("button", { name: "Save defaults" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveText("Saved. New requests start with these.");
  await screenshot(page, "settings-sending");

  const made = async () => {
    const r = await request.post(SR, {
      headers,
      multipart: { title: "Defaults check", file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
    });
    expect(r.status()).toBe(201);
    return (await r.json()).data.sendSettings;
  };
  expect(await made()).toMatchObject({ expiryDays: 10, reminders: { firstAfterDays: 2, everyDays: 4, max: 2 } });

  // A value out of range is refused in the form (the API refuses it too: test/api/send-settings.test.ts); nothing is saved.
  const max = page.getByLabel("days, at most this many times:");
  await max.fill("11");
  await page.getByRole("button", { name: "Save defaults" }).click();
  expect(await max.evaluate((el: HTMLInputElement) => el.validity.rangeOverflow)).toBe(true);
  expect(await made()).toMatchObject({ reminders: { max: 2 } });

  // Back to the server's defaults (the other specs expect them).
  await page.reload();
  await page.getByLabel("Requests expire").fill("");
  await page.getByLabel("Remind the recipients whose turn it is").uncheck();
  await page.getByRole("button", { name: "Save defaults" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveText("Saved. New requests start with these.");
  expect(await made()).toMatchObject({ reminders: null });
});
