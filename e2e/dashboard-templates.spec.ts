import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { E2E_KEY } from "./playwright.config";
import { pageDrawn, screenshot, SR } from "./support";

// A DOCX template (made here with the `docx` package, one placeholder split across two runs as Word
// does) uploaded on the Templates page, used through the form generated from its placeholders; the
// draft opens in the placer with its anchors detected, and the filled values are in the PDF.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

async function templateDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: "Consulting agreement", bold: true, size: 32 })] }),
          new Paragraph({
            children: [
              new TextRun("This agreement is made with {{client_"),
              new TextRun({ text: "name}}", bold: true }),
              new TextRun("."),
            ],
          }),
          new Paragraph({ children: [new TextRun("Monthly fee: {{fee}}")] }),
          new Paragraph({ children: [new TextRun("Client signature: {{s1|signature|150|50}}")] }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

test("a DOCX template is uploaded, used with templateData and recipients, and opens in the placer with anchors", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `E2E consulting ${run}`;
  await page.goto("/templates");
  await page.getByLabel("Template name").fill(name);
  await page.getByLabel("Template files (PDF or DOCX)").setInputFiles({
    name: "consulting.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: await templateDocx(),
  });
  await page.getByRole("button", { name: "Upload template" }).click();
  // The upload opens the template's builder, which lists the DOCX's placeholders.
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const doc = page.getByRole("region", { name: "Document" });
  await expect(doc).toContainText("client_name");
  await expect(doc).toContainText("fee");

  await page.getByRole("button", { name: "Use template", exact: true }).click();
  const form = page.getByRole("form", { name: `Use template ${name}` });
  await form.getByLabel("Request title").fill(`E2E from template ${run}`);
  await form.getByLabel("client_name").fill("Acme Widgets Ltd");
  await form.getByLabel("fee").fill("EUR 4,200");
  await form.getByLabel("Signer 1 name").fill("Dana Director");
  await form.getByLabel("Signer 1 e-mail").fill("dana@acme.example");
  await screenshot(page, "template-form");

  await form.getByRole("button", { name: "Create draft and place fields" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=fields&detect=1$/, { timeout: 60_000 });
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1];
  await pageDrawn(page, 1);
  const panel = page.getByRole("region", { name: "Anchors" });
  await expect(panel.getByRole("status")).toHaveText("1 anchor found.", { timeout: 30_000 });
  await panel.getByRole("button", { name: "Create fields from anchors" }).click();
  await expect(panel).toContainText("1 field created from anchors.");

  // The values are in the PDF's text; the anchor survived conversion; the field belongs to Dana.
  const pdf = await request.get(`${SR}/${id}/document`, { headers });
  const file = path.join(os.tmpdir(), `signet-e2e-${run}.pdf`);
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain("Acme Widgets Ltd");
  expect(text).toContain("EUR 4,200");
  expect(text).toContain("{{s1|signature|150|50}}");
  const data = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  expect(data.recipients.map((r: { name: string }) => r.name)).toEqual(["Dana Director"]);
  expect(data.fields).toHaveLength(1);
  expect(data.fields[0]).toMatchObject({ type: "SIGNATURE", recipientId: data.recipients[0].id, width: 150, height: 50 });
});
