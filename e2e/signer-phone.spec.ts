import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { loadsOf, makePdf, phone, screenshot, signingToken, SR } from "./support";

// A signer on a phone (an iPhone 13's 390 × 844 touch viewport, 3 device pixels per
// CSS px) can read the document and fill every field. Zoom in draws the pages again, sharp, until the
// document's text is at least 12 CSS px (a pinch does the same); field-by-field mode fills every field
// type and signs; every input's text is at least 16 px (iOS zooms into anything smaller); every control
// is at least 24 × 24 px; the signature pad fills the width of a phone held sideways.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const iPhone = phone();

/**
 * The smallest font size (CSS px) of the text the pages' text layers hold: the document's text as drawn
 * (each layer is an SVG in the page's points, scaled to the page's width on screen).
 */
const smallestText = (page: Page) =>
  page.evaluate(() => {
    const sizes = [...document.querySelectorAll<SVGSVGElement>("svg[data-text-layer]")].flatMap((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll("text")]
        .filter((t) => t.textContent?.trim())
        .map((t) => parseFloat(t.getAttribute("font-size") ?? "0") * scale);
    });
    return sizes.length ? Math.min(...sizes) : 0;
  });

/** Every visible input, select and textarea whose computed font size is under 16 px. */
const smallInputs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => ({
        what: el.id || el.getAttribute("aria-label") || el.tagName,
        px: parseFloat(getComputedStyle(el).fontSize),
      }))
      .filter((x) => x.px < 16),
  );

