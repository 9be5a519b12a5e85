import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, mailedToken, screenshot, sealedPdfText, signingToken } from "./support";

// Signer authentication. A recipient with an access code sees nothing of the
// document without it, five wrong codes lock the link; the right code (and, for an EMAIL_CODE
// recipient, the code the server mails to the run's SMTP sink) lets them sign; the certificate of
// the sealed PDF lists these events.

// Signers are not staff: no session here, whatever the project's default storage state is.
test.use({ storageState: { cookies: [], origins: [] } });

const SR = "/api/v1/enterprise/signature-requests";
const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

type Auth = { method: "NONE" | "ACCESS_CODE" | "EMAIL_CODE"; accessCode?: string };
type Signer = { name: string; email: string; authentication: Auth };

/** A sent request: each signer (all in order 1, in parallel) with one SIGNATURE field labelled "<first name> signature". */
async function sentRequest(request: APIRequestContext, title: string, signers: Signer[]) {
  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      delivery_mode: "email",
      file: { name: "resolution.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Resolution of the board."]) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  for (const [i, s] of signers.entries()) {
    const res = await request.post(`${SR}/${id}/recipients`, { headers, data: { ...s, role: "SIGNER", order: 1 } });
    expect(res.status(), await res.text()).toBe(201);
    const recipient = (await res.json()).data;
    // the API returns the method, never the code
    expect(recipient.authentication).toEqual({ method: s.authentication.method });
    expect(JSON.stringify(recipient)).not.toContain(s.authentication.accessCode ?? "\u0000");
    const field = await request.post(`${SR}/${id}/fields`, {
      headers,
      data: {
        type: "SIGNATURE",
        recipientId: recipient.id,
        page: 1,
        x: 72,
        y: 500 + i * 90,
        width: 200,
        height: 50,
        label: `${s.name.split(" ")[0]} signature`,
      },
    });
    expect(field.status(), await field.text()).toBe(201);
  }
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return id;
}

