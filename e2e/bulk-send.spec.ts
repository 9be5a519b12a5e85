import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, signingToken, SR } from "./support";

// Bulk send from the Templates page: a PDF template with a unified signature anchor, a CSV of six
// rows (two bad) checked first (preview and every error, nothing created), then sent; the progress
// bar runs to 100 % and each row shows its outcome. The API and the mail sink agree.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("a CSV is checked, previewed with its errors, sent, and followed to the end", async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `E2E bulk ${run}`;
  await page.goto("/templates");
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template files (PDF or DOCX)").setInputFiles({
    name: "bulk-letter.pdf",
    mimeType: "application/pdf",
    buffer: await makePdf(1, () => ["Please sign here: {{s1|signature|120|40}}"]),
  });
  await page.getByRole("button", { name: "Upload template" }).click();
  // The upload opens the template's builder; bulk sending starts from the list.
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.goto("/templates");
  const card = page.getByRole("listitem", { name: `Template ${name}` });
  await card.getByRole("button", { name: `Bulk send template ${name}` }).click();

  const panel = page.getByRole("region", { name: `Bulk send ${name}` });
  await expect(panel).toContainText("s1.name");
  await expect(panel).toContainText("s1.email");
  const email = (i: number) => `bulk${i}-${run}@example.com`;
  const csv = [
    "s1.name,s1.email,title",
    `Ada ${run},${email(1)},Bulk ${run} 1`,
    `"Lovelace, Bea",${email(2)},"Bulk ${run} ""2"""`,
    `Cy ${run},not-an-email,Bulk ${run} 3`,
    `Di ${run},${email(4)},Bulk ${run} 4`,
    `,${email(5)},Bulk ${run} 5`,
    `Fay ${run},${email(6)},Bulk ${run} 6`,
  ].join("\r\n");
  await panel.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await panel.getByRole("button", { name: "Check the rows" }).click();

  // The check: six rows, four good, the two bad ones named with their reasons; nothing sent yet.
  await expect(panel.getByRole("status", { name: "Check result" })).toHaveText("6 rows: 4 ready to send, 2 with errors.", {
    timeout: 30_000,
  });
  const preview = panel.getByRole("table", { name: "Rows preview" });
  await expect(preview.getByRole("row")).toHaveCount(7);
  await expect(preview).toContainText("Lovelace, Bea");
  await expect(preview).toContainText(`Bulk ${run} "2"`);
  const errors = panel.getByRole("list", { name: "Row errors" });
  await expect(errors.getByRole("listitem")).toHaveCount(2);
  await expect(errors.getByRole("listitem").nth(0)).toContainText("Row 3:");
  await expect(errors.getByRole("listitem").nth(0)).toContainText("not a valid e-mail address");
  await expect(errors.getByRole("listitem").nth(1)).toContainText("Row 5: s1.name is required");
  const before = await (await request.get(`/api/v1/enterprise/bulk-sends?limit=100`, { headers })).json();
  const knownIds = new Set(before.data.items.map((b: { id: string }) => b.id));
  await screenshot(page, "bulk-send-preview");

  // Sent: the progress bar runs to the end, each row shows its outcome.
  await panel.getByRole("button", { name: "Send 4 requests" }).click();
  const bar = panel.getByRole("progressbar", { name: "Bulk send progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 60_000 });
  await expect(panel.getByRole("status", { name: "Bulk send status" })).toHaveText("Done: 4 sent, 2 failed, 0 pending of 6.", {
    timeout: 60_000,
  });
  const outcomes = panel.getByRole("table", { name: "Row outcomes" });
  await expect(outcomes.getByRole("link", { name: "Sent" })).toHaveCount(4);
  await expect(outcomes.locator('tr[data-status="FAILED"]')).toHaveCount(2);
  await expect(outcomes.locator('tr[data-status="FAILED"]').first()).toContainText("not a valid e-mail address");
  await screenshot(page, "bulk-send-done");

  // The API has the same bulk send, and each good row's request went out.
  const after = await (await request.get(`/api/v1/enterprise/bulk-sends?limit=100`, { headers })).json();
  const mine = after.data.items.filter((b: { id: string }) => !knownIds.has(b.id));
  expect(mine).toHaveLength(1);
  const bulk = (await (await request.get(`/api/v1/enterprise/bulk-sends/${mine[0].id}`, { headers })).json()).data;
  expect(bulk).toMatchObject({ status: "DONE", total: 6, sent: 4, failed: 2 });
  for (const row of bulk.rows.filter((r: { status: string }) => r.status === "SENT")) {
    const req = (await (await request.get(`${SR}/${row.requestId}`, { headers })).json()).data;
    expect(req.status).toBe("IN_PROGRESS");
    expect(req.fields).toHaveLength(1);
  }
  // An invitation reached a good row's signer (the run's SMTP sink).
  expect(await signingToken(email(1))).toBeTruthy();

  // The first outcome link opens the request.
  await outcomes.getByRole("link", { name: "Sent" }).first().click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
});
