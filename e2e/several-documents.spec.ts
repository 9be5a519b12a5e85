import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { dragTo, makePdf, pageDrawn, phone, screenshot, signingToken, SR } from "./support";

// Several documents in one request: staff compose it from three PDFs (reordered before upload), place a
// signature on each document in the placer's tabs, and send; Ann signs at her desk, Bob on a phone; each
// document is sealed as its own PAdES PDF whose certificate names all three, and /verify accepts each.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const sha = (b: Buffer | Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");
const iPhone = phone();

/** Drags a Signature from the palette onto page 1 of the document shown, for the signer chosen. */
async function placeSignature(page: Page, signer: string) {
  await page.getByRole("radio", { name: new RegExp(signer) }).check({ force: true });
  const box = (await (await pageDrawn(page, 1)).boundingBox())!;
  const from = (await page
    .getByRole("region", { name: "Field palette" })
    .getByRole("button", { name: "Signature" })
    .boundingBox())!;
  // Near the top of the page (in view at 1280 × 720): its box centred at (250, 160) pt.
  const s = box.width / 612;
  await dragTo(page, { x: from.x + 30, y: from.y + 12 }, { x: box.x + 250 * s, y: box.y + 160 * s });
  await page.mouse.up();
  await expect(page.getByRole("button", { name: `Signature field for ${signer}` })).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
}