/** Signs the one SIGNATURE field with a typed signature, agrees, and signs. */
async function signTyped(page: Page, fieldLabel: string) {
  const field = page.getByRole("button", { name: fieldLabel });
  await field.scrollIntoViewIfNeeded();
  await field.click();
  const dialog = page.getByRole("dialog", { name: "Add your signature" });
  await dialog.getByRole("tab", { name: "Type" }).click();
  await dialog.getByRole("button", { name: "Use this signature" }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
}

/** Types a code into the gate's field and presses Continue. */
async function giveCode(page: Page, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("an access-code link shows nothing without the code; five wrong codes lock it", async ({ page, request }) => {
  const title = `Board resolution ${run}`;
  const lou = {
    name: "Lou Locked",
    email: `lou.${run}@example.com`,
    authentication: { method: "ACCESS_CODE" as const, accessCode: "orchid-7731" },
  };
  await sentRequest(request, title, [lou]);
  const token = await signingToken(lou.email);

  await page.goto(`/sign/${token}`);
  await expect(page.getByRole("heading", { name: "Enter your access code" })).toBeVisible();
  await expect(page.getByText("asks you to sign a document")).toBeVisible();
  // Nothing of the document: no title, no pages, no fields.
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.locator("section[data-page]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lou signature" })).toHaveCount(0);
  // Nor through the signer's API, without the session the code gives.
  for (const p of [`/api/sign/${token}`, `/api/sign/${token}/document`]) {
    const res = await request.get(p);
    expect(res.status(), p).toBe(401);
    expect(await res.text()).not.toContain(title);
  }
  await screenshot(page, "signer-access-code");

  for (let i = 1; i <= 4; i++) {
    await giveCode(page, "Access code", `wrong-${i}`);
    const left = 5 - i;
    await expect(
      page.getByRole("alert").filter({ hasText: `That access code is not right. ${left} attempt${left === 1 ? "" : "s"} left` }),
    ).toBeVisible();
  }
  await giveCode(page, "Access code", "wrong-5");
  await expect(page.getByRole("alert").filter({ hasText: "Too many wrong codes" })).toBeVisible();
  await expect(page.getByText("This link is locked after too many wrong codes")).toBeVisible();
  await expect(page.getByLabel("Access code", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await screenshot(page, "signer-locked");

  // Still locked when the page is opened again; and the right code is refused by the API, with when to come back.
  await page.reload();
  await expect(page.getByText("This link is locked after too many wrong codes")).toBeVisible();
  const refused = await request.post(`/api/sign/${token}/authentication`, { data: { code: lou.authentication.accessCode } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);
  expect((await refused.json()).details).toMatchObject({ reason: "LOCKED" });
  await expect(page.getByText(title)).toHaveCount(0);
});

test("the right access code and an e-mailed code let two signers sign; the certificate lists both", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Share purchase ${run}`;
  const ann = {
    name: "Ann Access",
    email: `ann.code.${run}@example.com`,
    authentication: { method: "ACCESS_CODE" as const, accessCode: "violet-2024" },
  };
  const bob = { name: "Bob Mailcode", email: `bob.code.${run}@example.com`, authentication: { method: "EMAIL_CODE" as const } };
  const id = await sentRequest(request, title, [ann, bob]);

  // Ann: one wrong code, then the right one; then the document, and she signs.
  await page.goto(`/sign/${await signingToken(ann.email)}`);
  await expect(page.getByRole("heading", { name: "Enter your access code" })).toBeVisible();
  await giveCode(page, "Access code", "not-the-code");
  await expect(page.getByRole("alert").filter({ hasText: "4 attempts left" })).toBeVisible();
  await giveCode(page, "Access code", ann.authentication.accessCode);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("region", { name: "Page 1 of 1" }).locator("img").first()).toBeVisible();
  await signTyped(page, "Ann signature");

  // Bob, in a browser of his own: asks for a code, reads it from his mail (the run's SMTP sink), signs.
  const bobs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const bobPage = await bobs.newPage();
  // A context made here has no baseURL of its own: the whole address.
  await bobPage.goto(`${new URL(page.url()).origin}/sign/${await signingToken(bob.email)}`);
  await expect(bobPage.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await expect(bobPage.getByText("b•••@example.com")).toBeVisible();
  await expect(bobPage.getByText(title)).toHaveCount(0);
  await bobPage.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(bobPage.getByRole("status").filter({ hasText: "We sent a 6-digit code to b•••@example.com" })).toBeVisible();
  // A second code at once is refused: the button waits (one code per 30 s).
  await expect(bobPage.getByRole("button", { name: /Send a new code \(\d+ s\)/ })).toBeDisabled();
  const code = await mailedToken(bob.email, /Your signing code: (\d{6})/);
  expect(code).toMatch(/^\d{6}$/);
  await giveCode(bobPage, "6-digit code", code);
  await expect(bobPage.getByRole("heading", { name: title })).toBeVisible();
  await signTyped(bobPage, "Bob signature");
  // The code worked once: given again (another browser, no session), it is refused.
  const reused = await request.post(`/api/sign/${await signingToken(bob.email)}/authentication`, { data: { code } });
  expect(reused.status()).toBe(401);
  await bobs.close();

  // Sealed; each signer's block says how they were identified (no event codes on the certificate,
  // the audit trail below has each code given, and the wrong one).
  const text = await sealedPdfText(request, id, `signer-auth-${run}`);
  expect(text).not.toMatch(/recipient\.(access|email)_code/);
  const flat = text.replace(/\s+/g, " ");
  expect(flat.match(/Identified by/g)).toHaveLength(2);
  expect(flat).toMatch(/e-mail link; access code \(given \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)/);
  expect(flat).toMatch(/e-mail link; e-mail code \(given \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)/);
  // Neither code is written anywhere in it.
  expect(text).not.toContain(ann.authentication.accessCode);
  expect(text).not.toContain(code);
  // The audit trail the API gives says the same, without the codes.
  const audit = JSON.stringify((await (await request.get(`${SR}/${id}/audit`, { headers })).json()).data);
  for (const event of [
    "recipient.access_code.failed",
    "recipient.access_code.verified",
    "recipient.email_code.sent",
    "recipient.email_code.verified",
  ])
    expect(audit, event).toContain(event);
  expect(audit).not.toContain(ann.authentication.accessCode);
});
