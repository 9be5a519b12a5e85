import { expect, test } from "@playwright/test";
import { axe, makePdf, screenshot } from "./support";

// An admin makes a key for an integration that only reads: the form suggests drafting and sending, the admin
// narrows it; the list shows what the key may do; the key reads and is refused a write with the scope named.
test("an admin makes a read-only key, which reads and cannot create a request", async ({ page, request }) => {
  const name = `Reporting ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/settings/api-keys");
  const form = page.getByRole("form", { name: "Create a sandbox key" });
  const scopes = form.getByRole("group", { name: "What may this key do?" });
  // The suggestion: drafting and sending requests from templates, nothing of the account.
  for (const s of ["requests:read", "requests:write", "requests:send", "templates:read"])
    await expect(scopes.getByRole("checkbox", { name: new RegExp(`^${s} `) })).toBeChecked();
  for (const s of ["templates:write", "webhooks:manage", "keys:manage", "settings:manage"])
    await expect(scopes.getByRole("checkbox", { name: new RegExp(`^${s} `) })).not.toBeChecked();

  // None at all is refused in words.
  await form.getByLabel("Key name").fill(name);
  for (const s of ["requests:read", "requests:write", "requests:send", "templates:read"])
    await scopes.getByRole("checkbox", { name: new RegExp(`^${s} `) }).uncheck();
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "Choose at least one thing the key may do." })).toBeVisible();

  for (const s of ["requests:read", "templates:read"]) await scopes.getByRole("checkbox", { name: new RegExp(`^${s} `) }).check();
  await form.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^signet_test_/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("list", { name: `Scopes of ${name}` })).toHaveText(/requests:read\s*templates:read/);
  await axe(page, "API keys with scopes");
  await screenshot(page, "api-key-scopes");

  const list = await request.get("/api/v1/enterprise/signature-requests", { headers: { "X-API-Key": key } });
  expect(list.status()).toBe(200);
  const create = await request.post("/api/v1/enterprise/signature-requests", {
    headers: { "X-API-Key": key },
    multipart: { title: "Not allowed", file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  expect(create.status()).toBe(403);
  expect(await create.json()).toMatchObject({ errorCode: "API_KEY_SCOPE_MISSING", details: { missing: ["requests:write"] } });

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(row).toContainText("Revoked");
});
