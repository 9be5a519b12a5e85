import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { axe, makePdf, screenshot, SR } from "./support";

// Staff see a signing group as one place: in compose's recipients (grouped, "any 2 of 3 sign"), in the placer
// (one assignee, fields by place) and on the request's page; axe passes on each, at 1280 × 720.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("a two-of-three group in compose, the placer and the request page", async ({ page, request }) => {
  test.setTimeout(90_000);
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Group resolution ${run}`,
      file: { name: "resolution.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Board resolution"]) },
    },
  });
  const id: string = (await created.json()).data.id;
  const ids: string[] = [];
  for (const name of ["Ada", "Ben", "Cy"]) {
    const r = await request.post(`${SR}/${id}/recipients`, {
      headers,
      data: {
        name: `${name} Director`,
        email: `${name.toLowerCase()}-g-${run}@example.com`,
        group: { name: "Directors", required: 2 },
      },
    });
    expect(r.status(), await r.text()).toBe(201);
    ids.push((await r.json()).data.id);
  }
  for (const seat of [1, 2]) {
    const f = await request.post(`${SR}/${id}/fields`, {
      headers,
      data: { type: "SIGNATURE", recipientId: ids[0], seat, page: 1, x: 72, y: 300 + seat * 80, width: 200, height: 50 },
    });
    expect(f.status(), await f.text()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/requests/${id}/edit`);
  await expect(page.getByText("Directors — any 2 of 3 sign")).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave group Directors: take Ben Director out of it" })).toBeVisible();
  await axe(page, "compose recipients with a group");
  await screenshot(page, "group-compose-recipients");

  await page.getByRole("button", { name: "Continue to fields" }).click();
  await expect(page.getByText("Signature · place 2")).toBeVisible({ timeout: 30_000 });
  await axe(page, "placer with a group");
  await screenshot(page, "group-placer");

  await page.goto(`/requests/${id}`);
  await expect(page.getByText("any 2 of 3 must sign")).toBeVisible();
  await axe(page, "request page with a group");
  await screenshot(page, "group-request-page");
});
