import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { E2E_KEY, E2E_MAIL_DIR } from "./playwright.config";
import { cspViolations, drawSignature, loadsOf, phone as phoneOf } from "./support";

// The signer's journey over real parts: the API creates and sends a request, the server mails the
// signers through a real SMTP server (e2e/smtp-sink.mjs, started for the run by the config), each
// signer opens the link from their mail in Chromium and signs, in order.

// Signers are not staff: no session here, whatever the project's default storage state is.
test.use({ storageState: { cookies: [], origins: [] } });

const SR = "/api/v1/enterprise/signature-requests";
const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const today = () => new Date().toISOString().slice(0, 10);

interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
  link: string | null;
}

/** Quoted-printable: soft line breaks (`=` at a line's end) go, `=3D` and the like become bytes. */
function decodeQuotedPrintable(s: string): string {
  const latin1 = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(latin1, "latin1").toString("utf8");
}

function parseMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.search(/\r?\n\r?\n/);
  // Header lines folded onto the next line (starting with white space) are unfolded first.
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const body = decodeQuotedPrintable(raw.slice(split));
  const link = /https?:\/\/[^\s"'<>]+\/sign\/[A-Za-z0-9_-]+/.exec(body)?.[0] ?? null;
  return { file, to: header("To"), subject: header("Subject"), body, link };
}

/** Every message the SMTP server has received so far, oldest first. */
function receivedMails(): Mail[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => parseMail(path.join(E2E_MAIL_DIR, f)));
}
const mailsTo = (email: string) => receivedMails().filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

/** Waits for the first invitation to `email` and returns its signing link. */
async function invitationLink(email: string): Promise<string> {
  await expect
    .poll(() => mailsTo(email).filter((m) => m.link).length, { timeout: 30_000, message: `an invitation to ${email}` })
    .toBeGreaterThan(0);
  return mailsTo(email).find((m) => m.link)!.link!;
}

