import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { dragTo, makePdf, pageDrawn, screenshot, signingToken, SR } from "./support";

// A template is built in the dashboard from a PDF with no anchors (two roles, four fields),
// reloaded and found saved, used for two people, sent; both sign in the browser and the sealed PDF has
// each value inside its box (pdftotext -bbox), with a valid PAdES signature (pdfsig).

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const T = "/api/v1/enterprise/templates";
// The placer's default sizes (lib/client/placer-geometry.ts); a new field is centred on the pointer.
const SIZE = { SIGNATURE: { width: 150, height: 30 }, DATE: { width: 120, height: 20 }, TEXT: { width: 150, height: 20 } };
const PALETTE = { SIGNATURE: "Signature", DATE: "Date signed", TEXT: "Text" } as const;
type Kind = keyof typeof PALETTE;

/** Drags a field of `type` from the palette so that its box's top-left lands at `at` (points). */
async function place(page: Page, type: Kind, at: { x: number; y: number }) {
  // The viewer whole in the window (the builder's header sits above it at 1280 × 720), its page's top shown.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const viewer = page.getByTestId("placer-viewer");
  const pageEl = await pageDrawn(page, 1);
  const scale = (await pageEl.boundingBox())!.width / 612;
  // The viewer scrolled so that the target is 150 px below its top.
  await viewer.evaluate((el, top) => (el.scrollTop = top), Math.max(0, at.y * scale - 150));
  const box = (await pageEl.boundingBox())!;
  const s = box.width / 612;
  const v = (await viewer.boundingBox())!;
  expect(box.y + (at.y + SIZE[type].height) * s, "the target is in the viewer").toBeLessThan(v.y + v.height);
  const from = (await page
    .getByRole("region", { name: "Field palette" })
    .getByRole("button", { name: PALETTE[type] })
    .boundingBox())!;
  await dragTo(
    page,
    { x: from.x + 20, y: from.y + 10 },
    { x: box.x + (at.x + SIZE[type].width / 2) * s, y: box.y + (at.y + SIZE[type].height / 2) * s },
  );
  await page.mouse.up();
}

