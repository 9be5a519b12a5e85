import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { E2E_KEY } from "./playwright.config";
import { signingToken, SR } from "./support";

// The signer's side of the docs' DOCX flow: a DOCX template with
// {{s1|signature|160|50}} and {{s1|date|200|60|14}} on the next line, used and sent through the API. The
// date's box (200 × 60, the short form's default written out) lies over the signature's; on the signing page each field can still be
// clicked in its middle (the smaller one is drawn above), and the PDF the page shows has no anchor text.

test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

/**
 * The template; {{client_name}} is filled by `use`. 11 pt after each paragraph: the date's box then
 * covers the signature's middle and its own middle lies just below the signature, so both middles can
 * be asserted. (With tighter lines each middle lies in the other box: the signature, smaller, wins there,
 * and the date is reached where it is uncovered, as asserted below too.)
 */
async function templateDocx(): Promise<Buffer> {
  const p = (text: string) => new Paragraph({ spacing: { after: 220 }, children: [new TextRun(text)] });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: "Consulting agreement", bold: true, size: 32 })] }),
          p("This agreement is made with {{client_name}}."),
          p("Client signature: {{s1|signature|160|50}}"),
          p("Date: {{s1|date|200|60|14}}"),
          p("Thank you for your business."),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

interface Box {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether the element on top at (x, y) of the viewport is inside the field `id`'s box. */
const hitsField = (page: Page, x: number, y: number, id: string) =>
  page.evaluate(
    ([px, py, fieldId]) => {
      const top = document.elementFromPoint(px, py);
      return !!top?.closest(`[data-field="${fieldId}"]`);
    },
    [x, y, id] as const,
  );

test("a DOCX's signature and date fields overlap: each is reached at its middle, and the signer sees no anchor text", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `dana.${run}@example.com`;
  const upload = await request.post("/api/v1/enterprise/templates", {
    headers,
    multipart: {
      name: `E2E overlapping anchors ${run}`,
      file: {
        name: "consulting.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: await templateDocx(),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const template = (await upload.json()).data;
  const used = await request.post(`${SR}/templates/${template.id}/use`, {
    headers,
    data: {
      title: `Consulting agreement ${run}`,
      recipients: [{ name: "Dana Director", email }],
      templateData: { client_name: "Acme Widgets Ltd" },
    },
    timeout: 90_000,
  });
  expect(used.status(), await used.text()).toBe(201);
  const draft = (await used.json()).data;
  const placed = await request.post(`${SR}/${draft.id}/fields/anchors`, {
    headers,
    data: { recipientId: draft.recipients[0].id, signerRef: "s1" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const fields: Box[] = (await placed.json()).data.fields;
  expect(fields.map((f) => [f.type, f.width, f.height]).sort()).toEqual([
    ["DATE", 200, 60],
    ["SIGNATURE", 160, 50],
  ]);
  const sig = fields.find((f) => f.type === "SIGNATURE")!;
  const date = fields.find((f) => f.type === "DATE")!;
  // The layout of the issue: the date's box covers the signature's middle.
  const mid = (f: Box) => ({ x: f.x + f.width / 2, y: f.y + f.height / 2 });
  const inside = (p: { x: number; y: number }, f: Box) => p.x > f.x && p.x < f.x + f.width && p.y > f.y && p.y < f.y + f.height;
  expect(inside(mid(sig), date)).toBe(true);

  const sent = await request.post(`${SR}/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const token = await signingToken(email);

  const pageUrls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/pages/")) pageUrls.push(new URL(r.url()).pathname);
  });
  await page.goto(`/sign/${token}`);
  await expect(page.getByRole("heading", { name: `Consulting agreement ${run}` })).toBeVisible();
  const page1 = page.getByRole("region", { name: /^Page 1 of/ });
  await expect(page1.locator("img").first()).toBeVisible({ timeout: 30_000 });

  // Each field's middle, in the viewport, is that field's; a click there opens or focuses it.
  for (const f of [sig, date]) {
    const el = page.locator(`[data-field="${f.id}"]`);
    await el.scrollIntoViewIfNeeded();
    const b = (await el.boundingBox())!;
    const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
    expect(await hitsField(page, x, y, f.id), `${f.type} at its middle`).toBe(true);
    await page.mouse.click(x, y);
    if (f.type === "SIGNATURE") {
      const dialog = page.getByRole("dialog", { name: "Add your signature" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("tab", { name: "Type" }).click();
      await dialog.getByRole("button", { name: "Use this signature" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(el.locator("input")).toBeFocused();
    }
  }
  // Where the two overlap, the smaller (the signature) is on top; the date is reached where it is uncovered.
  const sigBox = (await page.locator(`[data-field="${sig.id}"]`).boundingBox())!;
  const dateBox = (await page.locator(`[data-field="${date.id}"]`).boundingBox())!;
  expect(await hitsField(page, sigBox.x + sigBox.width / 2, dateBox.y + 2, sig.id)).toBe(true);
  expect(await hitsField(page, dateBox.x + 4, dateBox.y + dateBox.height - 4, date.id)).toBe(true);
  // The tab order is the document's: the signature, then the date.
  await page.locator(`[data-field="${sig.id}"] button`).focus();
  await page.keyboard.press("Tab");
  await expect(page.locator(`[data-field="${date.id}"] input`)).toBeFocused();

  // The page shows images of the PDF /document serves, and their text: no anchor text, the words around it kept.
  expect(pageUrls).toContain(`/api/sign/${token}/pages/1`);
  await expect(page.locator("[data-page='1'] svg[data-text-layer] text").first()).toBeAttached();
  const layer = await page.locator("[data-page='1'] svg[data-text-layer] text").evaluateAll((ts) =>
    ts
      .map((t) => t.textContent)
      .join(" ")
      .replace(/\s+/g, " "),
  );
  expect(layer).not.toContain("{{");
  for (const kept of ["Acme Widgets Ltd", "Client signature:"]) expect(layer).toContain(kept);
  const shown = await page.request.get(`/api/sign/${token}/document`);
  expect(shown.status()).toBe(200);
  const file = path.join(os.tmpdir(), `signet-e2e-signer-${run}.pdf`);
  fs.writeFileSync(file, await shown.body());
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).not.toContain("{{");
  for (const kept of ["Acme Widgets Ltd", "Client signature:", "Date:", "Thank you for your business."])
    expect(text).toContain(kept);
  // Staff still get the document with its anchors.
  const staff = await request.get(`${SR}/${draft.id}/document`, { headers });
  fs.writeFileSync(file, await staff.body());
  expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("{{s1|date|200|60|14}}");
  fs.rmSync(file, { force: true });

  // The signer signs.
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
});
