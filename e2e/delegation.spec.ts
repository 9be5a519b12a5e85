import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, phone, SCREENSHOTS, SR, sealedPdfText, signingToken } from "./support";

// A signer the sender allowed to hand over does so from a phone: the delegate is invited, signs, and the
// certificate says on whose behalf; the old link says it was handed over.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("a signer hands their turn over on a phone; the delegate signs; the old link says it was handed over", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = { name: "Ann Absent", email: `ann-${run}@example.com` };
  const bob = { name: "Bob Deputy", email: `bob-${run}@example.com` };
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Lease ${run}`,
      file: { name: "lease.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Lease agreement"]) },
    },
  });
  const id: string = (await created.json()).data.id;
  const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { ...ann, canDelegate: true } });
  expect(r.status(), await r.text()).toBe(201);
  const recipientId: string = (await r.json()).data.id;
  await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 560, width: 200, height: 50 },
  });
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const annToken = await signingToken(ann.email);
  const ctx = await browser.newContext({ ...phone() });
  const page = await ctx.newPage();
  await page.goto(`/sign/${annToken}`);
  await page.getByRole("button", { name: "Hand over to someone else" }).click();
  const dialog = page.getByRole("dialog", { name: "Hand over to someone else" });
  await dialog.getByLabel("Their full name").fill(bob.name);
  await dialog.getByLabel("Their e-mail address").fill(bob.email);
  await dialog.getByLabel("Why are you handing it over?").fill("On leave until March");
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, "delegate-dialog-phone.png") });
  await dialog.getByRole("button", { name: "Hand over", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Handed over" })).toBeVisible();
  await expect(page.getByText(`${bob.name} has been invited to take your place.`)).toBeVisible();

  // The old link, opened again.
  expect((await page.goto(`/sign/${annToken}`))?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "Handed over" })).toBeVisible();
  await ctx.close();

  // The delegate signs at a desk.
  const bobToken = await signingToken(bob.email);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const bp = await desk.newPage();
  await bp.goto(`/sign/${bobToken}`);
  await expect(bp.getByRole("button", { name: "Hand over to someone else" })).toHaveCount(0);
  await bp.getByRole("button", { name: "Next field" }).click();
  await bp.getByRole("button", { name: "Signature, Sign", exact: true }).click();
  const sig = bp.getByRole("dialog", { name: "Add your signature" });
  await sig.getByRole("tab", { name: "Type" }).click();
  await sig.getByRole("button", { name: "Use this signature" }).click();
  await bp.getByLabel("I agree to sign this document electronically").check();
  await bp.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(bp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await desk.close();

  const text = (await sealedPdfText(request, id, `delegation-${run}`)).replace(/\s+/g, " ");
  expect(text).toContain(bob.email);
  expect(text).toContain(`On behalf of ${ann.name} <${ann.email}>`);
  expect(text).toContain("On leave until March");
});

/** Signs the one signature field of a signing page with a typed signature. */
async function signTyped(page: Page) {
  await page.getByRole("button", { name: "Next field" }).click();
  // At a desk the field's box opens the signature dialog; on a phone, the field-by-field card's button.
  await page
    .getByRole("button", { name: "Signature, Sign", exact: true })
    .or(page.getByRole("button", { name: "Add your signature" }))
    .click();
  const sig = page.getByRole("dialog", { name: "Add your signature" });
  await sig.getByRole("tab", { name: "Type" }).click();
  await sig.getByRole("button", { name: "Use this signature" }).click();
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
}

test("a two-of-three signing group completes; the third member's link says it is no longer needed", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const people = ["Ada", "Ben", "Cy"].map((name) => ({
    name: `${name} Director`,
    email: `${name.toLowerCase()}-${run}@example.com`,
  }));
  const dee = { name: "Dee Secretary", email: `dee-${run}@example.com`, order: 2 };
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Board resolution ${run}`,
      file: { name: "resolution.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Board resolution"]) },
    },
  });
  const id: string = (await created.json()).data.id;
  const ids: string[] = [];
  for (const p of [...people, dee]) {
    const group = p === dee ? {} : { group: { name: "Directors", required: 2 } };
    const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { ...p, ...group } });
    expect(r.status(), await r.text()).toBe(201);
    ids.push((await r.json()).data.id);
  }
  const boxes = [
    { recipientId: ids[0], seat: 1, y: 420 },
    { recipientId: ids[0], seat: 2, y: 490 },
    { recipientId: ids[3], seat: 1, y: 560 },
  ];
  for (const b of boxes) {
    const f = await request.post(`${SR}/${id}/fields`, {
      headers,
      data: { type: "SIGNATURE", page: 1, x: 72, width: 200, height: 50, ...b },
    });
    expect(f.status(), await f.text()).toBe(201);
  }
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  // Ada signs on a phone, Ben at a desk: the group has its two signatures.
  const ctx = await browser.newContext({ ...phone() });
  const page = await ctx.newPage();
  await page.goto(`/sign/${await signingToken(people[0]!.email)}`);
  await signTyped(page);
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  const desk = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const bp = await desk.newPage();
  await bp.goto(`/sign/${await signingToken(people[1]!.email)}`);
  await signTyped(bp);
  await expect(bp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();

  // Cy's link, while the request waits for its next step: no longer needed, said accessibly, on a phone
  // in English and on another in German.
  const cyLink = `/sign/${await signingToken(people[2]!.email)}`;
  expect((await page.goto(cyLink))?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "No longer needed" })).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, "group-released-phone.png") });
  const de = await browser.newContext({ ...phone(), locale: "de-DE" });
  const dePage = await de.newPage();
  expect((await dePage.goto(cyLink))?.status()).toBe(410);
  await expect(dePage.getByRole("heading", { name: "Nicht mehr benötigt" })).toBeVisible();
  const deResult = await new AxeBuilder({ page: dePage }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(deResult.violations.map((v) => v.id)).toEqual([]);
  await dePage.screenshot({ path: path.join(SCREENSHOTS, "group-released-phone-de.png") });

  // The next step signs; the request completes; Cy's link then offers the sealed copy, still saying why.
  await bp.goto(`/sign/${await signingToken(dee.email)}`);
  await signTyped(bp);
  await expect(bp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await desk.close();
  const text = (await sealedPdfText(request, id, `group-${run}`)).replace(/\s+/g, " ");
  expect(text).toContain("Signing group “Directors”: 2 of 3 sign");
  expect(text).toContain(people[0]!.email);
  expect(text).toContain(people[1]!.email);
  expect(text).toContain("No longer needed at");
  expect((await page.goto(cyLink))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "No longer needed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the signed PDF" })).toBeVisible();
  expect((await dePage.goto(cyLink))?.status()).toBe(200);
  await expect(dePage.getByRole("heading", { name: "Nicht mehr benötigt" })).toBeVisible();
  await expect(dePage.getByText(/Genug Mitglieder Ihrer Unterzeichnergruppe/)).toBeVisible();
  await de.close();
  await ctx.close();
});
