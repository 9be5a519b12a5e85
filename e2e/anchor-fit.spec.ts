import { expect, test, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { E2E_KEY } from "./playwright.config";
import { makePdf, pageDrawn, screenshot, SR } from "./support";

// A contract whose short date anchor {{s1|date}} sits on a text line: the anchor makes the interface spec's
// 200 × 60 box at 14 pt, which covers the rest of its line and the line below. Staff at 1280 × 720 detect the
// anchors, see that field flagged, click "Fit to the line" and create the fields: the API holds the date field
// at the fitted size (the line's height and the room up to the next word, at the line's 12 pt).

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

async function axe(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

interface Listed {
  anchorKey: string;
  x: number;
  y: number;
  layout?: { fit: { width: number; height: number; fontSize?: number } | null };
}

test("a date anchor over the text is flagged, fitted to its line with one click, and placed at that size", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const pdf = await makePdf(1, () => [
    "Client signature: {{s1|signature|150|24}}",
    "Date: {{s1|date}} (day of signing)",
    "Thank you for your business.",
  ]);
  const created = await request.post(SR, {
    headers,
    multipart: { title: `E2E anchor fit ${run}`, file: { name: "fit.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const ann = (
    await (
      await request.post(`${SR}/${id}/recipients`, {
        headers,
        data: { name: "Ann Client", email: "ann.fit@example.com", order: 1 },
      })
    ).json()
  ).data;

  await page.goto(`/requests/${id}/edit?step=fields`);
  await pageDrawn(page, 1);
  const panel = page.getByRole("region", { name: "Anchors" });
  await panel.getByRole("button", { name: "Detect anchors" }).click();
  await expect(panel.getByRole("status")).toHaveText("2 anchors found.");
  await expect(panel.getByLabel("Recipient for s1")).toHaveValue(ann.id);

  // The date's field (the spec's 200 × 60) covers the words after it and the next line: flagged on the page and listed.
  const covering = panel.getByRole("region", { name: "Fields that cover text or another field" });
  const item = covering.getByRole("listitem").filter({ hasText: "{{s1|date}}" });
  await expect(item).toContainText("Page 1: the field of {{s1|date}} covers “(day of signing)”, “Thank you for your business.”");
  await expect(covering.getByRole("listitem")).toHaveCount(1);
  await expect(page.locator('[data-page="1"] [data-testid="anchor-mark"][data-covering="true"]')).toHaveCount(1);
  await expect(page.locator('[data-page="1"]')).toContainText("s1 · date · 200×60 · covers text or a field");
  await axe(page);
  await item.scrollIntoViewIfNeeded();
  await screenshot(page, "anchor-fit-flagged");

  // One click: the date takes the box that fits its line, drawn at once; nothing is flagged any more.
  await item.getByRole("button", { name: "Fit to the line" }).click();
  await expect(covering).toHaveCount(0);
  await expect(page.locator('[data-testid="anchor-mark"][data-covering="true"]')).toHaveCount(0);
  await expect(panel).toContainText(/\{\{s1\|date\}\} fits its line: [\d.]+ × [\d.]+ pt, text at 12 pt\./);
  await axe(page);
  await screenshot(page, "anchor-fit-fitted");

  // What the preview offered as the fit.
  const preview = (await (await request.post(`${SR}/${id}/anchors/preview`, { headers, data: {} })).json()).data
    .anchors as Listed[];
  const date = preview.find((a) => a.anchorKey === "{{s1|date}}")!;
  const fit = date.layout!.fit!;
  expect(fit.height).toBeLessThan(20);
  expect(fit.width).toBeLessThan(200);
  expect(fit.fontSize).toBe(12);

  await panel.getByRole("button", { name: "Create fields from anchors" }).click();
  await expect(panel).toContainText("2 fields created from anchors.");
  await expect(page.getByRole("button", { name: "Date signed field for Ann Client" })).toBeVisible();

  // The API holds the fitted box for the date; the signature keeps its anchor's own size.
  const fields = (await (await request.get(`${SR}/${id}`, { headers })).json()).data.fields as {
    type: string;
    recipientId: string;
    x: number;
    y: number;
    width: number;
    height: number;
    fontSize: number | null;
  }[];
  expect(fields).toHaveLength(2);
  const dateField = fields.find((f) => f.type === "DATE")!;
  expect(dateField).toMatchObject({ recipientId: ann.id, width: fit.width, height: fit.height, fontSize: 12 });
  expect(Math.abs(dateField.x - date.x)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(dateField.y - date.y)).toBeLessThanOrEqual(0.01);
  expect(fields.find((f) => f.type === "SIGNATURE")).toMatchObject({ recipientId: ann.id, width: 150, height: 24 });
  // The anchor itself still asks for the spec's box: only this placement was fitted.
  expect(date).toMatchObject({ anchor: { width: 200, height: 60, fontSize: 14 } });
});
