import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startIdp, type TestIdp } from "../test/support/oidc-idp";
import { screenshot } from "./support";

// Single sign-on as an admin sets it up and staff meet it: the admin adds an OIDC connection at
// /settings/sign-in (a real OpenID provider started here), registers the redirect URI the page shows with the
// provider, turns the connection on; a new person signs in through it and is a member; a person from another
// domain is told why not. axe on the settings page and on the sign-in page, screenshots at 1280×720.
let idp: TestIdp;
const accounts = (i: TestIdp) => {
  i.accounts.set("max", { sub: "max", email: "max@acme.test", email_verified: true, name: "Max Acme", groups: [] });
  i.accounts.set("eve", { sub: "eve", email: "eve@evil.test", email_verified: true, name: "Eve Evil", groups: [] });
};

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.afterAll(async () => {
  await idp?.close();
});

test("an admin connects an OIDC provider; a new person signs in through it as a member; another domain is refused", async ({
  page,
  browser,
}) => {
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
  await card.getByLabel("Turned on (shown on the sign-in page)").check();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection “Acme IdP” is saved" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Acme IdP" }).getByLabel("Client secret")).toHaveAttribute("placeholder", /kept/);
  await axe(page, "sign-in settings");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "sso-settings-desktop");

  // A person the provider knows, signed out of Signet, in a browser of their own.
  const visitor = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1280, height: 720 },
  });
  const v = await visitor.newPage();
  await v.goto("/login");
  const button = v.getByRole("button", { name: "Sign in with Acme IdP" });
  await expect(button).toBeVisible();
  await axe(v, "sign-in page with single sign-on");
  await screenshot(v, "sso-login-desktop");
  idp.signInAs("max");
  await button.click();
  await expect(v).toHaveURL(/\/requests$/);
  await expect(v.getByRole("heading", { name: "Requests" })).toBeVisible();
  // A member: no admin pages in the navigation.
  await expect(v.getByRole("link", { name: "Team" })).toHaveCount(0);
  await visitor.close();

  const stranger = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1280, height: 720 },
  });
  const s = await stranger.newPage();
  await s.goto("/login");
  idp.signInAs("eve");
  await s.getByRole("button", { name: "Sign in with Acme IdP" }).click();
  await expect(s).toHaveURL(/\/login\?sso=SSO_DOMAIN_NOT_ALLOWED$/);
  await expect(s.getByRole("alert")).toContainText("not in a domain allowed to sign in here");
  await axe(s, "sign-in page with a refusal");
  await stranger.close();

  // The connection is removed again: the other specs' sign-in page has no button.
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("form", { name: "Acme IdP" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection is removed" })).toBeVisible();
});
