import { expect, test } from "@playwright/test";
import { startSamlIdp, type TestSamlIdp } from "../test/support/saml-idp";
import { axe, refusedOutsideDomain, screenshot, signedOutBrowser } from "./support";

// SAML single sign-on as an admin sets it up and staff meet it, in a real browser against a real SAML identity
// provider started here (samlify): the admin adds a connection from the provider's metadata URL, gives the
// provider Signet's metadata, tests the sign-in, turns it on; a new person in the admin group signs in through
// the provider's form post and is an admin; the same response posted again is refused; a person from another
// domain is told why not. axe on the settings page and the sign-in page, screenshots at 1280×720.
let idp: TestSamlIdp;

test.afterAll(async () => {
  await idp?.close();
});

test("an admin connects a SAML provider from its metadata; a person in the admin group signs in as an admin; a replay and another domain are refused", async ({
  page,
  browser,
}) => {
  // Four round trips through the provider, three browsers and axe three times.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  idp = await startSamlIdp();
  idp.accounts.set("ada", { subject: "ada-7", email: "ada@acme.test", name: "Ada Acme", groups: ["staff", "signet-admins"] });
  idp.accounts.set("eve", { subject: "eve-9", email: "eve@evil.test", name: "Eve Evil", groups: ["signet-admins"] });
  await page.goto("/settings/sign-in");
  await page.getByRole("button", { name: "Add a SAML connection" }).click();
  const form = page.getByRole("form", { name: "New SAML connection" });
  await form.getByLabel("Name on the sign-in button").fill("Acme SAML");
  await form.getByLabel("Metadata URL").fill(idp.metadataUrl);
  await form.getByLabel("Allowed e-mail domains").fill("acme.test");
  await form.getByLabel("Admin groups").fill("signet-admins");
  await form.getByRole("button", { name: "Add connection" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection “Acme SAML” is added" })).toBeVisible();
  const card = page.getByRole("form", { name: "Acme SAML" });
  await expect(card).toContainText(idp.entityId);
  // The admin gives the provider Signet's metadata (its URL is on the card).
  const spMetadataUrl = (await card.locator("code").first().innerText()).trim();
  expect(spMetadataUrl).toMatch(/\/api\/auth\/saml\/[0-9a-f-]{36}\/metadata$/);
  const metadata = await page.request.get(spMetadataUrl);
  expect(metadata.headers()["content-type"]).toContain("application/samlmetadata+xml");
  idp.setSp(await metadata.text());

  // A test before it is turned on: through the provider as Ada and back, nothing made.
  idp.signInAs("ada");
  await card.getByRole("button", { name: "Test sign-in with Acme SAML" }).click();
  await expect(page).toHaveURL(/\/settings\/sign-in\?tested=/, { timeout: 20_000 });
  await expect(page.getByRole("form", { name: "Acme SAML" })).toContainText(
    "Signet would let ada@acme.test in and make an account (role: admin).",
  );
  await page.getByRole("form", { name: "Acme SAML" }).getByLabel("Turned on (shown on the sign-in page)").check();
  await page.getByRole("form", { name: "Acme SAML" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection “Acme SAML” is saved" })).toBeVisible();
  await axe(page, "sign-in settings with a SAML connection");
  // The card from its top (under the sticky header): what to give the provider, and what was read from it.
  await page
    .getByRole("form", { name: "Acme SAML" })
    .evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 130));
  await screenshot(page, "sso-saml-settings-desktop");

  // Ada, signed out of Signet, in a browser of her own.
  const visitor = await signedOutBrowser(browser);
  const v = await visitor.newPage();
  await v.goto("/login?callbackUrl=%2Ftemplates");
  const button = v.getByRole("button", { name: "Sign in with Acme SAML" });
  await expect(button).toBeVisible();
  await axe(v, "sign-in page with a SAML connection");
  await button.click();
  await expect(v).toHaveURL(/\/templates$/, { timeout: 20_000 });
  // Made just in time as an admin (the admin group): the admin pages are in her navigation.
  await expect(v.getByRole("link", { name: "Team" })).toBeVisible();
  await v.goto("/settings/account");
  await expect(v.getByText("Single sign-on: Acme SAML").first()).toBeVisible();
  // The response her browser posted, posted again: refused, and no one is signed in by it.
  const replayed = idp.last()!;
  const again = await visitor.request.post(replayed.acs, {
    form: { SAMLResponse: replayed.SAMLResponse, ...(replayed.RelayState ? { RelayState: replayed.RelayState } : {}) },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  expect(again.headers().location).toMatch(/\/login\?sso=SSO_FAILED$/);
  await visitor.close();

  // Eve's address is outside the allowed domain.
  await refusedOutsideDomain(browser, "Sign in with Acme SAML", () => idp.signInAs("eve"));

  // Removed again: the other specs' sign-in page has no button.
  await page.goto("/settings/sign-in");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("form", { name: "Acme SAML" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The connection is removed" })).toBeVisible();
});
