import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { cspViolations, makePdf, screenshot, signingToken, SR } from "./support";

// The public verify page (/verify): a PDF Signet sealed is valid and names its signers; the same
// file with one byte changed is not; a PDF Signet never sealed says so. Anyone may use it: the page
// is opened without the staff session.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

/** A request sent, signed through the signer's API and sealed; its sealed PDF. */
async function sealedPdf(request: APIRequestContext, title: string, signer: { name: string; email: string }): Promise<Buffer> {
  const created = await request.post(SR, {
    headers,
    multipart: { title, file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const r = (await (await request.post(`${SR}/${id}/recipients`, { headers, data: { ...signer, order: 1 } })).json()).data;
  const field = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y: 500, width: 200, height: 50 },
  });
  expect(field.status()).toBe(201);
  expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);

  const token = await signingToken(signer.email);
  const view = (await (await request.get(`/api/sign/${token}`)).json()).data;
  const values = view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: signer.name }));
  const signed = await request.post(`/api/sign/${token}/sign`, { data: { consent: true, values } });
  expect(signed.status(), await signed.text()).toBe(200);

  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, {
      timeout: 60_000,
      message: "the request is sealed",
    })
    .toBe("COMPLETED");
  const doc = await request.get(`${SR}/${id}/document`, { headers });
  expect(doc.status()).toBe(200);
  return Buffer.from(await doc.body());
}

async function verifyFile(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel("PDF file").setInputFiles({ name, mimeType: "application/pdf", buffer });
  await page.getByRole("button", { name: "Verify" }).click();
}

test.use({ storageState: { cookies: [], origins: [] } });

// The reader's own time zone: the result's moments are shown in it, the zone named.
test.use({ timezoneId: "Asia/Tokyo" });

test("verify: the sealed PDF is valid with its signers; one byte changed is not; a PDF Signet never sealed is not sealed by this service", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const signer = { name: "Vera Verifier", email: `vera.${run}@example.com` };
  const title = `E2E verify ${run}`;
  const sealed = await sealedPdf(request, title, signer);
  const violations = cspViolations(page);

  await page.goto("/verify");
  await expect(page).toHaveURL(/\/verify$/); // public: no redirect to the sign-in page
  await expect(page.getByRole("heading", { level: 1, name: "Verify a signed document" })).toBeVisible();

  // The sealed PDF: valid, with the request's title and its signer (e-mail masked).
  await verifyFile(page, "sealed.pdf", sealed);
  const verdict = page.getByRole("heading", { level: 2 });
  await expect(verdict).toHaveText("Valid — sealed by this service, unmodified since", { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
  const signers = page.getByRole("list", { name: "Signers" });
  await expect(signers).toContainText("Vera Verifier");
  await expect(signers).toContainText("v***@example.com");
  await expect(signers).toContainText("GMT+9");
  await expect(page.getByText("Covers the whole file", { exact: true })).toBeVisible();
  await screenshot(page, "verify-valid");

  // The same file with one byte changed (inside the signed content): not valid, and nothing about the request.
  // A byte inside the first stream's data: the file still parses, only what the seal signed differs.
  const tampered = Buffer.from(sealed);
  const at = tampered.indexOf("stream", 0, "latin1") + 20;
  expect(at).toBeGreaterThan(20);
  tampered.writeUInt8(tampered.readUInt8(at) ^ 0x01, at);
  await verifyFile(page, "tampered.pdf", tampered);
  await expect(verdict).toHaveText("Altered after sealing", { timeout: 30_000 });
  await expect(verdict).not.toHaveText(/Valid/);
  await expect(page.getByRole("heading", { level: 3, name: title })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Signers" })).toHaveCount(0);
  await screenshot(page, "verify-altered");

  // A PDF Signet never sealed.
  await verifyFile(page, "plain.pdf", await makePdf(1));
  await expect(verdict).toHaveText("Not sealed by this service", { timeout: 30_000 });
  await expect(page.getByText("The file carries no signature")).toBeVisible();

  // Not a PDF at all: the server's words, as an alert.
  await page
    .getByLabel("PDF file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a pdf") });
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file is not a PDF" })).toBeVisible();

  expect(violations).toEqual([]);
});