/** Buttons and links on screen smaller than 24 × 24 CSS px (fields over the page are measured apart). */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a[href], select, input[type=checkbox], input[type=radio]")]
      .filter((el) => el.getClientRects().length > 0 && !el.closest("[data-field]"))
      .map((el) => ({
        what: el.getAttribute("aria-label") || el.textContent?.trim() || el.tagName,
        r: el.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width < 24 || r.height < 24)
      .map(({ what, r }) => `${what}: ${Math.round(r.width)} × ${Math.round(r.height)}`),
  );

test("on an iPhone-sized touch screen: zoom draws sharp 12-px text, field by field fills every type at 16 px and signs", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `pia.phone.${run}@example.com`;
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Phone order ${run}`,
      file: {
        name: "order.pdf",
        mimeType: "application/pdf",
        buffer: await makePdf(1, () => ["Terms.", "Plan:", "Colour:", "Seats:"]),
      },
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data.id;
  const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { name: "Pia Phone", email, order: 1 } });
  const at = { recipientId: (await r.json()).data.id as string, page: 1 };
  const fields = [
    { ...at, type: "TEXT", x: 320, y: 140, width: 200, height: 20, label: "Job title", required: true },
    { ...at, type: "CHECKBOX", x: 320, y: 180, width: 14, height: 14, label: "I accept the terms" },
    { ...at, type: "RADIO", x: 320, y: 220, width: 14, height: 14, group: "Plan", option: "Basic" },
    { ...at, type: "RADIO", x: 380, y: 220, width: 14, height: 14, group: "Plan", option: "Pro" },
    { ...at, type: "DROPDOWN", x: 320, y: 260, width: 150, height: 20, label: "Colour", options: ["Red", "Green"] },
    { ...at, type: "NUMBER", x: 320, y: 300, width: 100, height: 20, label: "Seats", min: 1, max: 500, decimals: 0 },
    { ...at, type: "NAME", x: 72, y: 400, width: 200, height: 20 },
    { ...at, type: "EMAIL", x: 320, y: 400, width: 200, height: 20 },
    { ...at, type: "SIGNATURE", x: 72, y: 600, width: 200, height: 50, label: "Customer signature" },
    { ...at, type: "INITIAL", x: 480, y: 700, width: 60, height: 36 },
    { ...at, type: "DATE", x: 72, y: 660, width: 120, height: 20 },
  ];
  expect((await request.post(`${SR}/${id}/fields`, { headers, data: { fields } })).status()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const context = await browser.newContext(iPhone);
  const page = await context.newPage();
  await page.goto(`/sign/${await signingToken(email)}`);
  await expect(page.getByRole("heading", { name: `Phone order ${run}` })).toBeVisible();
  const page1 = page.locator("[data-page='1']");
  await expect(page1.locator("svg[data-text-layer] text").first()).toBeAttached({ timeout: 30_000 });

  // Fitted to the width, the document's 12-pt text is about 7 CSS px: too small to read.
  await expect.poll(() => smallestText(page)).toBeLessThan(9);
  expect(await smallInputs(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  // The sticky header (title, progress, Next field; the view, zoom and language) keeps to two rows.
  expect((await page.locator("header").boundingBox())!.height).toBeLessThan(130);
  await expect(page1).toHaveAttribute("data-rendered", "true");
  // Page 1's image was named in the HTML: one download, started by the preload, which the
  // page's <img> took; its width is the one the page asks for (390 − 16 CSS px × 3 device px → 1200).
  expect(await loadsOf(page, /\/pages\/1\?/)).toEqual([
    { url: expect.stringMatching(/\/pages\/1\?w=1200&v=[0-9a-f]{16}$/), by: "link" },
  ]);
  // On the phone's whole-document view too, each checkbox and radio button says what it is beside it, at 12 px.
  for (const [role, name, words] of [
    ["checkbox", "I accept the terms", "I accept the terms"],
    ["radio", "Plan: Basic", "Basic"],
  ] as const) {
    const label = page1.locator("[data-field]", { has: page.getByRole(role, { name }) }).locator("[data-field-label]");
    await expect(label).toHaveText(words);
    expect(parseFloat(await label.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
  }
  await screenshot(page, "phone-fit");

  // Zoom in until the text is at least 12 CSS px: the page's image is drawn again at the new size (at
  // least as many device pixels as CSS px × 3), not a stretched bitmap. The page scrolls sideways inside its frame.
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  for (let i = 0; i < 4 && (await smallestText(page)) < 12; i++) {
    await zoomIn.click();
    await expect(page1).toHaveAttribute("data-rendered", "true");
  }
  await expect.poll(() => smallestText(page), { message: "the text after zooming in" }).toBeGreaterThanOrEqual(12);
  const image = page1.locator("img:not(.opacity-0)").first();
  await expect
    .poll(async () => image.evaluate((c: HTMLImageElement) => c.naturalWidth / c.getBoundingClientRect().width))
    .toBeGreaterThanOrEqual(2.9);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page1).toHaveAttribute("data-rendered", "true");
  await screenshot(page, "phone-zoomed");

  // Back to the fitted width, then a two-finger pinch (Chromium's touch events) zooms in too.
  await page.getByRole("button", { name: /Fit the page to the screen$/ }).click();
  await expect.poll(() => smallestText(page)).toBeLessThan(9);
  const cdp = await context.newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", d: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints:
        type === "touchEnd"
          ? []
          : [
              { x: 195 - d, y: 500, id: 1 },
              { x: 195 + d, y: 500, id: 2 },
            ],
    });
  await touch("touchStart", 40);
  for (const d of [60, 80, 100, 120]) await touch("touchMove", d);
  await touch("touchEnd", 120);
  await expect.poll(() => smallestText(page), { message: "the text after a pinch" }).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole("button", { name: /Fit the page to the screen$/ })).not.toHaveText("100%");
  await page.getByRole("button", { name: /Fit the page to the screen$/ }).click();

  // Field by field: each field full width, its label, the part of the page around it, Back and Next.
  await page.getByRole("button", { name: "Field by field" }).click();
  const step = (n: number) => expect(page.getByText(`Field ${n} of 9`)).toBeVisible();
  await step(1);
  const around = page.getByRole("img", { name: "Where the field is on page 1" }).locator("img");
  await expect(around).toBeVisible();
  expect(await smallInputs(page)).toEqual([]);
  // Settled before the picture, by what it shows rather than a pause: the page image decoded, and two
  // readings of the layout in a row agree (nothing scrolling or growing).
  await expect.poll(() => around.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  let layout = "";
  await expect
    .poll(async () => {
      const now = JSON.stringify(
        await page.evaluate(() => [scrollX, scrollY, document.documentElement.scrollHeight, visualViewport?.scale]),
      );
      const same = now === layout;
      layout = now;
      return same;
    })
    .toBe(true);
  await screenshot(page, "phone-field-by-field");
  await page.getByLabel("Job title").fill("Buyer");
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(2);
  await page.getByRole("checkbox", { name: "I accept the terms" }).check();
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(3);
  await page.getByRole("radio", { name: "Pro" }).check();
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(4);
  await page.getByLabel("Colour").selectOption("Green");
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(5);
  await page.getByLabel("Seats").fill("12");
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(6);
  await expect(page.getByLabel("Name")).toHaveValue("Pia Phone");
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(7);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  expect(await smallTargets(page)).toEqual([]);
  await page.getByRole("button", { name: "Next field" }).last().click();
  // Document order: the signature (y 600) before the initials (y 700).
  await step(8);
  await page.getByRole("button", { name: "Add your signature" }).click();
  const sig = page.getByRole("dialog", { name: "Add your signature" });
  await sig.getByRole("tab", { name: "Type" }).click();
  expect(await smallInputs(page)).toEqual([]);
  await sig.getByRole("button", { name: "Use this signature" }).click();
  await expect(sig).toBeHidden();
  await expect(page.getByRole("button", { name: "Change" })).toBeVisible();
  await page.getByRole("button", { name: "Next field" }).last().click();
  await step(9);
  await page.getByRole("button", { name: "Add your initials" }).click();
  const ini = page.getByRole("dialog", { name: "Add your initials" });
  await ini.getByRole("tab", { name: "Type" }).click();
  await ini.getByRole("button", { name: "Use these initials" }).click();
  await expect(ini).toBeHidden();
  await expect(page.getByText("9 of 9 required fields completed")).toBeVisible();

  // The whole document again: every value shows over the page; nothing is lost between the modes.
  await page.getByRole("button", { name: "Whole document" }).click();
  await expect(page.getByRole("button", { name: "Job title, Buyer" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "I accept the terms" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("radio", { name: "Plan: Pro" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("button", { name: "Colour, Green" })).toBeVisible();
  await expect(page1).toHaveAttribute("data-rendered", "true");
  await screenshot(page, "phone-filled");

  // Sideways, the signature pad takes the phone's width.
  await page.setViewportSize({ width: 844, height: 390 });
  await page.getByRole("button", { name: /^Customer signature/ }).click();
  await sig.getByRole("tab", { name: "Draw" }).click();
  const pad = sig.getByLabel("Draw your signature");
  await expect(pad).toBeVisible();
  expect((await pad.boundingBox())!.width).toBeGreaterThan(844 * 0.85);
  await screenshot(page, "phone-landscape-pad");
  await sig.getByRole("button", { name: "Cancel" }).click();
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await context.close();

  const signed = await (await request.get(`${SR}/${id}`, { headers })).json();
  expect(signed.data.recipients[0].status).toBe("SIGNED");
});