/** A two-page agreement made with pdf-lib, with lines where the signers sign. */
async function agreementPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [n, who] of [
    [1, "Client"],
    [2, "Supplier"],
  ] as const) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Service agreement – page ${n}`, { x: 72, y: 720, font: bold, size: 18 });
    for (let i = 0; i < 12; i++)
      page.drawText(`Clause ${n}.${i + 1}: the parties agree to the terms set out here.`, {
        x: 72,
        y: 680 - i * 18,
        font,
        size: 11,
      });
    page.drawText(`${who} signature`, { x: 72, y: 792 - 665, font, size: 10 });
    page.drawLine({ start: { x: 72, y: 792 - 652 }, end: { x: 272, y: 792 - 652 }, thickness: 0.8, color: rgb(0.2, 0.2, 0.2) });
    page.drawText(n === 1 ? "Job title" : "Company", { x: 320, y: 792 - 665, font, size: 10 });
  }
  return Buffer.from(await doc.save());
}

async function createRequest(
  request: APIRequestContext,
  title: string,
  signers: { name: string; email: string; order: number }[],
) {
  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      delivery_mode: "email",
      file: { name: "agreement.pdf", mimeType: "application/pdf", buffer: await agreementPdf() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  const recipientIds: string[] = [];
  for (const s of signers) {
    const res = await request.post(`${SR}/${id}/recipients`, { headers, data: { ...s, role: "SIGNER" } });
    expect(res.status(), await res.text()).toBe(201);
    recipientIds.push((await res.json()).data.id);
  }
  return { id, recipientIds };
}

async function addFields(request: APIRequestContext, id: string, fields: Record<string, unknown>[]) {
  const res = await request.post(`${SR}/${id}/fields`, { headers, data: { fields } });
  expect(res.status(), await res.text()).toBe(201);
}

async function send(request: APIRequestContext, id: string) {
  const res = await request.post(`${SR}/${id}/send`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

const getRequest = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`${SR}/${id}`, { headers })).json()).data;

test("two signers sign in order from the links in their mail; the request completes", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const ann = { name: "Ann Client", email: `ann.${run}@example.com`, order: 1 };
  const bob = { name: "Bob Supplier", email: `bob.${run}@example.com`, order: 2 };
  const title = `Service agreement ${run}`;
  const { id, recipientIds } = await createRequest(request, title, [ann, bob]);
  const [annId, bobId] = recipientIds;
  await addFields(request, id, [
    {
      type: "SIGNATURE",
      recipientId: annId,
      page: 1,
      x: 72,
      y: 600,
      width: 200,
      height: 50,
      name: "client_signature",
      label: "Client signature",
    },
    {
      type: "TEXT",
      recipientId: annId,
      page: 1,
      x: 320,
      y: 620,
      width: 200,
      height: 24,
      name: "job_title",
      label: "Job title",
      required: true,
      maxLength: 40,
      fontSize: 12,
    },
    {
      type: "DATE",
      recipientId: annId,
      page: 1,
      x: 72,
      y: 680,
      width: 120,
      height: 20,
      name: "client_date",
      label: "Date signed",
    },
    {
      type: "SIGNATURE",
      recipientId: bobId,
      page: 2,
      x: 72,
      y: 600,
      width: 200,
      height: 50,
      name: "supplier_signature",
      label: "Supplier signature",
    },
    {
      type: "TEXT",
      recipientId: bobId,
      page: 2,
      x: 320,
      y: 620,
      width: 200,
      height: 24,
      name: "company",
      label: "Company",
      required: true,
      maxLength: 60,
      fontSize: 12,
    },
  ]);
  await send(request, id);

  // Only the first order group is invited.
  const annLink = await invitationLink(ann.email);
  expect(annLink.startsWith("http://127.0.0.1:")).toBe(true);
  expect(mailsTo(bob.email)).toHaveLength(0);
  expect((await getRequest(request, id)).recipients.find((r: { id: string }) => r.id === bobId).status).toBe("PENDING");

  // Ann signs on a desktop: draws her signature with the mouse.
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const refused = cspViolations(page);
  await page.goto(annLink);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Sandbox – not a valid legal signature")).toBeVisible();
  await expect(page.getByText("0 of 2 required fields completed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Page 1 of 2" }).locator("img").first()).toBeVisible();
  // Page 1's image came once, preloaded from the HTML (under its CSP nonce: see `refused` below) at the
  // width the page asks for: 900 CSS px at one device px → 960. Read once it has loaded (a load is listed when it ends).
  await expect(page.locator("[data-page='1']")).toHaveAttribute("data-rendered", "true");
  expect(await loadsOf(page, /\/pages\/1\?/)).toEqual([
    { url: expect.stringMatching(/\/pages\/1\?w=960&v=[0-9a-f]{16}$/), by: "link" },
  ]);
  // The view's data was asked for once: the HTML started it, and the app took that answer.
  expect(await loadsOf(page, /\/api\/sign\/[A-Za-z0-9_-]+$/)).toHaveLength(1);

  // The fields sit where they were placed: x = 72 pt, y = 600 pt from the page's top-left, scaled.
  const page1 = (await page.getByRole("region", { name: "Page 1 of 2" }).boundingBox())!;
  const sigButton = page.getByRole("button", { name: "Client signature" });
  const sigBox = (await sigButton.boundingBox())!;
  const scale = page1.width / 612;
  expect(Math.abs(sigBox.x - page1.x - 72 * scale)).toBeLessThan(3);
  expect(Math.abs(sigBox.y - page1.y - 600 * scale)).toBeLessThan(3);
  expect(Math.abs(sigBox.width - 200 * scale)).toBeLessThan(3);

  // "Next field" leads to the first empty required field.
  await page.getByRole("button", { name: "Next field" }).click();
  await expect(sigButton).toBeFocused();
  await sigButton.click();
  const dialog = page.getByRole("dialog", { name: "Add your signature" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Draw" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByRole("button", { name: "Use this signature" })).toBeDisabled();
  await drawSignature(page, "Draw your signature");
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await expect(dialog).toBeHidden();
  await expect(sigButton.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByText("1 of 2 required fields completed")).toBeVisible();

  await page.getByRole("button", { name: "Next field" }).click();
  const jobTitle = page.getByLabel("Job title");
  await expect(jobTitle).toBeFocused();
  await expect(jobTitle).toHaveAttribute("maxlength", "40");
  await expect(jobTitle).toHaveAttribute("required", "");
  await jobTitle.fill("Managing director");
  const date = page.getByLabel("Date signed");
  await expect(date).toHaveValue(today());
  await expect(date).not.toBeEditable();
  await expect(page.getByText("2 of 2 required fields completed")).toBeVisible();

  const signButton = page.getByRole("button", { name: "Sign", exact: true });
  await expect(signButton).toBeDisabled();
  await page.getByLabel("I agree to sign this document electronically").check();
  await signButton.click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  expect(pageErrors).toEqual([]);

  // Now, and only now, the second signer is mailed.
  const bobLink = await invitationLink(bob.email);
  expect(bobLink).not.toBe(annLink);
  const afterAnn = await getRequest(request, id);
  expect(afterAnn.recipients.find((r: { id: string }) => r.id === annId).status).toBe("SIGNED");

  // Ann's link, opened again, says she has signed.
  await page.goto(annLink);
  await expect(page.getByRole("heading", { name: "You have already signed this document" })).toBeVisible();

  // Bob signs on a phone (375 px wide), with a typed signature.
  const phone = await browser.newContext(phoneOf(375, 812, 2));
  const mobile = await phone.newPage();
  const refusedMobile = cspViolations(mobile);
  await mobile.goto(bobLink);
  await expect(mobile.getByRole("heading", { name: title })).toBeVisible();
  const bobSig = mobile.getByRole("button", { name: "Supplier signature" });
  await bobSig.scrollIntoViewIfNeeded();
  await bobSig.click();
  const bobDialog = mobile.getByRole("dialog", { name: "Add your signature" });
  await bobDialog.getByRole("tab", { name: "Type" }).click();
  const typed = bobDialog.getByLabel("Type your name");
  await expect(typed).toHaveValue(bob.name);
  await typed.fill("Bob S. Supplier");
  await expect(bobDialog.getByLabel("Preview of your typed signature")).toHaveText("Bob S. Supplier");
  await bobDialog.getByRole("button", { name: "Use this signature" }).click();
  await expect(bobDialog).toBeHidden();
  await expect(bobSig).toContainText("Bob S. Supplier");
  // On a phone a text field is a button over the page that opens it in field-by-field mode, 16 px and full width.
  await mobile.getByRole("button", { name: "Company" }).click();
  await expect(mobile.getByText("Field 2 of 2")).toBeVisible();
  await mobile.getByLabel("Company").fill("Supplier & Sons Ltd");
  await mobile.getByRole("button", { name: "Whole document" }).click();
  await expect(mobile.getByRole("button", { name: "Company, Supplier & Sons Ltd" })).toBeVisible();
  await mobile.getByLabel("I agree to sign this document electronically").check();
  // Nothing sticks out sideways at phone width.
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await bobSig.scrollIntoViewIfNeeded();
  await mobile.screenshot({ path: path.join(__dirname, "screenshots", "signer-mobile.png") });
  await mobile.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(mobile.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await phone.close();
  // The signing page works under the CSP (nonce scripts, pdf.js, drawn and typed signatures) without a refusal.
  expect([...refused, ...refusedMobile]).toEqual([]);

  // Both signed; the seal job then completes the request.
  const afterBob = await getRequest(request, id);
  expect(afterBob.recipients.map((r: { status: string }) => r.status)).toEqual(["SIGNED", "SIGNED"]);
  await expect
    .poll(async () => (await getRequest(request, id)).status, { timeout: 60_000, message: "the request is sealed and COMPLETED" })
    .toBe("COMPLETED");
});

test("a long document: pages are drawn only near the viewport; next field crosses pages; initials typed, signature uploaded", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 40; n++) doc.addPage([612, 792]).drawText(`Annex page ${n}`, { x: 72, y: 720, font, size: 16 });
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Annexes ${run}`,
      file: { name: "annexes.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) },
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data.id;
  const dee = { name: "Dee Long", email: `dee.${run}@example.com`, order: 1 };
  const rec = await request.post(`${SR}/${id}/recipients`, { headers, data: dee });
  const recipientId: string = (await rec.json()).data.id;
  await addFields(request, id, [
    { type: "INITIAL", recipientId, page: 20, x: 480, y: 720, width: 60, height: 30, label: "Initials, annex 20" },
    { type: "SIGNATURE", recipientId, page: 40, x: 72, y: 600, width: 200, height: 60, label: "Signature, annex 40" },
  ]);
  await send(request, id);
  const link = await invitationLink(dee.email);

  await page.goto(link);
  const rendered = page.locator("section[data-page] img");
  await expect(page.getByRole("region", { name: "Page 1 of 40" }).locator("img")).toBeVisible();
  expect(await rendered.count()).toBeLessThanOrEqual(4);
  await expect(page.getByRole("region", { name: "Page 40 of 40" }).locator("img")).toHaveCount(0);

  await page.getByRole("button", { name: "Next field" }).click();
  const initials = page.getByRole("button", { name: "Initials, annex 20" });
  await expect(initials).toBeFocused();
  await expect(page.getByRole("region", { name: "Page 20 of 40" }).locator("img")).toBeVisible();
  await initials.click();
  const initialsDialog = page.getByRole("dialog", { name: "Add your initials" });
  await initialsDialog.getByRole("tab", { name: "Type" }).click();
  await expect(initialsDialog.getByLabel("Type your initials")).toHaveValue("DL");
  await initialsDialog.getByRole("button", { name: "Use these initials" }).click();
  await expect(initials).toContainText("DL");

  await page.getByRole("button", { name: "Next field" }).click();
  const signature = page.getByRole("button", { name: "Signature, annex 40" });
  await expect(signature).toBeFocused();
  await expect(page.getByRole("region", { name: "Page 40 of 40" }).locator("img")).toBeVisible();
  // Far from the viewport again, the first page is no longer drawn.
  await expect(page.getByRole("region", { name: "Page 1 of 40" }).locator("img")).toHaveCount(0);
  await signature.click();
  const sigDialog = page.getByRole("dialog", { name: "Add your signature" });
  await sigDialog.getByRole("tab", { name: "Upload" }).click();
  // A real PNG, made by Chromium: a picture of the page's heading.
  const png = await page.getByRole("heading", { name: `Annexes ${run}` }).screenshot();
  await sigDialog
    .getByLabel(/Upload an image of your signature/)
    .setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: png });
  await expect(sigDialog.getByRole("img", { name: "Uploaded signature" })).toBeVisible();
  await sigDialog.getByRole("button", { name: "Use this signature" }).click();
  await expect(signature.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);

  // Every required field is done: "Next field" now leads to the consent box.
  await page.getByRole("button", { name: "Next field" }).click();
  await expect(page.getByLabel("I agree to sign this document electronically")).toBeFocused();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
  await expect.poll(async () => (await getRequest(request, id)).recipients[0].status).toBe("SIGNED");
});

