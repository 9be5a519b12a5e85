import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { dragTo, makePdf, pageDrawn, screenshot, SR } from "./support";

// The field types beyond signature, date and text, from the placer's palette (the signer's side is e2e/field-types.spec.ts):
// each dropped where it was aimed, its properties edited in the panel, and the API holding them.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const SIGNER = "Pia Palette";
// Tall enough for the whole palette: a pointer cannot pick up an entry below the fold.
test.use({ viewport: { width: 1280, height: 1100 } });

async function pageGeometry(page: Page) {
  const box = (await (await pageDrawn(page, 1)).boundingBox())!;
  return { box, s: box.width / 612 };
}

interface ApiField {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  options?: string[] | null;
  group?: string | null;
  option?: string | null;
  min?: number | null;
  max?: number | null;
  decimals?: number | null;
}

test("the palette places a checkbox, a dropdown, a number, a radio group, a name and an e-mail; the API has their properties", async ({
  page,
  request,
}) => {
  await page.goto("/requests/new");
  await page
    .getByLabel("PDF document")
    .setInputFiles({ name: "form.pdf", mimeType: "application/pdf", buffer: await makePdf(1) });
  await page.getByLabel("Title").fill(`E2E palette ${run}`);
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=recipients$/);
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1];
  await page.getByLabel("Name", { exact: true }).fill(SIGNER);
  await page.getByLabel("E-mail", { exact: true }).fill(`pia.${run}@example.com`);
  await page.getByRole("button", { name: "Add recipient" }).click();
  await expect(page.getByRole("listitem", { name: `Recipient ${SIGNER}` })).toBeVisible();
  await page.getByRole("button", { name: "Continue to fields" }).click();
  await expect(page).toHaveURL(/step=fields$/);

  const { box, s } = await pageGeometry(page);
  const palette = page.getByRole("region", { name: "Field palette" });
  const props = page.getByRole("region", { name: "Field properties" });
  /** Drops a palette entry so that the new box's centre is at `at` (PDF points from the top-left). */
  const place = async (label: string, at: { x: number; y: number }) => {
    const from = (await palette.getByRole("button", { name: label, exact: true }).boundingBox())!;
    await dragTo(page, { x: from.x + 20, y: from.y + 10 }, { x: box.x + at.x * s, y: box.y + at.y * s });
    await page.mouse.up();
  };

  await place("Checkbox", { x: 80, y: 100 });
  await expect(page.getByRole("button", { name: `Checkbox field for ${SIGNER}` })).toBeVisible();

  await place("Dropdown", { x: 140, y: 150 });
  await expect(page.getByRole("button", { name: `Dropdown field for ${SIGNER}` })).toBeVisible();
  const options = props.getByLabel("Options (one per line)");
  await expect(options).toHaveValue("Option 1\nOption 2");
  await options.fill("Red\nGreen\n\nBlue");
  await options.blur();

  await place("Number", { x: 110, y: 200 });
  await expect(page.getByRole("button", { name: `Number field for ${SIGNER}` })).toBeVisible();
  for (const [label, value] of [
    ["Minimum", "1"],
    ["Maximum", "10"],
    ["Decimals", "2"],
  ] as const) {
    await props.getByLabel(label).fill(value);
    await props.getByLabel(label).press("Enter");
  }

  // Two radio buttons: the second joins the first's group as the next option.
  await place("Radio button", { x: 80, y: 250 });
  await place("Radio button", { x: 120, y: 250 });
  await expect(page.getByRole("button", { name: `Radio button field for ${SIGNER}` })).toHaveCount(2);
  await expect(props.getByLabel("Group")).toHaveValue("Choice");
  await expect(props.getByLabel("Option of this button")).toHaveValue("Option 2");
  await expect(props.getByTestId("radio-group-options")).toContainText("Option 1, Option 2");

  await place("Full name", { x: 160, y: 300 });
  await place("E-mail address", { x: 170, y: 350 });
  await expect(page.getByRole("button", { name: `E-mail address field for ${SIGNER}` })).toBeVisible();
  await screenshot(page, "placer-field-types");

  // The API, with the e2e key: every field saved, with its properties, where it was dropped.
  const fields = async (): Promise<ApiField[]> => {
    const res = await request.get(`${SR}/${id}`, { headers });
    expect(res.status()).toBe(200);
    return (await res.json()).data.fields as ApiField[];
  };
  await expect
    .poll(async () => {
      const list = await fields();
      return {
        types: list.map((f) => f.type).sort(),
        dropdown: list.find((f) => f.type === "DROPDOWN")?.options,
        decimals: list.find((f) => f.type === "NUMBER")?.decimals,
      };
    })
    .toEqual({
      types: ["CHECKBOX", "DROPDOWN", "EMAIL", "NAME", "NUMBER", "RADIO", "RADIO"],
      dropdown: ["Red", "Green", "Blue"],
      decimals: 2,
    });
  const list = await fields();
  const byType = (t: string) => list.filter((f) => f.type === t);
  expect(byType("NUMBER")[0]).toMatchObject({ min: 1, max: 10, decimals: 2 });
  expect(byType("RADIO").map((f) => [f.group, f.option])).toEqual(
    expect.arrayContaining([
      ["Choice", "Option 1"],
      ["Choice", "Option 2"],
    ]),
  );
  const checkbox = byType("CHECKBOX")[0]!;
  expect(Math.abs(checkbox.x + checkbox.width / 2 - 80)).toBeLessThanOrEqual(2);
  expect(Math.abs(checkbox.y + checkbox.height / 2 - 100)).toBeLessThanOrEqual(2);
  expect([checkbox.width, checkbox.height]).toEqual([16, 16]);
});
