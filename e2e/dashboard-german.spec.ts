import { expect, test } from "@playwright/test";
import { dashboardCatalogs } from "../lib/i18n/dashboard/catalogs";
import { axe, dragTo, makePdf, pageDrawn, screenshot } from "./support";

// A staff member who works in German: they choose Deutsch on their account page, and the dashboard follows at
// once (its words, `<html lang>`, its dates); they upload a PDF, add a signer and place a signature box in
// German, every label read from the German catalog (a word the page showed in English would not be found); a
// refused upload is explained in German, by the API error's code.
// axe and screenshots at 1280×720. Their choice goes back to the browser's language at the end (the other
// specs read English).
const run = Date.now().toString(36);
type Tree = { [k: string]: string | Tree };
const word = (locale: "de" | "en", key: string, values: Record<string, string> = {}) => {
  const found = key
    .split(".")
    .reduce<string | Tree | undefined>(
      (node, part) => (node && typeof node === "object" ? node[part] : undefined),
      dashboardCatalogs[locale].dashboard as unknown as Tree,
    );
  if (typeof found !== "string") throw new Error(`no message ${key}`);
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), found);
};
const de = (key: string, values?: Record<string, string>) => word("de", key, values);

test("a staff member switches the dashboard to German and composes a request in German", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/settings/account");
  await page.getByLabel(word("en", "settings.account.mailLanguage")).selectOption("de");
  await page.getByRole("button", { name: word("en", "settings.account.saveProfile") }).click();
  await expect(page.getByRole("button", { name: de("settings.account.saveProfile") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("navigation", { name: de("common.nav.label") })).toContainText(de("common.nav.requests"));

  try {
    // What the API refuses is said in German too, by its code: a file that is not a PDF.
    await page.goto("/requests/new");
    await page
      .getByLabel(de("compose.upload.fileLabel"))
      .setInputFiles({ name: "notiz.pdf", mimeType: "application/pdf", buffer: Buffer.from("Nur eine Notiz, kein PDF.\n") });
    await page.getByLabel(de("compose.upload.title"), { exact: true }).fill(`Notiz ${run}`);
    await page.getByRole("button", { name: de("compose.upload.submit") }).click();
    const refusal = page.getByRole("alert").filter({ hasText: de("errorCodes.NOT_A_PDF") });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(de("errors.fileType", { message: de("errorCodes.NOT_A_PDF") }));
    await axe(page, "a refused upload in German");

    // Upload, in German.
    await page.goto("/requests/new");
    await expect(page.getByRole("heading", { name: de("compose.upload.heading") })).toBeVisible();
    await expect(page).toHaveTitle(de("compose.meta.newTitle"));
    await page
      .getByLabel(de("compose.upload.fileLabel"))
      .setInputFiles({ name: "vertrag.pdf", mimeType: "application/pdf", buffer: await makePdf(1) });
    await page.getByLabel(de("compose.upload.title"), { exact: true }).fill(`Dienstvertrag ${run}`);
    await axe(page, "compose in German");
    await screenshot(page, "compose-german");
    await page.getByRole("button", { name: de("compose.upload.submit") }).click();
    await expect(page).toHaveURL(/step=recipients$/);

    // A signer.
    await page.getByLabel(de("compose.recipients.add.name"), { exact: true }).fill("Anna Archer");
    await page.getByLabel(de("compose.recipients.add.email"), { exact: true }).fill(`anna.${run}@example.com`);
    await page.getByRole("button", { name: de("compose.recipients.add.submit") }).click();
    await expect(page.getByRole("listitem", { name: de("compose.recipients.row.label", { name: "Anna Archer" }) })).toBeVisible();
    await page.getByRole("button", { name: de("compose.recipients.continue") }).click();
    await expect(page).toHaveURL(/step=fields$/);

    // The placer: a signature box dragged from the palette onto page 1.
    const box = (await (await pageDrawn(page, 1)).boundingBox())!;
    const palette = page.getByRole("region", { name: de("placer.palette.label") });
    const from = (await palette.getByRole("button", { name: de("placer.fieldTypes.signature"), exact: true }).boundingBox())!;
    await dragTo(page, { x: from.x + 30, y: from.y + 12 }, { x: box.x + box.width / 3, y: box.y + box.height / 3 });
    await page.mouse.up();
    const field = page.getByRole("button", {
      name: de("placer.box.label", { type: de("placer.fieldTypes.signature"), name: "Anna Archer" }),
    });
    await expect(field).toBeVisible();
    await expect(page.getByTestId("save-status")).toHaveText(de("placer.fieldPlacer.allSaved"));
    await axe(page, "placer in German");
    await screenshot(page, "placer-german");
  } finally {
    await page.goto("/settings/account");
    await page.getByLabel(de("settings.account.mailLanguage")).selectOption("");
    await page.getByRole("button", { name: de("settings.account.saveProfile") }).click();
    await expect(page.getByRole("button", { name: word("en", "settings.account.saveProfile") })).toBeVisible();
  }
});
