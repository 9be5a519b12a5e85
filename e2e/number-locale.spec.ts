import { expect, test } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, sealedPdfText, signingToken, SR } from "./support";

// A NUMBER as the signer means it: a signer with no language of their own, in a French browser, types
// "12,5" (a browser's number input kept 125). The page reads it in French, refuses an ambiguous "1.234"
// with a French message and leaves it as typed, shows "1234,5" back as "1 234,5", and sends the stored
// form: the sealed PDF says 12.5 and 1234.5.

test.use({ storageState: { cookies: [], origins: [] }, locale: "fr-FR" });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("a French-browser signer types 12,5 in a NUMBER field and the sealed PDF says 12.5, never 125", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `nombre.${run}@example.com`;
  const title = `Commande ${run}`;
  const pdf = await makePdf(1, () => ["Quantite :", "Montant :", "Signature :"]);
  const created = await request.post(SR, {
    headers,
    multipart: { title, file: { name: "commande.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  // No `locale` on the request nor on the recipient: the page's language is the browser's.
  const added = await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Noémie Nombre", email } });
  expect(added.status(), await added.text()).toBe(201);
  const at = { recipientId: (await added.json()).data.id as string, page: 1 };
  // makePdf's lines are at y = 132, 172, 212 from the top; fields sit to the right of them.
  const fields = [
    { ...at, type: "NUMBER", x: 200, y: 116, width: 100, height: 20, label: "Quantité", decimals: 2 },
    { ...at, type: "NUMBER", x: 200, y: 156, width: 120, height: 20, label: "Montant" },
    { ...at, type: "SIGNATURE", x: 200, y: 192, width: 180, height: 40, label: "Signature du client" },
  ];
  const placed = await request.post(`${SR}/${id}/fields`, { headers, data: { fields } });
  expect(placed.status(), await placed.text()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  await page.goto(`/sign/${await signingToken(email)}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  expect(await page.locator("html").getAttribute("lang")).toBe("fr");

  // A text box with the decimal keyboard, not a number input.
  const quantity = page.getByRole("textbox", { name: "Quantité" });
  await expect(quantity).toHaveAttribute("type", "text");
  await expect(quantity).toHaveAttribute("inputmode", "decimal");

  // Ambiguous in French (a point before three digits may group thousands): refused in French, kept as typed.
  await quantity.fill("1.234");
  await quantity.press("Tab");
  await expect(page.getByText("Ce nombre peut se lire de deux façons")).toBeVisible();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveValue("1.234");

  await quantity.fill("12,5");
  await quantity.press("Tab");
  await expect(quantity).toHaveValue("12,5");
  await expect(quantity).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText("Ce nombre peut se lire de deux façons")).toHaveCount(0);

  // Shown back as French writes it (a narrow no-break space between thousands).
  const amount = page.getByRole("textbox", { name: "Montant" });
  await amount.fill("1234,5");
  await amount.press("Tab");
  await expect(amount).toHaveValue("1\u202f234,5");

  await page.getByRole("button", { name: "Signature du client" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter votre signature" });
  await dialog.getByRole("tab", { name: "Saisir" }).click();
  await dialog.getByRole("button", { name: "Utiliser cette signature" }).click();
  await page.getByLabel("J’accepte de signer ce document électroniquement").check();
  const sent = page.waitForRequest((r) => r.method() === "POST" && /\/api\/sign\/[^/]+\/sign$/.test(r.url()));
  await page.getByRole("button", { name: "Signer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Merci – vous avez signé" })).toBeVisible();

  // The page sent the stored form ("." for decimals, no separators).
  const body = (await sent).postDataJSON() as { values: { text?: string }[] };
  expect(body.values.flatMap((v) => v.text ?? []).sort()).toEqual(["12.5", "1234.5"]);

  // The sealed PDF's first page (pdftotext separates pages with a form feed) shows the values as stored.
  const page1 = (await sealedPdfText(request, id, `number-locale-${run}`)).split("\f")[0]!;
  expect(page1).toContain("12.5");
  expect(page1).toContain("1234.5");
  expect(page1).not.toMatch(/\b125\b/);
});
