import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY, STAFF_STATE } from "./playwright.config";
import { makePdf, phone as phoneOf, screenshot, sealedPdfText, signingToken, SR } from "./support";

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
  browser,
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

  const token = await signingToken(email);
  // First on a 390-px phone, in German: the name appears when the box is ticked; axe with it hidden and shown.
  const phone = await browser.newContext({ ...phoneOf(), locale: "de-DE" });
  const onPhone = await phone.newPage();
  await onPhone.goto(`/sign/${token}`);
  await expect(onPhone.getByRole("heading", { name: title })).toBeVisible();
  const phoneBox = onPhone.getByRole("checkbox", { name: /Ich habe einen Mitunterzeichner/ });
  const phoneName = onPhone.getByRole("button", { name: /Name des Mitunterzeichners/ });
  await expect(phoneName).toHaveCount(0);
  await axe(onPhone);
  await screenshot(onPhone, "form-rules-phone-de-hidden");
  await phoneBox.click();
  await expect(phoneName).toBeVisible();
  await axe(onPhone);
  await screenshot(onPhone, "form-rules-phone-de-shown");
  expect(await onPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Unticked again, and saved so: the desk below opens with it unticked.
  await phoneBox.click();
  await expect(phoneName).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const view = (await (await request.get(`/api/sign/${token}`)).json()).data as { drafts: { checked?: boolean }[] };
        return view.drafts.map((d) => d.checked);
      },
      { timeout: 20_000, intervals: [1000], message: "the unticked box saved" },
    )
    .toEqual([false]);
  await phone.close();

  await page.goto(`/sign/${token}`);
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

