import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, SR, signingToken } from "./support";

// A later signer sees, where earlier signers signed, what they put there: a drawn signature, a typed one, a
// text and a tick, drawn read-only (not a control, not in the tab order), each named "… signed by Ann Archer"
// or "…, filled in by Ann Archer"; their own field stays the only thing to fill. At a desk and on a phone.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

for (const width of [1280, 390]) {
  test(`step 2's page draws step 1's values read-only where they stand (${width} px)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const title = `Earlier values ${run} ${width}`;
    const ann = { name: "Ann Archer", email: `ann.${width}.${run}@example.com`, order: 1 };
    const cy = { name: "Cy Clark", email: `cy.${width}.${run}@example.com`, order: 2 };
    const created = await request.post(SR, {
      headers,
      multipart: {
        title,
        delivery_mode: "email",
        file: { name: "deal.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Parties sign below."]) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id: string = (await created.json()).data.id;
    const ids: string[] = [];
    for (const r of [ann, cy]) {
      const res = await request.post(`${SR}/${id}/recipients`, { headers, data: r });
      expect(res.status(), await res.text()).toBe(201);
      ids.push((await res.json()).data.id);
    }
    const [annId, cyId] = ids;
    const placed = await request.post(`${SR}/${id}/fields`, {
      headers,
      data: {
        fields: [
          { type: "SIGNATURE", recipientId: annId, page: 1, x: 72, y: 300, width: 180, height: 50, label: "Seller signature" },
          { type: "INITIAL", recipientId: annId, page: 1, x: 300, y: 300, width: 60, height: 30, label: "Seller initials" },
          { type: "TEXT", recipientId: annId, page: 1, x: 72, y: 380, width: 200, height: 20, label: "Company" },
          { type: "CHECKBOX", recipientId: annId, page: 1, x: 72, y: 420, width: 14, height: 14, label: "Agree" },
          { type: "SIGNATURE", recipientId: cyId, page: 1, x: 72, y: 520, width: 180, height: 50, label: "Buyer signature" },
        ],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

    // Ann signs through the signer's API (the signing page itself is signing.spec.ts's).
    const annToken = await signingToken(ann.email);
    const annView = (await (await request.get(`/api/sign/${annToken}`)).json()).data;
    const of = (label: string) => annView.fields.find((f: { label: string | null }) => f.label === label).id as string;
    const signed = await request.post(`/api/sign/${annToken}/sign`, {
      data: {
        consent: true,
        values: [
          { fieldId: of("Seller signature"), image: PNG },
          { fieldId: of("Seller initials"), typed: "AA" },
          { fieldId: of("Company"), text: "Archer & Co" },
          { fieldId: of("Agree"), checked: true },
        ],
      },
    });
    expect(signed.status(), await signed.text()).toBe(200);

    // Cy opens the link from their mail: Ann's values stand where she gave them, not Cy's to fill.
    const cyToken = await signingToken(cy.email);
    await page.goto(`/sign/${cyToken}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    const sig = page.getByRole("img", { name: "Seller signature, signed by Ann Archer" });
    await expect(sig).toBeVisible({ timeout: 30_000 });
    await expect(sig.locator("img")).toHaveJSProperty("complete", true);
    expect(await sig.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("img", { name: "Seller initials, signed by Ann Archer" })).toContainText("AA");
    await expect(page.getByRole("img", { name: "Company: Archer & Co, filled in by Ann Archer" })).toContainText("Archer & Co");
    await expect(page.getByRole("img", { name: "Agree: ticked, filled in by Ann Archer" })).toBeVisible();
    // Read-only: none of Ann's values is a control or reachable with Tab; Cy's own signature is.
    for (const name of ["Seller signature", "Seller initials", "Company", "Agree"]) {
      await expect(page.getByRole("button", { name: new RegExp(name) })).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: new RegExp(name) })).toHaveCount(0);
      await expect(page.getByRole("checkbox", { name: new RegExp(name) })).toHaveCount(0);
    }
    expect(await page.locator("[data-earlier-field]").evaluateAll((els) => els.map((e) => e.getAttribute("tabindex")))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    await expect(page.locator("[data-earlier-field] :is(input, button, select, textarea, a)")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Buyer signature/ })).toHaveCount(1);

    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await sig.scrollIntoViewIfNeeded();
    await screenshot(page, `earlier-values-${width}`);
  });
}
