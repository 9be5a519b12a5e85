import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { cspViolations, makePdf, screenshot, SR, signingToken } from "./support";

// Roles: an APPROVER approves in Chromium from the link in their mail, then a SIGNER signs
// (through the signer's API: the signing page itself is signing.spec.ts's), then a VIEWER opens
// their link, which is all their turn asks. The request completes, and the sealed PDF's certificate
// says what each of them did.

// Recipients are not staff: no session here, whatever the project's default storage state is.
test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

const getRequest = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`${SR}/${id}`, { headers })).json()).data;

test("an approver approves in the browser, the signer and the viewer follow, the request completes; the certificate lists the approver", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Purchase order ${run}`;
  const ada = { name: "Ada Approver", email: `ada.approver.${run}@example.com`, role: "APPROVER", order: 1 };
  const sam = { name: "Sam Signer", email: `sam.signer.${run}@example.com`, role: "SIGNER", order: 2 };
  const vic = { name: "Vic Viewer", email: `vic.viewer.${run}@example.com`, role: "VIEWER", order: 3 };

  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      delivery_mode: "email",
      file: {
        name: "po.pdf",
        mimeType: "application/pdf",
        buffer: await makePdf(1, () => ["Item: 40 chairs", "Total: 4,000 EUR"]),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  const ids: Record<string, string> = {};
  for (const r of [ada, sam, vic]) {
    const res = await request.post(`${SR}/${id}/recipients`, { headers, data: r });
    expect(res.status(), await res.text()).toBe(201);
    ids[r.role] = (await res.json()).data.id;
  }
  // An approver has no fields: the API says why.
  const refused = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: ids.APPROVER, page: 1, x: 72, y: 600, width: 200, height: 50 },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toContain("only a SIGNER has fields");
  const field = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: ids.SIGNER, page: 1, x: 72, y: 600, width: 200, height: 50, label: "Signature" },
  });
  expect(field.status(), await field.text()).toBe(201);
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);

  // The approver's turn comes first: they open the link from their mail.
  const adaToken = await signingToken(ada.email);
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const csp = cspViolations(page);
  await page.goto(`/sign/${adaToken}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(`Approving as ${ada.name}`)).toBeVisible();
  // The document is shown, with nothing to fill in.
  await expect(page.getByRole("region", { name: "Page 1 of 1" }).locator("img").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Next field" })).toHaveCount(0);
  const approve = page.getByRole("button", { name: "Approve", exact: true });
  await expect(approve).toBeDisabled();
  // An approver declines to approve, not to sign; opened and closed, nothing is declined.
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  const declineDialog = page.getByRole("dialog", { name: "Decline to approve" });
  await expect(declineDialog.getByRole("button", { name: "Decline to approve" })).toBeVisible();
  await declineDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(declineDialog).toHaveCount(0);
  await page.getByLabel("I agree to approve this document electronically").check();
  await screenshot(page, "approver");
  await approve.click();
  await expect(page.getByRole("heading", { name: "Thank you – you have approved" })).toBeVisible();
  expect(pageErrors).toEqual([]);
  expect(csp).toEqual([]);

  const afterAda = await getRequest(request, id);
  const adaRow = afterAda.recipients.find((r: { id: string }) => r.id === ids.APPROVER);
  expect(adaRow).toMatchObject({ role: "APPROVER", status: "APPROVED", signedAt: null });
  expect(adaRow.approvedAt).toBeTruthy();
  // Opened again, the link says so.
  await page.reload();
  await expect(page.getByRole("heading", { name: "You have already approved this document" })).toBeVisible();

  // Now, and only now, the signer is invited; they sign (the signer's API).
  const samToken = await signingToken(sam.email);
  const view = (await (await request.get(`/api/sign/${samToken}`)).json()).data;
  expect(view).toMatchObject({ yourTurn: true, recipient: { role: "SIGNER" } });
  const signed = await request.post(`/api/sign/${samToken}/sign`, {
    data: { consent: true, values: [{ fieldId: view.fields[0].id, typed: sam.name }] },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  expect((await signed.json()).data.completed).toBe(false);

  // The viewer is invited next; opening the link is their whole turn.
  const vicToken = await signingToken(vic.email);
  await page.goto(`/sign/${vicToken}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(`Viewing as ${vic.name}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "there is nothing to sign" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign", exact: true })).toHaveCount(0);

  await expect
    .poll(async () => (await getRequest(request, id)).status, { timeout: 60_000, message: "the request is sealed and COMPLETED" })
    .toBe("COMPLETED");
  const done = await getRequest(request, id);
  expect(done.recipients.map((r: { role: string; status: string }) => `${r.role}:${r.status}`)).toEqual([
    "APPROVER:APPROVED",
    "SIGNER:SIGNED",
    "VIEWER:VIEWED",
  ]);

  // The sealed PDF's certificate: each recipient with their role and what they did, when.
  const pdf = await request.get(`${SR}/${id}/document`, { headers });
  expect(pdf.status()).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-roles-"));
  const file = path.join(dir, "sealed.pdf");
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  // Each block: the name, then the e-mail with the role in words and the order; its rows are a
  // table, which plain pdftotext reads as the labels, then the values.
  expect(text).toContain(`${ada.name} ${ada.email} · Approver · Order 1`);
  // The certificate writes times in the request's zone (UTC here) to the second; the API keeps ISO 8601.
  const approvedAt = (adaRow.approvedAt as string).replace("T", " ").replace(/\.\d+Z$/, " UTC");
  expect(text).toContain("Approved at");
  expect(text).toContain(approvedAt);
  expect(text).toContain(`${sam.name} ${sam.email} · Signer · Order 2`);
  expect(text).toContain(`${vic.name} ${vic.email} · Viewer · Order 3`);
  expect(text).toContain("Viewed at");
  // The events are the audit trail's, not the certificate's.
  expect(text).not.toContain("recipient.approved");
  const sig = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(sig).toContain("Signature is Valid.");
});