test("on a phone, a signer attaches a PNG and a PDF; the sealed PDF holds both under its seal and its certificate lists them", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `anhang.${run}@example.com`;
  const title = `Proof of address ${run}`;
  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      file: { name: "kyc.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Documents:", "Signature:"]) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const added = await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Pat Phone", email } });
  const at = { recipientId: (await added.json()).data.id as string, page: 1, x: 220 };
  const placed = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { ...at, type: "FILE", y: 116, width: 200, height: 24, label: "ID and proof of address", multiple: true },
        { ...at, type: "SIGNATURE", y: 150, width: 180, height: 40, label: "Signature" },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const context = await browser.newContext({ ...phoneOf(), locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`/sign/${await signingToken(email)}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // On a phone the box opens the field's step, where the picker is full width.
  await page.getByRole("button", { name: /ID and proof of address/ }).click();
  const picker = page.locator("input[type=file]");
  await expect(picker).toHaveAttribute("accept", /image\/png/);
  // A PNG made by the browser itself, and a PDF.
  const png = await page.evaluate(async () => {
    const c = document.createElement("canvas");
    c.width = 120;
    c.height = 80;
    const g = c.getContext("2d")!;
    g.fillStyle = "#1e3a8a";
    g.fillRect(0, 0, 120, 80);
    g.fillStyle = "#fbbf24";
    g.fillRect(20, 20, 80, 40);
    const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), "image/png"));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  await picker.setInputFiles({ name: "id-card.png", mimeType: "image/png", buffer: Buffer.from(png) });
  await expect(page.getByRole("list", { name: "Files attached" }).getByText("id-card.png")).toBeVisible();
  const pdf = await makePdf(1, () => ["Utility bill", "Pat Phone, 1 Main Street"]);
  await picker.setInputFiles({ name: "utility-bill.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(page.getByRole("list", { name: "Files attached" }).getByText("utility-bill.pdf")).toBeVisible();
  // Something that is not a PDF, PNG or JPEG is refused, whatever its name says.
  await picker.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await expect(page.getByRole("alert").filter({ hasText: "notes.pdf" })).toContainText("this field takes PDF, PNG, JPEG");
  await axe(page);
  await screenshot(page, "form-rules-phone-attachments");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Saved on the way: a reload finds both files attached.
  const token = await signingToken(email);
  await expect
    .poll(
      async () => {
        const view = (await (await request.get(`/api/sign/${token}`)).json()).data as {
          drafts: { files?: { name: string }[] }[];
        };
        return view.drafts.flatMap((d) => d.files ?? []).map((f) => f.name);
      },
      { timeout: 20_000, intervals: [1000], message: "the two files saved" },
    )
    .toEqual(["id-card.png", "utility-bill.pdf"]);
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Attachment: ID and proof of address, id-card.png, utility-bill.pdf" }),
  ).toBeVisible();
  await page.getByRole("button", { name: /ID and proof of address/ }).click();
  await expect(page.getByRole("list", { name: "Files attached" }).getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Next field" }).last().click();
  await page.getByRole("button", { name: "Add your signature" }).click();
  const sig = page.getByRole("dialog", { name: "Add your signature" });
  await sig.getByRole("tab", { name: "Type" }).click();
  await sig.getByRole("button", { name: "Use this signature" }).click();
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Thank you/ })).toBeVisible();
  await context.close();

  const text = await sealedPdfText(request, id, `attachments-${run}`);

  // Staff see the files on the request's page, at a desk and on a phone.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    const staff = await browser.newContext({ storageState: STAFF_STATE, viewport, locale: "en-US" });
    const desk = await staff.newPage();
    await desk.goto(`/requests/${id}`);
    const files = desk.getByRole("region", { name: "Files attached by signers" });
    await expect(files.getByRole("link", { name: "id-card.png" })).toBeVisible();
    await expect(files.getByRole("link", { name: "utility-bill.pdf" })).toBeVisible();
    await files.scrollIntoViewIfNeeded();
    await axe(desk);
    await screenshot(desk, `form-rules-request-attachments-${viewport.width}`);
    await staff.close();
  }
  expect(text).toContain("Files attached by signers (embedded in this PDF)");
  const record = (await (await request.get(`${SR}/${id}`, { headers })).json()).data as {
    attachments: { name: string; sha256: string }[];
  };
  expect(record.attachments.map((a) => a.name)).toEqual(["id-card.png", "utility-bill.pdf"]);
  for (const a of record.attachments) expect(text.replace(/\s+/g, "")).toContain(a.sha256);
  const file = path.join(os.tmpdir(), `signet-e2e-attachments-${run}.pdf`);
  expect(execFileSync("pdfsig", [file], { encoding: "utf8" })).toContain("Total document signed");
  const listed = execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" });
  expect(listed).toContain("2 embedded files");
  expect(listed).toContain("id-card.png");
  expect(listed).toContain("utility-bill.pdf");

  // /verify names the files embedded under the seal, with their sizes, on a phone too.
  const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  const v = await viewer.newPage();
  await v.goto("/verify");
  await v.getByLabel("PDF file").setInputFiles(file);
  await v.getByRole("button", { name: "Verify" }).click();
  const embedded = v.getByRole("list", { name: "Files embedded in this PDF (2)" });
  await expect(embedded.getByRole("listitem")).toHaveCount(2, { timeout: 30_000 });
  await expect(embedded).toContainText("id-card.png");
  await expect(embedded).toContainText("utility-bill.pdf");
  await expect(embedded).toContainText(/\d+(\.\d)? KB|\d+ bytes/);
  await axe(v);
  await screenshot(v, "verify-attachments-390");
  await viewer.close();
});

test("staff set “Show when…” in the placer, try the rules, and give a total its formula; the API holds both", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Rules in the placer ${run}`,
      file: {
        name: "form.pdf",
        mimeType: "application/pdf",
        buffer: await makePdf(1, () => ["Co-signer:", "Name:", "Quantity:", "Total:"]),
      },
    },
  });
  const id = (await created.json()).data.id as string;
  const rec = await request.post(`${SR}/${id}/recipients`, {
    headers,
    data: { name: "Rita Rules", email: `rita.${run}@example.com` },
  });
  const at = { recipientId: (await rec.json()).data.id as string, page: 1, x: 220 };
  const placed = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      fields: [
        { ...at, type: "CHECKBOX", y: 118, width: 16, height: 16, label: "Has a co-signer", required: false },
        { ...at, type: "TEXT", y: 156, width: 200, height: 20, label: "Co-signer's name" },
        { ...at, type: "NUMBER", y: 196, width: 100, height: 20, label: "Quantity", name: "qty" },
        { ...at, type: "FORMULA", y: 236, width: 100, height: 20, label: "Total", name: "total", formula: "qty" },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const [, coName, , total] = (await placed.json()).data.fields as { id: string }[];

  // Staff, signed in (the project's stored state), at 1280 × 720.
  const context = await browser.newContext({
    storageState: STAFF_STATE,
    viewport: { width: 1280, height: 720 },
    locale: "en-US",
  });
  const page = await context.newPage();
  await page.goto(`/requests/${id}/edit?step=fields`);
  await page.getByRole("button", { name: /Text field for Rita Rules/ }).click();
  const props = page.getByRole("region", { name: "Field properties" });
  const rules = props.getByTestId("rules-panel");
  await rules.getByLabel("Show this field").selectOption("all");
  await rules.getByLabel("Rule 1: the field it reads").selectOption({ label: "Has a co-signer" });
  await rules.getByLabel("Rule 1: how it is compared").selectOption("equals");
  await expect(rules.getByLabel("Rule 1: the value")).toHaveValue("true");
  // The placer saves a moment after the last change (its debounce, then the PATCH): on a loaded machine that
  // can take longer than expect.poll's default 5 s.
  await expect
    .poll(
      async () =>
        (await (await request.get(`${SR}/${id}`, { headers })).json()).data.fields.find(
          (f: { id: string }) => f.id === coName!.id,
        ).conditions,
      { timeout: 20_000 },
    )
    .toEqual({ all: [{ fieldId: expect.any(String), op: "equals", value: true }] });

  // Try the rules: ticked, the field shows.
  await rules.getByText("Try the rules").click();
  await expect(rules.getByRole("status")).toHaveText("With these values the field is hidden (not required, left empty).");
  await rules.getByLabel("Has a co-signer").check();
  await expect(rules.getByRole("status")).toHaveText("With these values the field is shown.");
  const result = await new AxeBuilder({ page })
    .include("[data-testid=rules-panel]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
  await screenshot(page, "form-rules-placer");

  // A total's formula, checked as it is typed.
  await page.getByRole("button", { name: /Calculated field for Rita Rules/ }).click();
  const formula = props.getByLabel("Formula");
  await formula.fill("qty * ");
  await expect(props.getByText("the formula ends too early")).toBeVisible();
  await formula.fill("round(qty * 2.5, 2)");
  await expect(props.getByText(/Numbers it can use: qty/)).toBeVisible();
  await formula.press("Enter");
  await expect
    .poll(
      async () =>
        (await (await request.get(`${SR}/${id}`, { headers })).json()).data.fields.find((f: { id: string }) => f.id === total!.id)
          .formula,
    )
    .toBe("round(qty * 2.5, 2)");
  await context.close();
});
