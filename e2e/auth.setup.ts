import { expect, test as setup } from "@playwright/test";
import { STAFF, STAFF_STATE } from "./playwright.config";

// Signs in once through the real sign-in page and keeps the session for every other spec.
setup("staff signs in", async ({ page }) => {
  await page.goto("/requests");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Frequests/);
  await page.getByLabel("E-mail").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Signature requests" })).toBeVisible();
  await page.context().storageState({ path: STAFF_STATE });
});
