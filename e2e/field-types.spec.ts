import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { cspViolations, makePdf, screenshot, SCREENSHOTS, signingToken, SR } from "./support";

// Field types: a request with a CHECKBOX, a RADIO group of two buttons, a DROPDOWN, a NUMBER,
// NAME and EMAIL besides a SIGNATURE. The signer ticks, picks, chooses, types (a number out of bounds
// first, refused on the page), keeps the pre-filled name, changes the e-mail, and signs. The sealed PDF
// has each value (pdftotext), a valid PAdES signature (pdfsig), and a rendered page to look at.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };

/** The checkbox and radio label pills that lie over a word of their page's text layer ("Basic over Plan:"). */
const labelsOverWords = (page: Page) =>
  page.evaluate(() => {
    const over: string[] = [];
    for (const label of document.querySelectorAll<HTMLElement>("[data-field-label]")) {
      const l = label.getBoundingClientRect();
      for (const word of label.closest("[data-page]")?.querySelectorAll("svg[data-text-layer] text") ?? []) {
        const w = word.getBoundingClientRect();
        const x = Math.min(l.right, w.right) - Math.max(l.left, w.left);
        const y = Math.min(l.bottom, w.bottom) - Math.max(l.top, w.top);
        if (x > 0.5 && y > 0.5) over.push(`${label.textContent} over ${word.textContent}`);
      }
    }
    return over;
  });
const run = Date.now().toString(36);

test("the signer fills a checkbox, a radio group, a dropdown, a number, name and e-mail; the seal shows each", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `nora.${run}@example.com`;
  const pdf = await makePdf(1, () => [
    "Terms accepted:",
    "Plan (Basic or Pro):",
    "Colour:",
    "Seats:",
    "Name:",
    "E-mail:",
    "Signature:",
  ]);
  const created = await request.post(SR, {
    headers,
    multipart: { title: `E2E field types ${run}`, file: { name: "order.pdf", mimeType: "application/pdf", buffer: pdf } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const signer = (await (await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Nora Numbers", email } })).json())
    .data;
  // makePdf's lines are at y = 792 - (660 - n * 40) from the top: 132, 172, 212, …; fields sit to the right of them.
  const row = (n: number) => 792 - (660 - n * 40) - 12;
  const at = { recipientId: signer.id, page: 1 };
  const fields = [
    { ...at, type: "CHECKBOX", x: 200, y: row(0), width: 14, height: 14, label: "I accept the terms" },
    { ...at, type: "RADIO", x: 200, y: row(1), width: 14, height: 14, group: "Plan", option: "Basic" },
    { ...at, type: "RADIO", x: 260, y: row(1), width: 14, height: 14, group: "Plan", option: "Pro" },
    {
      ...at,
      type: "DROPDOWN",
      x: 200,
      y: row(2) - 4,
      width: 150,
      height: 20,
      label: "Colour",
      options: ["Red", "Green", "Blue"],
    },
    { ...at, type: "NUMBER", x: 200, y: row(3) - 4, width: 100, height: 20, label: "Seats", min: 1, max: 500, decimals: 0 },
    { ...at, type: "NAME", x: 200, y: row(4) - 4, width: 200, height: 20 },
    { ...at, type: "EMAIL", x: 200, y: row(5) - 4, width: 220, height: 20 },
    { ...at, type: "SIGNATURE", x: 200, y: row(6) - 20, width: 180, height: 44, label: "Customer signature" },
  ];
  const added = await request.post(`${SR}/${id}/fields`, { headers, data: { fields } });
  expect(added.status(), await added.text()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const refused = cspViolations(page);
  await page.goto(`/sign/${await signingToken(email)}`);
  await expect(page.getByRole("heading", { name: `E2E field types ${run}` })).toBeVisible();
  // Required: the checkbox, the plan (one group), the colour, the seats, name, e-mail and the signature.
  await expect(page.getByText("2 of 7 required fields completed")).toBeVisible();

  // Name and e-mail come pre-filled from the recipient; the e-mail is changed.
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("Nora Numbers");
  const mail = page.getByLabel("E-mail", { exact: true });
  await expect(mail).toHaveValue(email);
  await mail.fill(`nora.billing.${run}@example.org`);

  // Each checkbox and radio button says what it is beside it on the page, readable (12 px or more) at any zoom.
  for (const [id, words] of [
    ["I accept the terms", "I accept the terms"],
    ["Plan: Basic", "Basic"],
    ["Plan: Pro", "Pro"],
  ] as const) {
    const box = page.getByRole(id.startsWith("Plan") ? "radio" : "checkbox", { name: id });
    const label = page.locator("[data-field]", { has: box }).locator("[data-field-label]");
    await expect(label).toBeVisible();
    await expect(label).toHaveText(words);
    expect(parseFloat(await label.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
  }
  // No pill lies over the document's own words, once the page's text layer is there.
  await expect(page.locator("[data-page='1'] svg[data-text-layer] text").first()).toBeAttached();
  await expect.poll(() => labelsOverWords(page)).toEqual([]);
  await page.getByRole("checkbox", { name: "I accept the terms" }).check();
  await page.getByRole("radio", { name: "Plan: Basic" }).check();
  await page.getByRole("radio", { name: "Plan: Pro" }).check();
  await expect(page.getByRole("radio", { name: "Plan: Basic" })).not.toBeChecked();
  await page.getByRole("combobox", { name: "Colour" }).selectOption("Green");
  const seats = page.getByRole("textbox", { name: "Seats" });
  await seats.fill("600");

  const sig = page.getByRole("button", { name: "Customer signature" });
  await sig.click();
  const dialog = page.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  // A number Sign would refuse (over the maximum) is not counted as filled.
  await expect(page.getByText("6 of 7 required fields completed")).toBeVisible();
  await page.getByLabel("I agree to sign this document electronically").check();

  // Over the maximum: refused on the page, before anything is sent.
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByText("At most 500")).toBeVisible();
  await expect(seats).toHaveAttribute("aria-invalid", "true");
  await seats.fill("42");
  await expect(page.getByText("7 of 7 required fields completed")).toBeVisible();
  await screenshot(page, "field-types-signer");

  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  expect(refused).toEqual([]);

  // The server stored what was chosen: the sealed PDF (through the API) shows it.
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, { timeout: 60_000 })
    .toBe("COMPLETED");
  const res = await request.get(`${SR}/${id}/document`, { headers });
  expect(res.status()).toBe(200);
  const file = path.join(test.info().outputDir, "field-types-sealed.pdf");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await res.body());
  const page1 = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"], { encoding: "utf8" });
  for (const v of ["Green", "42", "Nora Numbers", `nora.billing.${run}@example.org`]) expect(page1, v).toContain(v);
  const sigCheck = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(sigCheck).toContain("Signature is Valid.");
  expect(sigCheck).toContain("Total document signed");

  // The tick and the chosen dot are vector paths: look at them in the rendered page.
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "60",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    file,
    path.join(SCREENSHOTS, "field-types-sealed-page"),
  ]);
  expect(fs.statSync(path.join(SCREENSHOTS, "field-types-sealed-page.png")).size).toBeGreaterThan(1000);
});
