import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, sealedPdfText, signingToken, SR } from "./support";

// Conditional and calculated fields as a signer meets them, in German: ticking "I have a co-signer" shows
// the co-signer's name and makes it required (announced to screen readers); the total follows the
// quantity and price typed with a decimal comma; unticked, the request is finished without the name. The
// sealed PDF holds the server's total and its certificate names the skipped field. axe on the page with
// the field hidden and shown.

test.use({ storageState: { cookies: [], origins: [] }, locale: "de-DE" });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a German signer ticks and unticks a co-signer, a total follows the decimal comma, the seal skips the hidden field", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const email = `regeln.${run}@example.com`;
  const title = `Bestellung ${run}`;
  const pdf = await makePdf(1, () => ["Mitunterzeichner:", "Name:", "Menge:", "Preis:", "Gesamt:", "Unterschrift:"]);
  const created = await request.post(SR, {
    headers,
    multipart: { title, file: { name: "bestellung.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const added = await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Greta Gruber", email, locale: "de" } });
  expect(added.status(), await added.text()).toBe(201);
  const at = { recipientId: (await added.json()).data.id as string, page: 1, x: 220 };
  // makePdf's lines are at y = 132, 172, 212, … from the top; the fields sit to the right of them.
  const first = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { ...at, type: "CHECKBOX", y: 118, width: 16, height: 16, label: "Ich habe einen Mitunterzeichner", required: false },
        { ...at, type: "NUMBER", y: 196, width: 100, height: 20, label: "Menge", name: "menge", decimals: 2 },
        { ...at, type: "NUMBER", y: 236, width: 100, height: 20, label: "Preis", name: "preis", decimals: 2 },
        { ...at, type: "SIGNATURE", y: 310, width: 180, height: 40, label: "Unterschrift" },
      ],
    },
  });
  expect(first.status(), await first.text()).toBe(201);
  const cosigner = (await first.json()).data.fields[0].id as string;
  const second = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        {
          ...at,
          type: "TEXT",
          y: 156,
          width: 200,
          height: 20,
          label: "Name des Mitunterzeichners",
          conditions: { all: [{ fieldId: cosigner, op: "equals", value: true }] },
        },
        { ...at, type: "FORMULA", y: 276, width: 120, height: 20, label: "Gesamt", name: "gesamt", formula: "menge * preis" },
      ],
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  await page.goto(`/sign/${await signingToken(email)}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const coName = page.getByRole("textbox", { name: "Name des Mitunterzeichners" });
  const box = page.getByRole("checkbox", { name: "Ich habe einen Mitunterzeichner" });
  await expect(box).toBeVisible();
  await expect(coName).toHaveCount(0);
  await axe(page);
  await screenshot(page, "form-rules-hidden");

  // Ticked: the name appears, is announced and is required.
  await box.check();
  await expect(coName).toBeVisible();
  await expect(page.locator("[aria-live=polite]").filter({ hasText: "Jetzt angezeigt: Name des Mitunterzeichners" })).toHaveCount(
    1,
  );

  // The total follows what is typed, in German.
  const total = page.getByRole("textbox", { name: "Gesamt" });
  await page.getByRole("textbox", { name: "Menge" }).fill("3");
  await page.getByRole("textbox", { name: "Preis" }).fill("12,50");
  await expect(total).toHaveValue("37,50");
  await page.getByRole("textbox", { name: "Menge" }).fill("2,5");
  await expect(total).toHaveValue("31,25");
  await expect(total).toHaveAttribute("readonly", "");
  await axe(page);
  await screenshot(page, "form-rules-shown");

  await page.getByRole("button", { name: "Unterschrift" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Tippen" }).click();
  await dialog.getByRole("button", { name: "Diese Unterschrift verwenden" }).click();
  await page.getByLabel("Ich bin damit einverstanden, dieses Dokument elektronisch zu unterschreiben").check();
  await page.getByRole("button", { name: "Unterschreiben", exact: true }).click();
  // The shown name is required.
  await expect(page.getByText("1 Pflichtfeld ist noch leer.")).toBeVisible();
  await expect(coName).toHaveAttribute("aria-invalid", "true");

  // Unticked: the name goes (announced), and the request is finished without it.
  await box.uncheck();
  await expect(coName).toHaveCount(0);
  await expect(
    page.locator("[aria-live=polite]").filter({ hasText: "Nicht mehr nötig: Name des Mitunterzeichners" }),
  ).toHaveCount(1);
  const sent = page.waitForRequest((r) => r.method() === "POST" && /\/api\/sign\/[^/]+\/sign$/.test(r.url()));
  await page.getByRole("button", { name: "Unterschreiben", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Vielen Dank/ })).toBeVisible();
  const body = (await sent).postDataJSON() as { values: { fieldId: string; text?: string }[] };
  // Neither the hidden name nor the total (the server's) is sent.
  expect(body.values.map((v) => v.fieldId)).not.toContain((await second.json()).data.fields[0].id);
  expect(body.values.map((v) => v.fieldId)).not.toContain((await second.json()).data.fields[1].id);

  const text = await sealedPdfText(request, id, `form-rules-${run}`);
  expect(text.split("\f")[0]).toContain("31.25");
  expect(text).toContain("Durch Bedingungen übersprungene Felder");
  expect(text).toMatch(/Name des Mitunterzeichners \(Greta Gruber\), Seite 1: nicht angezeigt, daher leer/);
});
