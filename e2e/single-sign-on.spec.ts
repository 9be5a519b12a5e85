import { expect, test } from "@playwright/test";
import { startIdp, type TestIdp } from "../test/support/oidc-idp";
import { axe, phone, refusedOutsideDomain, screenshot, settledWidth, signedOutBrowser } from "./support";

// Single sign-on as an admin sets it up and staff meet it: the admin adds an OIDC connection at
// /settings/sign-in (a real OpenID provider started here), registers the redirect URI the page shows with the
// provider, turns the connection on; a new person signs in through it and is a member, whose session the admin
// sees on the team page (signed in by single sign-on) and ends; a person from another domain is told why not. axe on the settings page and on the sign-in page, screenshots at 1280×720.
let idp: TestIdp;
const accounts = (i: TestIdp) => {
  i.accounts.set("max", { sub: "max", email: "max@acme.test", email_verified: true, name: "Max Acme", groups: [] });
  i.accounts.set("eve", { sub: "eve", email: "eve@evil.test", email_verified: true, name: "Eve Evil", groups: [] });
};

test.afterAll(async () => {
  await idp?.close();
});

test("an admin connects an OIDC provider; a new person signs in through it as a member; another domain is refused", async ({
  page,
  browser,
}) => {
  // Five round trips through the provider, three browsers and axe four times: longer than one page's test.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  idp = await startIdp({ redirectUris: ["http://127.0.0.1/placeholder"] });
  accounts(idp);
  await page.goto("/settings/sign-in");
  await expect(page.getByRole("heading", { name: "Sign-in", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "New OIDC connection" });
  await form.getByLabel("Name on the sign-in button").fill("Acme IdP");
  await form.getByLabel("Issuer URL").fill(idp.issuer);
  await form.getByLabel("Client ID").fill(idp.clientId);
  await form.getByLabel("Client secret").fill(idp.clientSecret);
  await form.getByLabel("Allowed e-mail domains").fill("acme.test");
  await form.getByRole("button", { name: "Add connection" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection “Acme IdP” is added" })).toBeVisible();
  const card = page.getByRole("form", { name: "Acme IdP" });
  const redirectUri = (await card.locator("code").innerText()).trim();
  expect(redirectUri).toMatch(/\/api\/auth\/callback\/sso-[0-9a-f-]{36}$/);
  // The provider learns the redirect URI (the admin registers it there), then the connection is turned on.
  const port = Number(new URL(idp.issuer).port);
  await idp.close();
  idp = await startIdp({ redirectUris: [redirectUri], port });
  accounts(idp);
  // Turned off, it is on no list anyone can read.
  const listed = (await (await page.request.get("/api/auth/providers")).json()) as Record<string, { name: string }>;
  expect(Object.values(listed).map((p) => p.name)).not.toContain("Acme IdP");
  // Before turning it on, the admin tries it: through the provider as Max, back here with what Signet would
  // do; nothing is made, and the admin is still signed in.
  idp.signInAs("max");
  await card.getByRole("button", { name: "Test sign-in with Acme IdP" }).click();
  // A round trip through the provider: next-auth asks for its providers, then the provider, then back.
  await expect(page).toHaveURL(/\/settings\/sign-in\?tested=/, { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Test finished" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Acme IdP" })).toContainText(
    "Signet would let max@acme.test in and make an account (role: member).",
  );
  await expect(page.getByRole("form", { name: "Acme IdP" })).toContainText("max@acme.test (verified)");
  await page.goto("/settings/team");
  await expect(page.getByRole("row").filter({ hasText: "max@acme.test" })).toHaveCount(0);
  await page.goto("/settings/sign-in");
  await card.getByLabel("Turned on (shown on the sign-in page)").check();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection “Acme IdP” is saved" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Acme IdP" }).getByLabel("Client secret")).toHaveAttribute("placeholder", /kept/);
  await axe(page, "sign-in settings");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "sso-settings-desktop");

  // A person the provider knows, signed out of Signet, in a browser of their own.
  const visitor = await signedOutBrowser(browser);
  const v = await visitor.newPage();
  await v.goto("/login");
  const button = v.getByRole("button", { name: "Sign in with Acme IdP" });
  await expect(button).toBeVisible();
  await axe(v, "sign-in page with single sign-on");
  await screenshot(v, "sso-login-desktop");
  idp.signInAs("max");
  await button.click();
  await expect(v).toHaveURL(/\/requests$/, { timeout: 20_000 });
  await expect(v.getByRole("heading", { name: "Requests" })).toBeVisible();
  // A member: no admin pages in the navigation.
  await expect(v.getByRole("link", { name: "Team" })).toHaveCount(0);
  // Made by single sign-on, Max has no password: his account page offers no "change password", and says how to get one.
  await v.goto("/settings/account");
  await expect(v.getByText("You sign in through single sign-on and have no Signet password.")).toBeVisible();
  await expect(v.getByRole("heading", { name: "Change your password" })).toHaveCount(0);

  // The admin sees how Max signed in, and ends the session: Max's next click is the sign-in page.
  await page.goto("/settings/team");
  const row = page.getByRole("row").filter({ hasText: "max@acme.test" });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Sessions of Max Acme" }).click();
  const panel = page.getByRole("region", { name: "Signed-in browsers of Max Acme" });
  await expect(panel).toContainText("Single sign-on: Acme IdP");
  await axe(page, "team page with a member's sessions");
  await panel.getByRole("button", { name: "End all sessions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 session ended" })).toBeVisible();
  await expect(panel).toContainText("No browser is signed in.");
  await v.reload();
  await expect(v).toHaveURL(/\/login/);
  await visitor.close();

  await refusedOutsideDomain(browser, "Sign in with Acme IdP", () => idp.signInAs("eve"), "sign-in page with a refusal");

  // The connection is removed again: the other specs' sign-in page has no button.
  await page.goto("/settings/sign-in");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("form", { name: "Acme IdP" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection is removed" })).toBeVisible();
});

// Too many sign-ins started from one address (lib/server/sso/start-limit.ts; the limit itself is held by the
// system test sso-oidc): the sign-in page says so in the browser's language, on a phone.
test("a sign-in refused as too many starts is explained in French on a phone", async ({ browser }) => {
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "fr-FR", ...phone() });
  const p = await ctx.newPage();
  await p.goto("/login?sso=SSO_BUSY");
  await expect(p.locator("html")).toHaveAttribute("lang", "fr");
  await expect(
    p.getByRole("alert").filter({ hasText: "Trop de connexions ont été lancées depuis cet emplacement." }),
  ).toBeVisible();
  expect(await settledWidth(p, 390)).toBeLessThanOrEqual(390);
  await axe(p, "sign-in page: too many starts, in French");
  await screenshot(p, "login-sso-busy-phone-fr");
  await ctx.close();
});
