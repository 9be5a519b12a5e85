import { expect, test, type Response } from "@playwright/test";
import { cspViolations, makePdf, pageDrawn } from "./support";

// The dashboard calls the API with a key the server holds. That key (and any other) must never reach the
// browser: not in a page, a script bundle, an API answer, nor a header. Every response the browser
// receives while staff use each page is collected and searched for anything shaped like a Signet key.
//
// One response is excluded on purpose: the answer to "Create key" on the API-keys page, which carries
// the NEW key — shown once to the staff member who asked for it, by design (decisions.md). The test
// checks that exactly that response holds exactly that key, so the exclusion cannot hide anything else.

const KEY_SHAPE = /signet_(?:test|live)_[A-Za-z0-9]{32}/g;

test("no API key reaches the browser, except a new key in the one response that creates it", async ({ page }) => {
  test.setTimeout(120_000);
  const keyName = `Leak check ${Date.now().toString(36)}`;
  const seen: { res: Response; text: Promise<string> }[] = [];
  const refused = cspViolations(page);
  page.on("response", (res) => {
    const headers = Object.entries(res.headers())
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n");
    // Bodies as latin1 so binary bodies (the PDF, fonts) are searched byte for byte.
    // A response the page abandoned (a prefetch cut short by the next navigation) may never finish:
    // its body is what it is after 10 s.
    const body = Promise.race([
      res.body().then((b) => b.toString("latin1")),
      new Promise<string>((r) => setTimeout(() => r(""), 10_000)),
    ]);
    const text = body.catch(() => "").then((body) => `${res.url()}\n${headers}\n\n${body}`);
    seen.push({ res, text });
  });

  // Every page and every kind of dashboard call: list, upload, recipients, placer (PDF and pdf.js worker),
  // review, templates, outbox, API keys (list, create, revoke).
  await page.goto("/requests");
  await expect(page.getByRole("heading", { name: "Signature requests" })).toBeVisible();
  await page.goto("/requests/new");
  await page
    .getByLabel("PDF document")
    .setInputFiles({ name: "leak.pdf", mimeType: "application/pdf", buffer: await makePdf(1) });
  await page.getByLabel("Title").fill("Leak check");
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/step=recipients/);
  await page.getByLabel("Name", { exact: true }).fill("Lee Check");
  await page.getByLabel("E-mail", { exact: true }).fill("lee@example.com");
  await page.getByRole("button", { name: "Add recipient" }).click();
  await page.getByRole("button", { name: "Continue to fields" }).click();
  await pageDrawn(page, 1);
  await page.getByRole("region", { name: "Field palette" }).getByRole("button", { name: "Signature" }).press("Enter");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await page.getByRole("link", { name: "Continue to review" }).click();
  await expect(page.getByRole("button", { name: "Send for signature" })).toBeEnabled();
  await page.goto("/templates");
  await expect(page.getByRole("heading", { name: "Templates" })).toBeVisible();
  await page.goto("/outbox");
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();

  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill(keyName);
  const createdRes = page.waitForResponse((r) => r.url().endsWith("/api/dashboard/api-keys") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Create key" }).click();
  const creation = await createdRes;
  const newKey = (await creation.json()).data.apiKey as string;
  expect(newKey).toMatch(/^signet_test_[A-Za-z0-9]{32}$/);
  await expect(page.getByTestId("new-api-key")).toHaveText(newKey);
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: `Revoke ${keyName}` }).click();
  const row = page.getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText("Revoked");
  await page.reload();
  await expect(row).toContainText("Revoked");

  // Every page worked under the CSP (nonce scripts, pdf.js worker, images) without a refusal.
  expect(refused).toEqual([]);
  const all = await Promise.all(seen.map(async (s) => ({ res: s.res, text: await s.text })));
  expect(all.length).toBeGreaterThan(20);
  expect(all.some((s) => s.res.url().includes("/document"))).toBe(true);
  expect(all.some((s) => /\.js(\?|$)/.test(s.res.url()))).toBe(true);
  const found = all.flatMap((s) =>
    [...s.text.matchAll(KEY_SHAPE)].map((m) => ({
      url: s.res.url(),
      method: s.res.request().method(),
      key: m[0],
      creation: s.res === creation,
    })),
  );
  expect(found.filter((f) => f.creation).map((f) => f.key)).toEqual([newKey]);
  expect(found.filter((f) => !f.creation)).toEqual([]);
});
