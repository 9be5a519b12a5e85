import { expect, test, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { E2E_KEY } from "./playwright.config";
import { makePdf, screenshot, SR } from "./support";

// The pages the documents of a request or a template changed, as staff see them at 1280 × 720 and on a
// 390-px phone: composing from several files, a draft's documents editor, the templates list and the
// builder of a template of two documents. Each passes axe.

const headers = { "x-api-key": E2E_KEY };
const T = "/api/v1/enterprise/templates";

async function axe(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 720 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`documents in the dashboard (${label}): compose, a draft's documents, templates and the builder`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const pdf = (b: Buffer) => new Blob([new Uint8Array(b)], { type: "application/pdf" });

    // Compose from two files.
    await page.goto("/requests/new");
    await page.getByLabel("PDF documents").setInputFiles([
      { name: "contract.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Contract"]) },
      { name: "annex.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Annex"]) },
    ]);
    await expect(page.getByRole("button", { name: "Drag annex.pdf to another place" })).toBeVisible();
    await axe(page);
    await screenshot(page, `documents-compose-${label}`);

    // A draft of two documents: its documents editor above the placer.
    const form = new FormData();
    form.set("title", `Views ${label}`);
    form.append("file", pdf(await makePdf(1, () => ["First"])), "first.pdf");
    form.append("file", pdf(await makePdf(2, () => ["Second"])), "second.pdf");
    const made = await request.post(SR, { headers, multipart: form });
    expect(made.status()).toBe(201);
    const req = (await made.json()).data;
    await page.goto(`/requests/${req.id}/edit?step=fields`);
    await page.getByText(/^Documents —/).click();
    await expect(page.getByLabel("Name of document 2")).toHaveValue("second.pdf");
    await axe(page);
    await screenshot(page, `documents-draft-editor-${label}`);

    // A template of a PDF and a DOCX: the list and the builder, its documents editor open.
    const docx = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun("Offer for {{name}}")] })] }] });
    const tf = new FormData();
    tf.set("name", `Views pack ${label}`);
    tf.append("file", pdf(await makePdf(1, () => ["Contract"])), "contract.pdf");
    tf.append(
      "file",
      new Blob([new Uint8Array(await Packer.toBuffer(docx))], {
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      }),
      "offer.docx",
    );
    const tpl = await request.post(T, { headers, multipart: tf });
    expect(tpl.status()).toBe(201);
    const t = (await tpl.json()).data;
    await page.goto("/templates");
    await expect(page.getByText(`Views pack ${label}`)).toBeVisible();
    await axe(page);
    await screenshot(page, `documents-templates-${label}`);
    await page.goto(`/templates/${t.id}`);
    await expect(page.getByRole("tablist", { name: "Documents of this template" })).toBeVisible();
    await page.getByText(/^Documents —/).click();
    await expect(page.getByLabel("Name of document 2")).toHaveValue("offer.docx");
    await page.getByRole("tab", { name: /offer\.docx/ }).click();
    await expect(page.getByRole("region", { name: "Document" })).toContainText("name");
    await axe(page);
    await screenshot(page, `documents-builder-${label}`);
  });
}
