import { expect, test } from "@playwright/test";
import { STAFF } from "./playwright.config";

// Without a session: every page sends to the sign-in page and the proxy answers 401 — checked by the
// page and the route themselves, so a header that skips middleware (CVE-2025-29927) changes nothing.
test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("pages redirect to the sign-in page and the proxy refuses, even with a middleware-skipping header", async ({
    page,
    request,
  }) => {
    for (const path of ["/requests", "/requests/new", "/templates", "/settings/api-keys", "/outbox"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=${encodeURIComponent(path)}$`));
    }
    const bypass: Record<string, string>[] = [
      {},
      { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
    ];
    for (const headers of bypass) {
      const res = await request.get("/api/dashboard/signature-requests", { headers });
      expect(res.status()).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, data: null, message: "Sign in to use the dashboard" });
      const post = await request.post("/api/dashboard/api-keys", { headers, data: { name: "x", environment: "SANDBOX" } });
      expect(post.status()).toBe(401);
    }
  });

  test("a wrong password is refused in plain words; the right one signs in; sign-out ends the session", async ({ page }) => {
    await page.goto("/login?callbackUrl=%2Ftemplates");
    await page.getByLabel("E-mail").fill(STAFF.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail address or password." })).toBeVisible();

    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/templates$/);
    expect(await page.evaluate(() => fetch("/api/dashboard/signature-requests").then((r) => r.status))).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get("/api/dashboard/signature-requests")).status()).toBe(401);
  });

  test("the sign-in page does not redirect to another site", async ({ page }) => {
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("E-mail").fill(STAFF.email);
    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/requests$/);
  });

  test("nor through a path the URL parser rewrites: a tab, a backslash, a dot segment", async ({ context }) => {
    for (const wanted of ["%2F%09%2Fexample.org", "%2F%5Cexample.org", "%2F.%2F%2Fexample.org"]) {
      await context.clearCookies();
      // A page of its own each round: the list the last round landed on may still be loading, which can abort
      // a navigation of the same page.
      const page = await context.newPage();
      await page.goto(`/login?callbackUrl=${wanted}`);
      await page.getByLabel("E-mail").fill(STAFF.email);
      await page.getByLabel("Password").fill(STAFF.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/requests$/);
      await expect(page.getByRole("heading", { name: "Signature requests" })).toBeVisible();
      await page.close();
    }
  });
});