test("three PDFs in one request: composed, placed per document, signed by two (one on a phone), each sealed and verified", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `E2E contract and annexes ${run}`;
  const pdfs = {
    contract: await makePdf(2, (p) => [`Contract page ${p}`]),
    annexA: await makePdf(1, () => ["Annex A: price list"]),
    annexB: await makePdf(1, () => ["Annex B: delivery terms"]),
  };

  // 1. Upload three PDFs at once; Annex B is moved above Annex A by its button (a keyboard can do the same).
  await page.goto("/requests/new");
  await page.getByLabel("PDF documents").setInputFiles([
    { name: "contract.pdf", mimeType: "application/pdf", buffer: pdfs.contract },
    { name: "annex-b.pdf", mimeType: "application/pdf", buffer: pdfs.annexB },
    { name: "annex-a.pdf", mimeType: "application/pdf", buffer: pdfs.annexA },
  ]);
  const list = page.getByRole("region", { name: "Documents, in the order they are read" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Move annex-a.pdf up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "annex-a.pdf is now document 2 of 3" })).toBeAttached();
  await expect(list.getByRole("listitem").nth(1)).toContainText("annex-a.pdf");
  // By dragging its handle onto another row: Annex B to the top, and back to the end.
  const dragRow = async (name: string, onto: number) => {
    const handle = page.getByRole("button", { name: `Drag ${name} to another place` });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await page.getByTestId(`upload-row-${onto}`).boundingBox())!;
    await dragTo(
      page,
      { x: from.x + from.width / 2, y: from.y + from.height / 2 },
      { x: to.x + to.width / 2, y: to.y + to.height / 2 },
    );
    await page.mouse.up();
  };
  await dragRow("annex-b.pdf", 0);
  await expect(list.getByRole("listitem")).toHaveText([/contract|annex/, /contract|annex/, /contract|annex/]);
  await expect(list.getByRole("listitem").nth(0)).toContainText("annex-b.pdf");
  await dragRow("annex-b.pdf", 2);
  await expect(list.getByRole("listitem").nth(2)).toContainText("annex-b.pdf");
  await expect(list.getByRole("listitem").nth(0)).toContainText("contract.pdf");
  await page.getByLabel("Title").fill(title);
  await screenshot(page, "compose-several-documents");
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}\/edit\?step=recipients$/);
  const id = /requests\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // 2. Two signers, both in the first step.
  for (const [name, email] of [
    ["Ann Archer", `ann.${run}@example.com`],
    ["Bob Baker", `bob.${run}@example.com`],
  ] as const) {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Add recipient" }).click();
    await expect(page.getByRole("listitem", { name: `Recipient ${name}` })).toBeVisible();
  }
  await page.getByRole("button", { name: "Continue to fields" }).click();
  await expect(page).toHaveURL(/step=fields$/);

  // 3. One signature on each document, chosen in the tabs: Ann's on the contract and Annex B, Bob's on Annex A.
  const tabs = page.getByRole("tablist", { name: "Documents of this request" });
  await expect(tabs.getByRole("tab")).toHaveText([/1\. contract\.pdf/, /2\. annex-a\.pdf/, /3\. annex-b\.pdf/]);
  await placeSignature(page, "Ann Archer");
  await tabs.getByRole("tab", { name: /2\. annex-a\.pdf/ }).click();
  await expect(tabs.getByRole("tab", { name: /2\. annex-a\.pdf/ })).toHaveAttribute("aria-selected", "true");
  // The other document's field is not on this one.
  await expect(page.getByRole("button", { name: "Signature field for Ann Archer" })).toHaveCount(0);
  await placeSignature(page, "Bob Baker");
  // Arrow keys move between the tabs.
  await tabs.getByRole("tab", { name: /2\. annex-a\.pdf/ }).press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: /3\. annex-b\.pdf/ })).toBeFocused();
  await placeSignature(page, "Ann Archer");
  await expect(tabs.getByRole("tab")).toHaveText([/1 field/, /1 field/, /1 field/]);
  await screenshot(page, "placer-several-documents");

  await page.getByRole("link", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${id}\\?sent=1$`));
  const sent = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  const docs = sent.documents as { id: string; name: string; sha256: string; pageCount: number }[];
  expect(docs.map((d) => d.name)).toEqual(["contract.pdf", "annex-a.pdf", "annex-b.pdf"]);
  expect(sent.fields.map((f: { documentId: string }) => docs.findIndex((d) => d.id === f.documentId))).toEqual([0, 1, 2]);

  // 4. Ann, at a desk: "Document n of 3" for each, her two signatures (the second takes the one she adopted).
  const desk = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const ann = await desk.newPage();
  await ann.goto(`/sign/${await signingToken(`ann.${run}@example.com`)}`);
  const nav = ann.getByRole("navigation", { name: "Documents to read" });
  await expect(nav.getByRole("link")).toHaveText([
    "Document 1 of 3 · contract.pdf",
    "Document 2 of 3 · annex-a.pdf",
    "Document 3 of 3 · annex-b.pdf",
  ]);
  await expect(ann.getByRole("heading", { name: /Document 3 of 3 · annex-b\.pdf/ })).toBeVisible();
  // The list and the headings add nothing axe finds wrong.
  const axe = await new AxeBuilder({ page: ann }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await ann.getByRole("button", { name: "Signature" }).first().click();
  const dialog = ann.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  // The next field is in the third document: "Next field" goes there.
  await ann.getByRole("button", { name: "Next field" }).click();
  await expect(ann.getByRole("button", { name: "Signature" }).last()).toBeFocused();
  await ann.keyboard.press("Enter");
  await expect(ann.getByRole("progressbar", { name: "Required fields completed" })).toHaveAttribute("aria-valuenow", "2");
  await ann.getByLabel("I agree to sign this document electronically").check();
  await ann.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(ann.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await desk.close();

  // 5. Bob, on a phone: field by field, the step says which document the field is in.
  const phone = await browser.newContext({ ...iPhone, storageState: { cookies: [], origins: [] } });
  const bob = await phone.newPage();
  await bob.goto(`/sign/${await signingToken(`bob.${run}@example.com`)}`);
  await bob.getByRole("button", { name: "Field by field" }).click();
  await expect(bob.getByText("Document 2 of 3 · annex-a.pdf")).toBeVisible();
  await bob.getByRole("button", { name: "Add your signature" }).click();
  const pad = bob.getByRole("dialog", { name: "Add your signature" });
  await pad.getByRole("tab", { name: "Type" }).click();
  await pad.getByRole("button", { name: "Use this signature" }).click();
  await screenshot(bob, "signer-phone-several-documents");
  await bob.getByRole("button", { name: "Go to signing" }).click();
  await bob.getByLabel("I agree to sign this document electronically").check();
  await bob.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(bob.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await phone.close();

  // 6. Completed: each document sealed on its own (pdfsig), each certificate listing all three originals.
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, { timeout: 90_000 })
    .toBe("COMPLETED");
  const done = (await (await request.get(`${SR}/${id}`, { headers })).json()).data;
  const dir = test.info().outputDir;
  fs.mkdirSync(dir, { recursive: true });
  for (const [i, d] of (done.documents as { id: string; sha256: string }[]).entries()) {
    const got = await request.get(`${SR}/${id}/documents/${d.id}`, { headers });
    const bytes = await got.body();
    expect(sha(bytes)).toBe(d.sha256);
    const file = path.join(dir, `sealed-${i + 1}.pdf`);
    fs.writeFileSync(file, bytes);
    const sig = execFileSync("pdfsig", [file], { encoding: "utf8" });
    expect(sig).toContain("Signature is Valid.");
    expect(sig).toContain("Total document signed");
    const certificate = execFileSync("pdftotext", ["-f", String(docs[i]!.pageCount + 1), file, "-"], {
      encoding: "utf8",
    }).replace(/\s+/g, " ");
    for (const original of docs) expect(certificate).toContain(original.sha256);
    expect(certificate).toContain(`${i + 1}. ${docs[i]!.name}`);
    // /verify accepts it, and names its siblings.
    const verified = (
      await (
        await request.post("/api/v1/verify", {
          multipart: { file: { name: "x.pdf", mimeType: "application/pdf", buffer: bytes } },
        })
      ).json()
    ).data;
    expect(verified.verdict).toBe("VALID");
    expect(verified.document.documents.map((x: { name: string; thisFile: boolean }) => [x.name, x.thisFile])).toEqual(
      docs.map((o, k) => [o.name, k === i]),
    );
  }

  // 7. Staff: the request's page lists the documents, each to download, and all in one zip.
  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("link", { name: "Download all (3, zip)" })).toBeVisible();
  await expect(page.getByRole("button", { name: /annex-b\.pdf \(document 3 of 3, signed\)/ })).toBeVisible();
  await page.getByRole("button", { name: /annex-a\.pdf \(document 2 of 3, signed\)/ }).click();
  await expect(page.locator("[data-preview-page='1'] canvas")).toBeVisible({ timeout: 30_000 });
  // Every document counted, each sealed file with its certificate; no single "Download" of the first alone.
  const pages = (done.documents as { pageCount: number }[]).reduce((n, d) => n + d.pageCount, 0);
  await expect(page.getByText(`${pages} pages in 3 signed documents`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download signed PDF" })).toHaveCount(3);
  await screenshot(page, "request-detail-several-documents");

  // 8. /verify of the second sealed file: the request's three documents, this one marked, each sealed SHA-256.
  await page.goto("/verify");
  await page.getByLabel("PDF file").setInputFiles(path.join(dir, "sealed-2.pdf"));
  await page.getByRole("button", { name: "Verify" }).click();
  const siblings = page.getByRole("list", { name: "The request's documents (3)" });
  await expect(siblings.getByRole("listitem")).toHaveText(
    [/1\. contract\.pdf/, /2\. annex-a\.pdf — this file/, /3\. annex-b\.pdf/],
    { timeout: 30_000 },
  );
  for (const d of done.documents as { sha256: string }[]) await expect(siblings).toContainText(d.sha256);
  const verifyAxe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(verifyAxe.violations.map((v) => v.id)).toEqual([]);
  await screenshot(page, "verify-several-documents");
});

test("a malformed anchor in another document: its link in the anchor panel opens that document's tab at its page", async ({
  page,
  request,
}) => {
  const form = new FormData();
  form.set("title", `Go to anchor ${Date.now().toString(36)}`);
  const pdf = (b: Buffer) => new Blob([new Uint8Array(b)], { type: "application/pdf" });
  form.append("file", pdf(await makePdf(1, () => ["First document"])), "first.pdf");
  form.append("file", pdf(await makePdf(2, (p) => (p === 2 ? ["Sign {{s1|bogus}}"] : ["Second"]))), "second.pdf");
  const made = await request.post(SR, { headers, multipart: form });
  expect(made.status()).toBe(201);
  const req = (await made.json()).data;
  await page.goto(`/requests/${req.id}/edit?step=fields`);
  await pageDrawn(page, 1);
  const tabs = page.getByRole("tablist", { name: "Documents of this request" });
  await expect(tabs.getByRole("tab", { name: /1\. first\.pdf/ })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("region", { name: "Anchors" });
  await panel.getByRole("button", { name: "Detect anchors" }).click();
  await panel.getByRole("button", { name: /Page 2: \{\{s1\|bogus\}\}/ }).click();
  await expect(tabs.getByRole("tab", { name: /2\. second\.pdf/ })).toHaveAttribute("aria-selected", "true");
  // Page 2 of the second document is brought into view.
  const second = await pageDrawn(page, 2);
  await expect(second).toBeInViewport();

  // The draft's documents are renamed and moved where they are listed, above the tabs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByText(/^Documents —/).click();
  const name1 = page.getByLabel("Name of document 1");
  await name1.fill("Cover letter");
  await name1.press("Enter");
  await expect(tabs.getByRole("tab", { name: /1\. Cover letter/ })).toBeVisible();
  await page.getByRole("button", { name: "Move Cover letter down" }).click();
  await expect(tabs.getByRole("tab")).toHaveText([/1\. second\.pdf/, /2\. Cover letter/]);
  const now = (await (await request.get(`${SR}/${req.id}`, { headers })).json()).data;
  expect(now.documents.map((d: { name: string }) => d.name)).toEqual(["second.pdf", "Cover letter"]);
});