test("a signer declines with a reason; the link then says so", async ({ page, request }) => {
  const cy = { name: "Cy Decliner", email: `cy.${run}@example.com`, order: 1 };
  const { id, recipientIds } = await createRequest(request, `Offer ${run}`, [cy]);
  await addFields(request, id, [
    { type: "SIGNATURE", recipientId: recipientIds[0], page: 1, x: 72, y: 600, width: 200, height: 50, label: "Signature" },
  ]);
  await send(request, id);
  await page.goto(await invitationLink(cy.email));
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await dialog.getByRole("button", { name: "Decline to sign" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say why you decline.");
  await dialog.getByLabel("Reason for declining").fill("The price in clause 1.2 is wrong.");
  await dialog.getByRole("button", { name: "Decline to sign" }).click();
  await expect(page.getByRole("heading", { name: "You declined to sign" })).toBeVisible();
  const after = await getRequest(request, id);
  expect(after.status).toBe("DECLINED");
  expect(after.recipients[0]).toMatchObject({ status: "DECLINED", declineReason: "The price in clause 1.2 is wrong." });
  await page.reload();
  await expect(page.getByRole("heading", { name: "You declined to sign" })).toBeVisible();
});

test("a cancelled request's link says it was cancelled and offers nothing to sign", async ({ page, request }) => {
  const eve = { name: "Eve Cancelled", email: `eve.${run}@example.com`, order: 1 };
  const { id, recipientIds } = await createRequest(request, `Lease ${run}`, [eve]);
  await addFields(request, id, [
    { type: "SIGNATURE", recipientId: recipientIds[0], page: 1, x: 72, y: 600, width: 200, height: 50 },
  ]);
  await send(request, id);
  const link = await invitationLink(eve.email);
  const cancelled = await request.post(`${SR}/${id}/cancel`, { headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  // Gone: the page (HTTP 410, with its friendly text), the signer's API and the document.
  expect((await page.goto(link))!.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This request was cancelled" })).toBeVisible();
  const token = link.split("/sign/")[1];
  for (const p of [`/api/sign/${token}`, `/api/sign/${token}/document`]) expect((await request.get(p)).status(), p).toBe(410);
  await expect(page.getByRole("button", { name: "Sign", exact: true })).toHaveCount(0);
});

test("a link that is not valid says so", async ({ page }) => {
  expect((await page.goto("/sign/not-a-real-token-0123456789abcdef"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This signing link is not valid" })).toBeVisible();
});

test("two signers each draw their signature: the sealed PDF's certificate is one page with both images, no internal ids or event codes", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cleo = { name: "Cleo Drawn", email: `cleo.${run}@example.com`, order: 1 };
  const dan = { name: "Dan Drawn", email: `dan.${run}@example.com`, order: 1 };
  const { id, recipientIds } = await createRequest(request, `Certificate ${run}`, [cleo, dan]);
  await addFields(
    request,
    id,
    recipientIds.map((recipientId, i) => ({
      type: "SIGNATURE",
      recipientId,
      page: 1,
      x: 72 + i * 250,
      y: 600,
      width: 200,
      height: 50,
      label: `Signature ${i + 1}`,
    })),
  );
  await send(request, id);
  for (const [i, who] of [cleo, dan].entries()) {
    await page.goto(await invitationLink(who.email));
    await page.getByRole("button", { name: `Signature ${i + 1}` }).click();
    await drawSignature(page, "Draw your signature");
    await page.getByRole("dialog").getByRole("button", { name: "Use this signature" }).click();
    await page.getByLabel("I agree to sign this document electronically").check();
    await page.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Thank you/ })).toBeVisible();
  }
  await expect
    .poll(async () => (await getRequest(request, id)).status, { timeout: 60_000, message: "the request is sealed and COMPLETED" })
    .toBe("COMPLETED");
  const sealed = await request.get(`${SR}/${id}/document`, { headers });
  const file = path.join(os.tmpdir(), `signet-e2e-certificate-${run}.pdf`);
  fs.writeFileSync(file, await sealed.body());
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  expect(pages).toBe(3); // the two-page agreement and one certificate page
  const images = execFileSync("pdfimages", ["-list", "-f", String(pages), "-l", String(pages), file], { encoding: "utf8" })
    .trim()
    .split("\n")
    .slice(2)
    // Each drawn signature is an image with its soft mask (its transparency): count the images.
    .filter((row) => row.trim().split(/\s+/)[2] === "image");
  expect(images.length).toBe(2);
  const text = execFileSync("pdftotext", ["-f", String(pages), "-l", String(pages), file, "-"], { encoding: "utf8" });
  for (const who of [cleo, dan]) {
    expect(text).toContain(who.name);
    expect(text).toContain(who.email);
  }
  expect(text).not.toMatch(/recipient:|recipient\.viewed|signature_request\.|\.\d{3}Z/);
  fs.rmSync(file, { force: true });
});
