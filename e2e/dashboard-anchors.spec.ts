import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, pageDrawn, screenshot, SR } from "./support";

// "Detect anchors": every {{...}} anchor of the PDF drawn on its page, the malformed one listed with its
// reason, s1/s2 mapped to the recipients, and the fields created where the anchors are.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("anchor preview draws the anchors, lists the malformed one, and creates the signers' fields", async ({ page, request }) => {
  const pdf = await makePdf(2, (n) =>
    n === 1
      ? ["Client signature: {{s1|signature|150|50}}", "Date: {{s1|date}}", "Witness: {{s3|signature|wide|50}}"]
      : ["Provider signature: {{s2|signature|160|40}}", "Initial here: {{signet:initials_provider}}"],
  );
  const created = await request.post(SR, {
    headers,
    multipart: { title: `E2E anchors ${run}`, file: { name: "anchors.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;
  const ann = (
    await (
      await request.post(`${SR}/${id}/recipients`, {
        headers,
        data: { name: "Ann Client", email: "ann.client@example.com", order: 1 },
      })
    ).json()
  ).data;
  const bob = (
    await (
      await request.post(`${SR}/${id}/recipients`, {
        headers,
        data: { name: "Bob Provider", email: "bob.provider@example.com", order: 2 },
      })
    ).json()
  ).data;

  await page.goto(`/requests/${id}/edit?step=fields`);
  await pageDrawn(page, 1);
  const panel = page.getByRole("region", { name: "Anchors" });
  await panel.getByRole("button", { name: "Detect anchors" }).click();
  await expect(panel.getByRole("status")).toHaveText("5 anchors found, 1 malformed.");
  await expect(page.locator('[data-page="1"] [data-testid="anchor-mark"]')).toHaveCount(3);
  await expect(page.locator('[data-page="2"] [data-testid="anchor-mark"]')).toHaveCount(2);
  await expect(page.locator('[data-page="1"]')).toContainText("s1 · signature · 150×50");
  await expect(panel).toContainText("{{s3|signature|wide|50}}");
  await expect(panel).toContainText("width must be a number of points");
  // s1 → the first signer, s2 → the second, by default.
  await expect(panel.getByLabel("Recipient for s1")).toHaveValue(ann.id);
  await expect(panel.getByLabel("Recipient for s2")).toHaveValue(bob.id);
  await screenshot(page, "placer-anchor-overlay");

  await panel.getByRole("button", { name: "Create fields from anchors" }).click();
  await expect(panel).toContainText("3 fields created from anchors.");
  // The older {{signet:…}} anchor is not "skipped" in API words: it has its own section, where staff choose
  // the kind of field (suggested from its name) and the signer, and place it.
  await expect(panel).not.toContainText("Legacy anchor");
  await expect(panel).not.toContainText("/fields/anchored");
  const older = panel.getByRole("region", { name: "One older anchor" });
  await expect(older).toContainText("Page 2: {{signet:initials_provider}}");
  const kind = older.getByLabel("Kind of field at {{signet:initials_provider}}, page 2");
  await expect(kind).toHaveValue("INITIAL");
  await older.getByLabel("Signer of the field at {{signet:initials_provider}}, page 2").selectOption(bob.id);
  await older.getByRole("button", { name: "Place a field at this anchor" }).click();
  await expect(older.getByRole("status")).toHaveText("Every older anchor has its field.");
  await expect(page.getByRole("button", { name: "Initials field for Bob Provider" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Signature field for Ann Client" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Date signed field for Ann Client" })).toBeVisible();

  // The fields are stored where the preview found the anchors, with the anchors' sizes.
  const preview = (await (await request.post(`${SR}/${id}/anchors/preview`, { headers, data: {} })).json()).data.anchors as {
    anchorKey: string;
    page: number;
    x: number;
    y: number;
  }[];
  const fields = (await (await request.get(`${SR}/${id}`, { headers })).json()).data.fields as {
    type: string;
    recipientId: string;
    page: number;
    x: number;
    y: number;
    width: number;
    height: number;
  }[];
  expect(fields).toHaveLength(4);
  const at = (key: string) => preview.find((a) => a.anchorKey === key)!;
  const initials = fields.find((f) => f.type === "INITIAL")!;
  expect(initials).toMatchObject({ recipientId: bob.id, page: 2 });
  expect(Math.abs(initials.x - at("{{signet:initials_provider}}").x)).toBeLessThanOrEqual(2);
  expect(Math.abs(initials.y - at("{{signet:initials_provider}}").y)).toBeLessThanOrEqual(2);
  const sig1 = fields.find((f) => f.type === "SIGNATURE" && f.recipientId === ann.id)!;
  expect(sig1).toMatchObject({ page: 1, width: 150, height: 50 });
  expect(Math.abs(sig1.x - at("{{s1|signature|150|50}}").x)).toBeLessThanOrEqual(2);
  expect(Math.abs(sig1.y - at("{{s1|signature|150|50}}").y)).toBeLessThanOrEqual(2);
  const sig2 = fields.find((f) => f.recipientId === bob.id && f.type === "SIGNATURE")!;
  expect(sig2).toMatchObject({ type: "SIGNATURE", page: 2, width: 160, height: 40 });
  expect(fields.find((f) => f.type === "DATE")).toMatchObject({ recipientId: ann.id, page: 1, width: 200, height: 60 });

  // Review lists the malformed anchor before sending.
  await page.getByRole("link", { name: "Continue to review" }).click();
  await expect(page).toHaveURL(/step=review$/);
  await expect(page.getByRole("listitem").filter({ hasText: "{{s3|signature|wide|50}}" })).toContainText(
    "Page 1: {{s3|signature|wide|50}} — width must be a number of points",
  );
});