test("a template built in the dashboard (two roles, four fields) is used for two people who sign; the seal has each value in its box", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `E2E builder ${run}`;

  // 1. Upload a PDF without anchors: the builder opens, with one role.
  await page.goto("/templates");
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template files (PDF or DOCX)").setInputFiles({
    name: "services.pdf",
    mimeType: "application/pdf",
    buffer: await makePdf(1, () => ["The client and the company agree.", "Signed for each party below."]),
  });
  await page.getByRole("button", { name: "Upload template" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const templateId = /templates\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // 2. Two roles: Client signs first, Company second; saved as they are typed (no button).
  await page.getByText("Roles — Signer 1 (0)").click();
  const roles = page.getByRole("form", { name: "Roles" });
  await roles.getByLabel("Role 1 name").fill("Client");
  await roles.getByRole("button", { name: "Add role" }).click();
  await roles.getByLabel("Role 2 name").fill("Company");
  await expect(roles.getByLabel("Role 2 signing step")).toHaveValue("2");
  await expect(roles.getByTestId("roles-status")).toHaveText("Roles saved");
  await expect(page.getByText("Roles — Client (0) · Company (0)")).toBeVisible();
  // Folded away, to make room for the pages.
  await page.getByText("Roles — Client (0) · Company (0)").click();
  await expect(roles).toBeHidden();

  // 3. Four fields: SIGNATURE and DATE for Client, SIGNATURE and TEXT for Company.
  const picker = page.getByRole("radiogroup", { name: "Placing fields for" });
  await expect(picker.getByText("Client")).toBeVisible();
  const targets: { type: Kind; role: string; at: { x: number; y: number } }[] = [
    { type: "SIGNATURE", role: "Client", at: { x: 72, y: 300 } },
    { type: "DATE", role: "Client", at: { x: 320, y: 320 } },
    { type: "SIGNATURE", role: "Company", at: { x: 72, y: 480 } },
    { type: "TEXT", role: "Company", at: { x: 320, y: 500 } },
  ];
  for (const t of targets) {
    await picker.getByText(t.role, { exact: true }).click();
    await place(page, t.type, t.at);
    await expect(page.getByRole("button", { name: `${PALETTE[t.type]} field for ${t.role}` })).toBeVisible();
  }
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(page.getByTestId("overlap-warning")).toHaveCount(0);
  await screenshot(page, "template-builder");

  // 4. Reloaded, the builder shows the four fields; the API has them on their roles, where they were dropped.
  await page.reload();
  await pageDrawn(page, 1);
  await expect(page.locator("[data-field-key]")).toHaveCount(4);
  const stored = (await (await request.get(`${T}/${templateId}`, { headers })).json()).data;
  expect(stored.roles.map((r: { name: string; order: number }) => [r.name, r.order])).toEqual([
    ["Client", 1],
    ["Company", 2],
  ]);
  for (const t of targets) {
    const f = stored.fields.find((x: { type: string; roleName: string }) => x.type === t.type && x.roleName === t.role);
    expect(f, `${t.type} for ${t.role}`).toBeTruthy();
    expect(Math.abs(f.x - t.at.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(f.y - t.at.y)).toBeLessThanOrEqual(2);
  }

  // 5. Overlap is flagged: a date dropped over the Company signature is outlined and named, then removed.
  await picker.getByText("Company", { exact: true }).click();
  await place(page, "DATE", { x: 90, y: 490 });
  await expect(page.getByTestId("overlap-warning")).toContainText("Signature (Company) overlaps Date signed (Company)");
  await expect(page.locator("[data-overlaps=true]")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Date signed field for Company (overlaps another field)" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Delete field" }).click();
  await expect(page.getByTestId("overlap-warning")).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(page.locator("[data-field-key]")).toHaveCount(4);

  // 6. Use the template for two people: a draft with every field already there; review and send.
  const cleo = { name: "Cleo Client", email: `cleo.${run}@example.com` };
  const cora = { name: "Cora Company", email: `cora.${run}@example.com` };
  await page.getByRole("button", { name: "Use template" }).click();
  const form = page.getByRole("form", { name: `Use template ${name}` });
  await form.getByLabel("Request title").fill(`Services for Cleo ${run}`);
  await form.getByLabel("Client name").fill(cleo.name);
  await form.getByLabel("Client e-mail").fill(cleo.email);
  await form.getByLabel("Company name").fill(cora.name);
  await form.getByLabel("Company e-mail").fill(cora.email);
  await screenshot(page, "template-use-by-role");
  await form.getByRole("button", { name: "Create draft and place fields" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=fields$/, { timeout: 60_000 });
  const requestId = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await pageDrawn(page, 1);
  await expect(page.getByRole("button", { name: `Signature field for ${cleo.name}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Text field for ${cora.name}` })).toBeVisible();
  await expect(page.locator("[data-field-key]")).toHaveCount(4);
  await page.getByRole("link", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${requestId}\\?sent=1$`));

  // 7. Both sign in the browser, in order (signers have no staff session).
  const signer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const sp = await signer.newPage();
  for (const [who, text] of [
    [cleo, null],
    [cora, "Acme Widgets"],
  ] as const) {
    await sp.goto(`/sign/${await signingToken(who.email)}`);
    await sp.getByRole("button", { name: "Signature, Sign", exact: true }).click();
    const dialog = sp.getByRole("dialog", { name: "Add your signature" });
    await dialog.getByRole("tab", { name: "Type" }).click();
    await dialog.getByRole("button", { name: "Use this signature" }).click();
    if (text) await sp.getByRole("textbox", { name: "Text" }).fill(text);
    await sp.getByLabel("I agree to sign this document electronically").check();
    await sp.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(sp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  }
  await signer.close();

  // 8. The sealed PDF: each value inside its field's box; the signature valid.
  await expect
    .poll(async () => (await (await request.get(`${SR}/${requestId}`, { headers })).json()).data.status, { timeout: 90_000 })
    .toBe("COMPLETED");
  const done = (await (await request.get(`${SR}/${requestId}`, { headers })).json()).data;
  const file = path.join(test.info().outputDir, "template-builder-sealed.pdf");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await (await request.get(`${SR}/${requestId}/document`, { headers })).body());
  const words = [
    ...execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", file, "-"], { encoding: "utf8" }).matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: m[5]! }));
  const nameOf = (recipientId: string) => done.recipients.find((r: { id: string }) => r.id === recipientId).name as string;
  const today = new Date().toISOString().slice(0, 10);
  for (const f of done.fields as { type: Kind; recipientId: string; x: number; y: number; width: number; height: number }[]) {
    const expected =
      f.type === "SIGNATURE" ? nameOf(f.recipientId).split(" ")[0]! : f.type === "TEXT" ? "Acme" : today.slice(0, 4);
    const inside = words.filter(
      (w) => w.x0 >= f.x - 1 && w.x1 <= f.x + f.width + 1 && w.y0 >= f.y - 1 && w.y1 <= f.y + f.height + 1,
    );
    expect(
      inside.map((w) => w.text).join(" "),
      `${f.type} of ${nameOf(f.recipientId)} at (${f.x}, ${f.y}): words inside its box`,
    ).toContain(expected);
  }
  const sig = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(sig).toContain("Signature is Valid.");
  expect(sig).toContain("Total document signed");

  // 9. The completed request saved as a template: its people become roles with their fields, in the builder.
  await page.goto(`/requests/${requestId}`);
  await page.getByRole("button", { name: "Save as template" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\?saved=1$/, { timeout: 30_000 });
  await expect(page.getByText("Saved as a template")).toBeVisible();
  await expect(page.getByText(`Roles — ${cleo.name} (2) · ${cora.name} (2)`)).toBeVisible();
  await pageDrawn(page, 1);
  await expect(page.locator("[data-field-key]")).toHaveCount(4);
});

/** Points on page 1 → a screen point, with the viewer scrolled so that `y` is 150 px below its top. */
async function pointOnPage(page: Page, at: { x: number; y: number }) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const pageEl = await pageDrawn(page, 1);
  const scale = (await pageEl.boundingBox())!.width / 612;
  await page.getByTestId("placer-viewer").evaluate((el, top) => (el.scrollTop = top), Math.max(0, at.y * scale - 150));
  const box = (await pageEl.boundingBox())!;
  const s = box.width / 612;
  return (p: { x: number; y: number }) => ({ x: box.x + p.x * s, y: box.y + p.y * s });
}

test("upload to first field in three clicks; a deleted field comes back with undo; fields drawn to size; a covered field picked", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const fieldsOf = async (id: string) =>
    (await (await request.get(`${T}/${id}`, { headers })).json()).data.fields as {
      id: string;
      type: string;
      roleName: string;
      x: number;
      y: number;
      width: number;
      height: number;
    }[];
  let clicks = 0;

  // Upload to first field: the file picker, "Upload template", the palette's Signature.
  await page.goto("/templates");
  await page.getByLabel("Template files (PDF or DOCX)").setInputFiles({
    name: `quick-${run}.pdf`,
    mimeType: "application/pdf",
    buffer: await makePdf(1, () => ["Quick agreement.", "Sign below."]),
  });
  clicks++;
  await page.getByRole("button", { name: "Upload template" }).click();
  clicks++;
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = /templates\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await pageDrawn(page, 1);
  await page.getByRole("region", { name: "Field palette" }).getByRole("button", { name: "Signature" }).click();
  clicks++;
  const sig = page.getByRole("button", { name: "Signature field for Signer 1" });
  await expect(sig).toBeFocused();
  expect(clicks, "clicks from upload to the first field").toBeLessThanOrEqual(3);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const first = await fieldsOf(id);
  expect(first.map((f) => [f.type, f.roleName, f.width, f.height])).toEqual([["SIGNATURE", "Signer 1", 150, 30]]);

  // Delete (the key on the focused field), undo: the field is back on the server, under a new id; redo, undo.
  await page.keyboard.press("Delete");
  await expect(sig).toHaveCount(0);
  await expect.poll(async () => (await fieldsOf(id)).length).toBe(0);
  await page.keyboard.press("Control+z");
  await expect(sig).toBeVisible();
  await expect.poll(async () => (await fieldsOf(id)).length).toBe(1);
  const back = (await fieldsOf(id))[0]!;
  expect(back).toMatchObject({ type: "SIGNATURE", x: first[0]!.x, y: first[0]!.y, width: 150, height: 30 });
  expect(back.id).not.toBe(first[0]!.id);
  await page.keyboard.press("Control+Shift+z");
  await expect(sig).toHaveCount(0);
  await expect.poll(async () => (await fieldsOf(id)).length).toBe(0);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(sig).toBeVisible();
  await expect.poll(async () => (await fieldsOf(id)).length).toBe(1);

  // Drawn to size: a Text field from (300, 500) to (450, 520) points (the signature sits in the page's middle).
  await page.getByLabel("Draw on the page").selectOption({ label: "Text" });
  let at = await pointOnPage(page, { x: 300, y: 500 });
  const drawRect = async (a: { x: number; y: number }, b: { x: number; y: number }) => {
    await page.mouse.move(at(a).x, at(a).y);
    await page.mouse.down();
    await page.mouse.move(at(b).x, at(b).y, { steps: 6 });
    await page.mouse.up();
  };
  await drawRect({ x: 300, y: 500 }, { x: 450, y: 520 });
  const text = page.getByRole("button", { name: /^Text field for Signer 1/ });
  await expect(text).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const drawn = (await fieldsOf(id)).find((f) => f.type === "TEXT")!;
  expect(Math.abs(drawn.x - 300)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(drawn.y - 500)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(drawn.width - 150)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(drawn.height - 20)).toBeLessThanOrEqual(1.5);

  // A date drawn over the text's middle covers it; clicking there again picks the text, and again the date.
  await page.getByLabel("Draw on the page").selectOption({ label: "Date signed" });
  await drawRect({ x: 340, y: 495 }, { x: 420, y: 525 });
  const date = page.getByRole("button", { name: /^Date signed field for Signer 1/ });
  await expect(date).toBeVisible();
  // The overlap warning above the pages moved them down.
  await expect(page.getByTestId("overlap-warning")).toBeVisible();
  at = await pointOnPage(page, { x: 300, y: 500 });
  await page.getByLabel("Draw on the page").selectOption({ index: 0 });
  await page.mouse.click(at({ x: 100, y: 450 }).x, at({ x: 100, y: 450 }).y);
  await expect(date).toHaveAttribute("aria-pressed", "false");
  const covered = at({ x: 380, y: 510 });
  await page.mouse.click(covered.x, covered.y);
  await expect(date).toHaveAttribute("aria-pressed", "true");
  await page.mouse.click(covered.x, covered.y);
  await expect(text).toHaveAttribute("aria-pressed", "true");
  await expect(text).toBeFocused();
  await page.mouse.click(covered.x, covered.y);
  await expect(date).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect((await fieldsOf(id)).map((f) => f.type).sort()).toEqual(["DATE", "SIGNATURE", "TEXT"]);
  await screenshot(page, "template-builder-quick");

  // Nothing is missing (the one role has its fields): "Send now" sends from the dialog.
  await page.getByRole("button", { name: "Use template", exact: true }).click();
  const form = page.getByRole("form", { name: /^Use template / });
  await form.getByLabel("Signer 1 name").fill("Quinn Quick");
  await form.getByLabel("Signer 1 e-mail").fill(`quinn.${run}@example.com`);
  await form.getByRole("button", { name: "Send now" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\?sent=1$/, { timeout: 60_000 });
  const requestId = /requests\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const sent = (await (await request.get(`${SR}/${requestId}`, { headers })).json()).data;
  expect(sent.status).toBe("IN_PROGRESS");
  expect(sent.fields).toHaveLength(3);
});
