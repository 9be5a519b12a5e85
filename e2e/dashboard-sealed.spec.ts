import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { mailed, makePdf, screenshot, SR } from "./support";

// After sending: the signer signs from the link in their mail; staff follow the progress on the request
// page and download the sealed PDF, whose PAdES signature pdfsig accepts. And: remind, then cancel.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

async function sentRequest(request: APIRequestContext, title: string, signers: { name: string; email: string; order: number }[]) {
  const created = await request.post(SR, {
    headers,
    multipart: { title, file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  const id = (await created.json()).data.id as string;
  for (const s of signers) {
    const r = (await (await request.post(`${SR}/${id}/recipients`, { headers, data: s })).json()).data;
    await request.post(`${SR}/${id}/fields`, {
      headers,
      data: {
        type: "SIGNATURE",
        recipientId: r.id,
        page: 1,
        x: 72,
        y: 500 + 60 * (s.order - 1),
        width: 200,
        height: 50,
        label: `${s.name} signature`,
      },
    });
  }
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);
  return id;
}

/**
 * Waits until the queue has invited `email` (the recipient's status leaves PENDING), asked of the API: the
 * page is then loaded once and given the time a busy machine needs, never reloaded against a short clock.
 */
async function turnCame(request: APIRequestContext, id: string, email: string) {
  await expect
    .poll(
      async () => {
        const data = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
        return data.recipients.find((r: { email: string }) => r.email === email)?.status;
      },
      { timeout: 30_000, message: `the invitation to ${email}` },
    )
    .not.toBe("PENDING");
}

/** The signing link mailed to `email`. */
const linkFor = (email: string) =>
  mailed(email, (raw) => /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]+/.exec(raw)?.[0], `the invitation to ${email}`);

test("the signer signs; staff see the request completed and download the sealed PDF", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const email = `erin.${run}@example.com`;
  const id = await sentRequest(request, `E2E sealed ${run}`, [{ name: "Erin Signer", email, order: 1 }]);

  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("progressbar", { name: "Signing progress" })).toHaveAttribute("aria-valuenow", "0");
  await expect(page.getByRole("button", { name: "Send reminder" })).toBeVisible();

  // The signer, in a browser of their own, types a signature and signs.
  const signer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sp = await signer.newPage();
  await sp.goto(await linkFor(email));
  await sp.getByRole("button", { name: "Erin Signer signature" }).click();
  const dialog = sp.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await sp.getByLabel("I agree to sign this document electronically").check();
  await sp.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(sp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await signer.close();

  // Staff: completed, every signer signed, the events in the audit trail.
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, { timeout: 60_000 })
    .toBe("COMPLETED");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Completed");
  await expect(page.getByRole("progressbar", { name: "Signing progress" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("table")).toContainText(/signed/i);
  await screenshot(page, "request-detail-completed");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download signed PDF" }).click(),
  ]);
  const file = path.join(test.info().outputDir, "sealed.pdf");
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  const sig = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(sig).toContain("Signature is Valid.");
  expect(sig).toContain("Total document signed");
});

test("staff remind the signers whose turn it is, then cancel the request with a reason", async ({ page, request }) => {
  const id = await sentRequest(request, `E2E cancel ${run}`, [
    { name: "Finn First", email: `finn.${run}@example.com`, order: 1 },
    { name: "Gus Second", email: `gus.${run}@example.com`, order: 2 },
  ]);
  await page.goto(`/requests/${id}`);
  // Finn is mailed at once (step 1); Gus waits for him.
  await expect(page.getByText("Waiting for an earlier step")).toHaveCount(1);
  await page.getByRole("button", { name: "Send reminder" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reminders sent" })).toBeVisible();

  page.once("dialog", (d) => d.accept("The deal fell through"));
  await page.getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The request is cancelled." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel request" })).toBeHidden();
  const data = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  expect(data.status).toBe("CANCELLED");
});

