import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { E2E_KEY } from "./playwright.config";
import { axe, mailed, makePdf, phone, SCREENSHOTS, SR } from "./support";

// A template's public link, as a visitor meets it: the QR code printed at a desk, opened on a phone in
// German; the visitor confirms their address by the mailed code, names the host, signs; the host signs
// at a desk; the sealed PDF's signature is valid and its certificate names the link and the visitor.

test.use({ storageState: { cookies: [], origins: [] } });

const T = "/api/v1/enterprise/templates";
const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

test("a visitor opens a public link by its QR code on a phone in German, confirms the code, signs; the host signs; the seal names the link", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The template: Besucher signs first, Gastgeber second; each has a signature.
  const up = await request.post(T, {
    headers,
    multipart: {
      name: `Besucher-NDA ${run}`,
      file: { name: "nda.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Vertraulichkeitsvereinbarung"]) },
    },
  });
  expect(up.status(), await up.text()).toBe(201);
  const tpl: string = (await up.json()).data.id;
  const roles = await request.put(`${T}/${tpl}/roles`, {
    headers,
    data: { roles: [{ name: "Besucher" }, { name: "Gastgeber", order: 2 }] },
  });
  expect(roles.status(), await roles.text()).toBe(200);
  for (const [roleName, y] of [
    ["Besucher", 560],
    ["Gastgeber", 660],
  ] as const) {
    const f = await request.post(`${T}/${tpl}/fields`, {
      headers,
      data: { type: "SIGNATURE", roleName, page: 1, x: 72, y, width: 200, height: 50 },
    });
    expect(f.status(), await f.text()).toBe(201);
  }
  const made = await request.post(`${T}/${tpl}/public-links`, { headers, data: { name: `Empfang ${run}`, confirmEmail: true } });
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()).data as { id: string; url: string };

  // The QR code, as printed: what a phone camera reads is the link's address.
  const qr = await request.get(`${T}/${tpl}/public-links/${link.id}/qr`, { headers });
  const png = PNG.sync.read(await qr.body());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  expect(read).toBe(link.url);
  const visitUrl = new URL(new URL(read!).pathname, baseURL).toString();

  const visitor = { name: "Vera Besucherin", email: `vera-${run}@example.com` };
  const host = { name: "Max Gastgeber", email: `max-${run}@example.com` };
  const ctx = await browser.newContext({ ...phone(), locale: "de-DE" });
  const page = await ctx.newPage();
  const res = await page.goto(visitUrl);
  expect(res?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { name: `Besucher-NDA ${run}` })).toBeVisible();
  await axe(page, "the visitor's start");
  await page.screenshot({ path: path.join(SCREENSHOTS, "public-link-start-de-phone.png"), fullPage: true });
  await page.getByLabel("Ihr vollständiger Name").fill(visitor.name);
  await page.getByLabel("Ihre E-Mail-Adresse").fill(visitor.email);
  await page.getByLabel("Gastgeber: vollständiger Name").fill(host.name);
  await page.getByLabel("Gastgeber: E-Mail-Adresse").fill(host.email);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByRole("heading", { name: "Prüfen Sie Ihre E-Mails" })).toBeVisible();
  await axe(page, "the code step");

  // A wrong code is said in German; the mailed one opens the signing page.
  const code = await mailed(
    visitor.email,
    (raw) =>
      /\b(\d{6})\b/.exec(
        raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("\n"),
      )?.[1],
    "the visitor's code",
  );
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText("Der Code ist falsch. Verbleibende Versuche: 4.")).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await page.waitForURL(/\/sign\/[A-Za-z0-9_-]{43}$/);

  // On a phone, "Next field" goes field by field.
  await page.getByRole("button", { name: "Nächstes Feld" }).click();
  await page.getByRole("button", { name: "Unterschrift hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Unterschrift hinzufügen" });
  await dialog.getByRole("tab", { name: "Tippen" }).click();
  await expect(dialog.getByLabel("Geben Sie Ihren Namen ein")).toHaveValue(visitor.name);
  await dialog.getByRole("button", { name: "Diese Unterschrift verwenden" }).click();
  await page.getByLabel("Ich bin damit einverstanden, dieses Dokument elektronisch zu unterschreiben").check();
  await page.getByRole("button", { name: "Unterschreiben", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Vielen Dank – Sie haben unterschrieben" })).toBeVisible();
  await ctx.close();

  // The host signs at a desk, from their invitation.
  const hostToken = await mailed(host.email, (raw) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1], "the host's invitation");
  const desk = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: "en-GB" });
  const hp = await desk.newPage();
  await hp.goto(`/sign/${hostToken}`);
  await hp.getByRole("button", { name: "Next field" }).click();
  await hp.getByRole("button", { name: "Signature, Sign", exact: true }).click();
  const hd = hp.getByRole("dialog", { name: "Add your signature" });
  await hd.getByRole("tab", { name: "Type" }).click();
  await hd.getByRole("button", { name: "Use this signature" }).click();
  await hp.getByLabel("I agree to sign this document electronically").check();
  await hp.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(hp.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await desk.close();

  // The request: marked as the link's, sealed, its signature valid, its certificate naming link and visitor.
  const list = await request.get(`${SR}?q=${encodeURIComponent(visitor.email)}`, { headers });
  const item = (await list.json()).data.items[0] as { id: string; source: string };
  expect(item.source).toBe("public_link");
  await expect
    .poll(async () => (await (await request.get(`${SR}/${item.id}`, { headers })).json()).data.status, { timeout: 60_000 })
    .toBe("COMPLETED");
  const file = path.join(os.tmpdir(), `signet-e2e-public-link-${run}.pdf`);
  fs.writeFileSync(file, await (await request.get(`${SR}/${item.id}/document`, { headers })).body());
  const sig = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(sig).toContain("Signature Validation: Signature is Valid.");
  expect(sig).toContain("Total document signed");
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain(`Empfang ${run}`);
  expect(text).toContain(`${visitor.name} <${visitor.email}>`);
  expect(text).toMatch(/per Code bestätigt|confirmed by a code/);

  // Revoked: the page says so in German, with 410, and serves nothing; an unknown link: 404.
  expect((await request.delete(`${T}/${tpl}/public-links/${link.id}`, { headers })).status()).toBe(200);
  const gone = await browser.newContext({ ...phone(), locale: "de-DE" });
  const gp = await gone.newPage();
  expect((await gp.goto(visitUrl))?.status()).toBe(410);
  await expect(gp.getByRole("heading", { name: "Link zurückgezogen" })).toBeVisible();
  await expect(gp.getByRole("textbox")).toHaveCount(0);
  await axe(gp, "a revoked link");
  expect((await gp.goto("/p/AAAAAAAAAAAAAAAA"))?.status()).toBe(404);
  await expect(gp.getByRole("heading", { name: "Link nicht gefunden" })).toBeVisible();
  await axe(gp, "an unknown link");
  await gone.close();
});
