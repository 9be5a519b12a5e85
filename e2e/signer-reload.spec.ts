import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { cspViolations, drawSignature, makePdf, signingToken, SR } from "./support";

// Nothing a signer enters is lost: a signer fills half of their fields (a text, a checkbox, a drawn
// signature), reloads the page, and finds each value again; the link opened in another browser (another
// device) shows them too; they finish and sign, and the saved values are gone once they have signed.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

/** What the signer's view serves back as saved (the same call the page makes). */
async function savedValues(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/sign/${token}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.drafts as { fieldId: string; text?: string; checked?: boolean; image?: string }[];
}

test("a signer fills half the fields, reloads, and finds them; another browser too; signing drops them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `rita.${run}@example.com`;
  const title = `E2E reload ${run}`;
  const pdf = await makePdf(1, () => ["Job title:", "Company:", "Phone:", "Terms:", "Newsletter:", "Signature:"]);
  const created = await request.post(SR, {
    headers,
    multipart: { title, file: { name: "reload.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const signer = (await (await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Rita Reload", email } })).json())
    .data;
  // makePdf's lines are at y = 132, 172, 212, … from the top; each field sits to the right of its line.
  const row = (n: number) => 792 - (660 - n * 40) - 12;
  const at = { recipientId: signer.id, page: 1 };
  const fields = [
    { ...at, type: "TEXT", x: 200, y: row(0) - 4, width: 200, height: 20, label: "Job title" },
    { ...at, type: "TEXT", x: 200, y: row(1) - 4, width: 200, height: 20, label: "Company" },
    { ...at, type: "TEXT", x: 200, y: row(2) - 4, width: 200, height: 20, label: "Phone" },
    { ...at, type: "CHECKBOX", x: 200, y: row(3), width: 14, height: 14, label: "I accept the terms" },
    { ...at, type: "CHECKBOX", x: 200, y: row(4), width: 14, height: 14, label: "Send me news", required: false },
    { ...at, type: "SIGNATURE", x: 200, y: row(5) - 20, width: 180, height: 44, label: "Customer signature" },
  ];
  const added = await request.post(`${SR}/${id}/fields`, { headers, data: { fields } });
  expect(added.status(), await added.text()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const token = await signingToken(email);
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const refused = cspViolations(page);
  await page.goto(`/sign/${token}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // Required: the three texts, the terms and the signature.
  await expect(page.getByText("0 of 5 required fields completed")).toBeVisible();

  // Half of it: a text, a checkbox and a drawn signature.
  await page.getByLabel("Job title", { exact: true }).fill("Head of purchasing");
  await page.getByRole("checkbox", { name: "I accept the terms" }).check();
  const sig = page.getByRole("button", { name: "Customer signature" });
  await sig.click();
  const dialog = page.getByRole("dialog", { name: "Add your signature" });
  await drawSignature(page);
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await expect(dialog).toBeHidden();
  await expect(sig.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByText("3 of 5 required fields completed")).toBeVisible();

  // The page saves as the signer goes (a moment after the last change): the server holds the three values.
  await expect
    .poll(async () => (await savedValues(request, token)).length, {
      timeout: 20_000,
      intervals: [1000],
      message: "3 values saved",
    })
    .toBe(3);

  // A reload finds everything as it was.
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("3 of 5 required fields completed")).toBeVisible();
  await expect(page.getByLabel("Job title", { exact: true })).toHaveValue("Head of purchasing");
  await expect(page.getByRole("checkbox", { name: "I accept the terms" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Send me news" })).not.toBeChecked();
  await expect(page.getByLabel("Company", { exact: true })).toHaveValue("");
  await expect(sig.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);

  // The link opened in another browser (another device, no cookie of this one): the same.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await other.newPage();
  await second.goto(page.url());
  await expect(second.getByRole("heading", { name: title })).toBeVisible();
  await expect(second.getByText("3 of 5 required fields completed")).toBeVisible();
  await expect(second.getByLabel("Job title", { exact: true })).toHaveValue("Head of purchasing");
  await expect(second.getByRole("checkbox", { name: "I accept the terms" })).toBeChecked();
  await expect(second.getByRole("button", { name: "Customer signature" }).locator("img")).toHaveAttribute(
    "src",
    /^data:image\/png;base64,/,
  );
  await other.close();

  // The rest, and the signature: the restored image is signed like a drawn one.
  await page.getByLabel("Company", { exact: true }).fill("Reload & Sons");
  await page.getByLabel("Phone", { exact: true }).fill("+44 20 7946 0000");
  await expect(page.getByText("5 of 5 required fields completed")).toBeVisible();
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  expect(pageErrors).toEqual([]);
  expect(refused).toEqual([]);

  // Signed: nothing saved is kept or served any more; the request has the signed values.
  expect(await savedValues(request, token)).toEqual([]);
  const req = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  expect(req.recipients[0].status).toBe("SIGNED");
});
