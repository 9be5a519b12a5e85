import { expect, request as playwrightRequest, test } from "@playwright/test";
import { axe, screenshot, setPasswordToken } from "./support";

// SCIM provisioning as an admin sets it up and an identity provider uses it: the admin makes a SCIM token and
// names the admin group at /settings/sign-in; a SCIM client (this script, over HTTP with the token) finds a
// staff member who is signed in, puts her in the admin group (she becomes an admin), then deactivates her: her
// open dashboard session is refused at her next click. The revoked token is refused. axe and a screenshot of
// the settings page at 1280×720.
const run = Date.now().toString(36);
const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const SCIM_GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

test("an identity provider provisions through SCIM: a member found, made an admin by group, deactivated (her session ends at once); a revoked token is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const email = `sam.${run}@example.com`;
  const password = `sam-pass-${run}`;

  // Sam is a member, invited the usual way, and signed in in a browser of her own.
  await page.goto("/settings/team");
  await page.getByLabel("Name", { exact: true }).fill("Sam Scim");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("MEMBER");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  const samContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sam = await samContext.newPage();
  await sam.goto(`/set-password/${await setPasswordToken(email)}`);
  await sam.getByLabel("New password", { exact: true }).fill(password);
  await sam.getByLabel("New password again", { exact: true }).fill(password);
  await sam.getByRole("button", { name: "Set password" }).click();
  await sam.getByLabel("E-mail").fill(email);
  await sam.getByLabel("Password").fill(password);
  await sam.getByRole("button", { name: "Sign in" }).click();
  await expect(sam.getByRole("heading", { name: "Signature requests" })).toBeVisible();

  // The admin makes a token and names the admin group.
  await page.goto("/settings/sign-in");
  const card = page.getByRole("region", { name: "Provisioning (SCIM 2.0)" });
  await expect(card).toContainText(`${baseURL}/scim/v2`);
  await card.getByLabel("Name of a new token").fill("Okta");
  await card.getByRole("button", { name: "Make a token" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The token “Okta” is made" })).toBeVisible();
  const token = (await card.getByTestId("scim-token").innerText()).trim();
  expect(token).toMatch(/^scim_/);
  await card.getByLabel("Admin groups").fill("Signet Admins");
  await card.getByRole("button", { name: "Save admin groups" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The admin groups are saved" })).toBeVisible();

  // The identity provider's SCIM client.
  const scim = await playwrightRequest.newContext({
    baseURL: `${baseURL}/scim/v2/`,
    extraHTTPHeaders: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
  });
  const found = await scim.get(`Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  expect(found.status()).toBe(200);
  const list = (await found.json()) as { totalResults: number; Resources: { id: string; active: boolean }[] };
  expect(list.totalResults).toBe(1);
  const samId = list.Resources[0]!.id;
  const group = await scim.post("Groups", {
    data: { schemas: [SCIM_GROUP], displayName: "Signet Admins", members: [{ value: samId }] },
  });
  expect(group.status()).toBe(201);
  await page.goto("/settings/team");
  await expect(page.getByRole("row").filter({ hasText: email }).getByRole("combobox", { name: "Role of Sam Scim" })).toHaveValue(
    "ADMIN",
  );
  // A new person the provider adds appears on the team page.
  const added = await scim.post("Users", {
    data: { schemas: [SCIM_USER], userName: `lee.${run}@example.com`, name: { givenName: "Lee", familyName: "Provisioned" } },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: `lee.${run}@example.com` })).toContainText("Lee Provisioned");

  // Deactivated by the provider: Sam's next click is the sign-in page, and she cannot sign in again.
  const off = await scim.patch(`Users/${samId}`, {
    data: { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] },
  });
  expect(off.status()).toBe(200);
  expect(((await off.json()) as { active: boolean }).active).toBe(false);
  await sam.getByRole("link", { name: "Templates" }).click();
  await expect(sam).toHaveURL(/\/login/);
  await samContext.close();

  // The settings page, then the token revoked: the provider's next call is refused.
  await page.goto("/settings/sign-in");
  await card.scrollIntoViewIfNeeded();
  await axe(page, "sign-in settings with provisioning");
  await screenshot(page, "scim-settings-desktop");
  page.once("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: "Revoke the token Okta" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The token is revoked" })).toBeVisible();
  const refused = await scim.get("Users");
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { schemas: string[] }).schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
  // The admin group is emptied again for the other specs.
  await card.getByLabel("Admin groups").fill("");
  await card.getByRole("button", { name: "Save admin groups" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The admin groups are saved" })).toBeVisible();
  await scim.dispose();
});