test("on a request's page staff see the document, resend one invitation and copy one signing link, each in the audit trail; the list then says who signed", async ({
  page,
  browser,
  request,
}) => {
  const email = `hana.${run}@example.com`;
  const id = await sentRequest(request, `E2E recipient actions ${run}`, [
    { name: "Hana Here", email, order: 1 },
    { name: "Ivo Later", email: `ivo.${run}@example.com`, order: 2 },
  ]);
  // Hana is invited by the queue (a moment after sending); Ivo waits for her, so only she has the actions.
  await turnCame(request, id, email);
  await page.goto(`/requests/${id}`);
  const resend = page.getByRole("button", { name: "Resend invitation" });
  await expect(resend).toBeVisible({ timeout: 15_000 });
  await expect(resend).toHaveCount(1);
  await expect(page.locator("[data-preview-page='1'] canvas")).toBeVisible({ timeout: 30_000 });
  // The page sits in the middle of its panel, its frame no wider than the page.
  const shown = (await page.locator("[data-preview-page='1']").boundingBox())!;
  const panel = (await page.locator("[data-preview-page='1']").locator("xpath=../..").boundingBox())!;
  const drawn = (await page.locator("[data-preview-page='1'] canvas").boundingBox())!;
  expect(Math.abs(shown.x + shown.width / 2 - (panel.x + panel.width / 2))).toBeLessThanOrEqual(2);
  expect(shown.width - drawn.width).toBeLessThanOrEqual(4);

  await resend.click();
  await expect(page.getByRole("status").filter({ hasText: `The invitation is on its way to ${email} again.` })).toBeVisible();
  await page.getByRole("button", { name: "Copy signing link" }).click();
  const link = page.getByLabel("Signing link of Hana Here");
  await expect(link).toHaveValue(new RegExp(`/sign/${await linkToken(email)}$`));
  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit.getByText("Invitation sent again")).toBeVisible();
  await expect(audit.getByText("Signing link copied")).toBeVisible();
  // Field edits read as saves ("Fields edited (…)"), never one row per field; each of this request's two
  // saves came between adding a recipient and the next (the grouping itself: lib/client/audit-view.test.ts).
  await expect(audit.getByText("Fields edited (1 added)")).toHaveCount(2);
  await expect(audit.getByText(/^Fields added/)).toHaveCount(0);
  await screenshot(page, "request-recipient-actions");

  // Hana signs from the copied link; the list says who has signed.
  const signer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sp = await signer.newPage();
  await sp.goto(await link.inputValue());
  await sp.getByRole("button", { name: "Hana Here signature" }).click();
  const dialog = sp.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await sp.getByLabel("I agree to sign this document electronically").check();
  await sp.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(sp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await signer.close();
  await page.goto("/requests");
  const row = page.getByRole("row").filter({ hasText: `E2E recipient actions ${run}` });
  await expect(row.getByText("1 of 2 signed")).toBeVisible();
  await expect(row.getByText("Hana Here ✓")).toBeVisible();
  // Ivo's turn came with Hana's signature: he is invited by the queue a moment later.
  await turnCame(request, id, `ivo.${run}@example.com`);
  await page.reload();
  await expect(row.getByText("Ivo Later waiting")).toBeVisible({ timeout: 15_000 });
  await screenshot(page, "requests-list");
});

/** The token of the signing link mailed to `email`. */
async function linkToken(email: string): Promise<string> {
  return (await linkFor(email)).split("/sign/")[1]!;
}

test("staff correct a mistyped address after sending: the new address gets a new link, the old link says it was replaced (410)", async ({
  page,
  request,
}) => {
  const typo = `kim.${run}@exmaple.com`;
  const right = `kim.${run}@example.com`;
  const id = await sentRequest(request, `E2E correction ${run}`, [{ name: "Kim Typo", email: typo, order: 1 }]);
  const oldLink = await linkFor(typo);
  await turnCame(request, id, typo);
  await page.goto(`/requests/${id}`);
  const open = page.getByRole("button", { name: "Correct name or e-mail" });
  await expect(open).toBeVisible({ timeout: 15_000 });
  await open.click();
  await page.getByLabel("E-mail", { exact: true }).fill(right);
  await page.getByLabel("Name", { exact: true }).fill("Kim Right");
  await page.getByRole("button", { name: "Save and send the new link" }).click();
  await expect(page.getByRole("status").filter({ hasText: `a new one is on its way to ${right}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit trail" }).getByText(/Recipient corrected/)).toBeVisible();

  const newLink = await linkFor(right);
  expect(newLink).not.toBe(oldLink);
  const gone = await page.request.get(oldLink);
  expect(gone.status()).toBe(410);
  const signer = await page
    .context()
    .browser()!
    .newContext({ storageState: { cookies: [], origins: [] } });
  const sp = await signer.newPage();
  await sp.goto(oldLink);
  await expect(sp.getByRole("heading", { name: "This link was replaced" })).toBeVisible();
  await expect(sp.getByText(`E2E correction ${run}`)).toHaveCount(0);
  await sp.goto(newLink);
  await expect(sp.getByRole("heading", { name: `E2E correction ${run}` })).toBeVisible();
  await signer.close();
});
