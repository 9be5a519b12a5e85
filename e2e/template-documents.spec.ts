import { expect, test, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { E2E_KEY } from "./playwright.config";
import { dragTo, makePdf, pageDrawn, screenshot, SR } from "./support";

// A template of two documents, a PDF contract and a DOCX offer letter, uploaded together on the
// Templates page: the builder switches between them (a placer for the PDF, the placeholders for the
// DOCX), reorders them, and the template is used by role; the draft holds both documents in the
// template's order, the stored field on the contract, the offer filled; it is sent.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const T = "/api/v1/enterprise/templates";

async function offerDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: "Offer letter", bold: true, size: 32 })] }),
          new Paragraph({ children: [new TextRun("Yearly salary: {{salary}}")] }),
          new Paragraph({ children: [new TextRun("Accepted: {{s1|signature|150|50}}")] }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

/**
 * Drags a signature from the palette onto page 1 of the document shown, its box's top-left at `at` (points),
 * and waits for it to be there: the viewer scrolled so that the target is in view, measured once the page is
 * drawn at its final size.
 */
async function placeSignature(page: Page, at: { x: number; y: number }) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const viewer = page.getByTestId("placer-viewer");
  const pageEl = await pageDrawn(page, 1);
  await viewer.evaluate((el, top) => (el.scrollTop = top), Math.max(0, at.y - 150));
  const box = (await pageEl.boundingBox())!;
  const s = box.width / 612;
  const from = (await page
    .getByRole("region", { name: "Field palette" })
    .getByRole("button", { name: "Signature" })
    .boundingBox())!;
  await dragTo(page, { x: from.x + 20, y: from.y + 10 }, { x: box.x + (at.x + 75) * s, y: box.y + (at.y + 15) * s });
  await page.mouse.up();
  // Up to 15 s: on a loaded machine the builder's render after the drop has been seen to take over 5.
  await expect(page.getByRole("button", { name: "Signature field for s1" })).toBeVisible({ timeout: 15_000 });
}

test("a template of a PDF and a DOCX is built in tabs, reordered, used by role with templateData and sent", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `E2E hiring pack ${run}`;
  await page.goto("/templates");
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template files (PDF or DOCX)").setInputFiles([
    {
      name: "contract.pdf",
      mimeType: "application/pdf",
      buffer: await makePdf(1, () => ["Employment contract", "Signed below."]),
    },
    {
      name: "offer.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: await offerDocx(),
    },
  ]);
  await page.getByRole("button", { name: "Upload template" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const templateId = /templates\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // Two tabs; the contract (a PDF) is shown in the placer, with the role its offer's anchor made (s1).
  const tabs = page.getByRole("tablist", { name: "Documents of this template" });
  await expect(tabs.getByRole("tab")).toHaveText([/1\. contract\.pdf.*PDF · 1 page/, /2\. offer\.docx.*DOCX · 1 placeholder/]);
  await expect(tabs.getByRole("tab", { name: /contract\.pdf/ })).toHaveAttribute("aria-selected", "true");
  await placeSignature(page, { x: 72, y: 400 });
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(tabs.getByRole("tab", { name: /contract\.pdf/ })).toContainText("1 field");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "template-documents-builder");

  // The offer's tab shows its placeholders and anchors; arrow keys move between the tabs.
  await tabs.getByRole("tab", { name: /contract\.pdf/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: /offer\.docx/ })).toBeFocused();
  const docx = page.getByRole("region", { name: "Document" });
  await expect(docx).toContainText("salary");
  await expect(docx).toContainText("{{s1|signature|150|50}}");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // The offer moves first.
  await page.getByText(/^Documents —/).click();
  await page.getByRole("button", { name: "Move offer.docx up" }).click();
  await expect(tabs.getByRole("tab")).toHaveText([/1\. offer\.docx/, /2\. contract\.pdf/]);
  // Renamed where it is listed: saved when the name is left.
  const name2 = page.getByLabel("Name of document 2");
  await name2.fill("Employment contract");
  await name2.press("Enter");
  await expect(tabs.getByRole("tab")).toHaveText([/1\. offer\.docx/, /2\. Employment contract/]);
  const stored = (await (await request.get(`${T}/${templateId}`, { headers })).json()).data;
  expect(stored.documents.map((d: { name: string }) => d.name)).toEqual(["offer.docx", "Employment contract"]);
  expect(stored.fields.map((f: { documentId: string }) => f.documentId)).toEqual([stored.documents[1].id]);

  // Used by role: the salary filled, one signer; the draft holds both documents, in the template's order.
  await page.getByRole("button", { name: "Use template", exact: true }).click();
  const form = page.getByRole("form", { name: `Use template ${name}` });
  await form.getByLabel("Request title").fill(`Hiring Eve ${run}`);
  await form.getByLabel("salary").fill("EUR 64,000");
  await form.getByLabel("Signer 1 name").fill("Eve Example");
  await form.getByLabel("Signer 1 e-mail").fill(`eve.${run}@example.com`);
  await form.getByRole("button", { name: "Create draft and place fields" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=fields/, { timeout: 60_000 });
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await pageDrawn(page, 1);
  const panel = page.getByRole("region", { name: "Anchors" });
  await expect(panel.getByRole("status")).toHaveText("1 anchor found.", { timeout: 30_000 });
  await panel.getByRole("button", { name: "Create fields from anchors" }).click();
  await expect(panel).toContainText("1 field created from anchors.");

  const draft = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  expect(draft.documents.map((d: { name: string }) => d.name)).toEqual(["offer.pdf", "Employment contract.pdf"]);
  expect(draft.fields.map((f: { documentId: string }) => f.documentId).sort()).toEqual(
    [draft.documents[0].id, draft.documents[1].id].sort(),
  );
  const offerText = await (await request.get(`${SR}/${id}/documents/${draft.documents[0].id}`, { headers })).body();
  expect(offerText.byteLength).toBeGreaterThan(500);
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status()).toBe(200);
});
