import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, pageDrawn, phone as phoneOf, screenshot, settledWidth, signingToken, SR } from "./support";

// WCAG 2.1 AA on the staff pages. axe (the rules tagged wcag2a, wcag2aa, wcag21a,
// wcag21aa) finds no violation, of any impact, on each page as staff meet it at 1280 × 720.

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);
const T = "/api/v1/enterprise/templates";

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  }));
}

async function expectNoViolations(page: Page, where: string) {
  expect(await violations(page), where).toEqual([]);
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("the sign-in page and /verify", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expectNoViolations(page, "/login");
    await page.goto("/verify");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, "/verify");
  });
});

test("every staff page: lists, compose steps, the placer, a request, templates and the builder, settings", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A draft with two signers and a field each, and a PDF template with a role and a field.
  const created = await request.post(SR, {
    headers,
    multipart: {
      title: `Axe ${run}`,
      file: { name: "a.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => ["Terms."]) },
    },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data.id;
  for (const [i, name] of ["Ann Axe", "Bob Axe"].entries()) {
    const r = await request.post(`${SR}/${id}/recipients`, {
      headers,
      data: { name, email: `${name.split(" ")[0]!.toLowerCase()}.${run}@example.com`, order: i + 1 },
    });
    const rid: string = (await r.json()).data.id;
    await request.post(`${SR}/${id}/fields`, {
      headers,
      data: { type: "SIGNATURE", recipientId: rid, page: 1, x: 72, y: 200 + i * 100, width: 180, height: 48 },
    });
  }
  const tpl = await request.post(T, {
    headers,
    // Three pages: the ones below the fold are still "Page N" placeholders when axe looks.
    multipart: { name: `Axe template ${run}`, file: { name: "t.pdf", mimeType: "application/pdf", buffer: await makePdf(3) } },
  });
  const tid: string = (await tpl.json()).data.id;
  // Two roles (the second in the palette's amber, the colour whose words were too pale), overlapping fields, one labelled.
  await request.put(`${T}/${tid}/roles`, { headers, data: { roles: [{ name: "Client" }, { name: "Company" }] } });
  await request.post(`${T}/${tid}/fields`, {
    headers,
    data: {
      fields: [
        { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 200, width: 150, height: 30 },
        { type: "TEXT", roleName: "Company", page: 1, x: 72, y: 300, width: 150, height: 20, label: "Job title" },
        { type: "DATE", roleName: "Company", page: 1, x: 120, y: 305, width: 120, height: 20, required: false },
      ],
    },
  });
  /** The placer with its fields drawn and one selected (its resize handle shown). */
  const selectField = async (p: Page) => {
    await pageDrawn(p, 1);
    const field = p.locator("[data-field-key]").first();
    await field.click();
    await expect(field).toHaveAttribute("aria-pressed", "true");
    await expect(p.getByTestId("resize-handle")).toBeVisible();
  };

  // A request sent, so that the outbox lists a message.
  const sent: string = (
    await (
      await request.post(SR, {
        headers,
        multipart: { title: `Axe sent ${run}`, file: { name: "s.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
      })
    ).json()
  ).data.id;
  const signer: string = (
    await (
      await request.post(`${SR}/${sent}/recipients`, { headers, data: { name: "Cy Axe", email: `cy.${run}@example.com` } })
    ).json()
  ).data.id;
  await request.post(`${SR}/${sent}/fields`, {
    headers,
    data: { type: "SIGNATURE", recipientId: signer, page: 1, x: 72, y: 200, width: 150, height: 30 },
  });
  expect((await request.post(`${SR}/${sent}/send`, { headers })).status()).toBe(200);

  const pages: [string, (p: Page) => Promise<unknown>, string?][] = [
    ["/requests", (p) => expect(p.getByRole("heading", { name: "Requests" })).toBeVisible()],
    ["/requests/new", (p) => expect(p.getByLabel("Title")).toBeVisible()],
    [`/requests/${id}/edit?step=recipients`, (p) => expect(p.getByRole("button", { name: "Continue to fields" })).toBeVisible()],
    [`/requests/${id}/edit?step=fields`, selectField, "the compose placer, a field selected"],
    [`/requests/${id}/edit?step=review`, (p) => expect(p.getByRole("button", { name: "Send for signature" })).toBeVisible()],
    [`/requests/${id}`, (p) => expect(p.getByRole("heading", { name: /Audit trail/ })).toBeVisible()],
    ["/templates", (p) => expect(p.getByRole("heading", { name: "Templates" })).toBeVisible()],
    [`/templates/${tid}`, selectField, "the builder, a field selected"],
    [
      `/templates/${tid}`,
      async (p) => {
        await p.getByRole("button", { name: "Use template", exact: true }).click();
        await expect(p.getByRole("button", { name: "Send now" })).toBeVisible();
      },
      "the builder's use-template dialog",
    ],
    // The e2e server sends through its SMTP sink: the outbox page says so.
    [
      "/outbox",
      async (p) => {
        await expect(p.getByText(/Mail is sent through the SMTP server at 127\.0\.0\.1:\d+/)).toBeVisible();
        // Its messages are listed as sent, with nothing to open and nothing disabled.
        await expect(p.getByText(/keeps who each message went to and when/)).toBeVisible();
        await expect(p.getByText("Choose a message to read it.")).toHaveCount(0);
        await expect(p.locator("main button:disabled")).toHaveCount(0);
      },
    ],
    ["/settings/account", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/api-keys", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/webhooks", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/team", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/data-retention", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/sending", (p) => expect(p.getByRole("button", { name: "Save defaults" })).toBeVisible()],
  ];
  // The lists, a request and the settings also fit a 390-px phone: nothing widens the page (a wide table
  // scrolls in its own frame).
  const fitsPhone = new Set(["/requests", `/requests/${id}`, "/templates", "/outbox"]);
  const found: Record<string, unknown> = {};
  for (const [url, ready, state] of pages) {
    await page.goto(url);
    await ready(page);
    const v = await violations(page);
    if (v.length) found[state ?? url] = v;
    if (!state && (fitsPhone.has(url) || url.startsWith("/settings/"))) {
      await page.setViewportSize({ width: 390, height: 844 });
      const width = await settledWidth(page, 390);
      if (width > 390) found[`${url} at 390 px`] = `the page is ${width} px wide`;
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  }
  expect(found).toEqual({});
});

// The signer's side: the signing page in English at 1280 × 720 and in German and French on a 390-px
// phone, with the signature dialog closed and open; and the embedded signing page. The signer has no
// staff session.
test.describe("the signer's pages", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  const phone = phoneOf(390, 844, 2);

  async function sentTo(request: APIRequestContext, signer: { name: string; email: string; locale?: string; delivery?: string }) {
    const created = await request.post(SR, {
      headers,
      multipart: {
        title: `Axe signing ${run}`,
        // The sender's message box is on the page axe checks, folded (a long one).
        message: Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the sender's message.`).join("\n"),
        file: {
          name: "a.pdf",
          mimeType: "application/pdf",
          // Five pages: those far below the first screen are still "Page N" placeholders when axe looks.
          buffer: await makePdf(5, () => ["The parties agree.", "Signature:"]),
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id: string = (await created.json()).data.id;
    const r = await request.post(`${SR}/${id}/recipients`, { headers, data: { order: 1, role: "SIGNER", ...signer } });
    expect(r.status(), await r.text()).toBe(201);
    const recipientId: string = (await r.json()).data.id;
    const f = await request.post(`${SR}/${id}/fields`, {
      headers,
      data: {
        fields: [
          { type: "SIGNATURE", recipientId, page: 1, x: 72, y: 560, width: 200, height: 50 },
          { type: "INITIAL", recipientId, page: 2, x: 480, y: 700, width: 60, height: 40 },
          { type: "TEXT", recipientId, page: 1, x: 320, y: 580, width: 200, height: 24, label: "Job title", required: true },
          { type: "DATE", recipientId, page: 1, x: 72, y: 630, width: 140, height: 20 },
          { type: "CHECKBOX", recipientId, page: 1, x: 320, y: 630, width: 16, height: 16, label: "I have read the terms" },
        ],
      },
    });
    expect(f.status(), await f.text()).toBe(201);
    const sigId: string = (await f.json()).data.fields.find((x: { type: string }) => x.type === "SIGNATURE").id;
    expect((await request.post(`${SR}/${id}/send`, { headers })).status()).toBe(200);
    return { id, recipientId, sigId };
  }

  /** axe on the page with the signature dialog closed, then open; a screenshot of each. */
  async function checkSigningPage(page: Page, sigId: string, where: string, found: Record<string, unknown>) {
    await expect(page.locator("[data-page='1'] img").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`[data-field="${sigId}"] button`).first()).toBeVisible();
    // The last page is far below the first screen: still its placeholder, which axe checks too.
    if (where === "en-desktop") await expect(page.locator("[data-page='5'] p")).toHaveText("Page 5");
    let v = await violations(page);
    if (v.length) found[`${where}, dialog closed`] = v;
    await screenshot(page, `axe-signing-${where}`);
    await page.locator(`[data-field="${sigId}"] button`).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    v = await violations(page);
    if (v.length) found[`${where}, signature dialog open`] = v;
    await screenshot(page, `axe-signing-${where}-dialog`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }

  test("the signing page (en desktop, de and fr phone, dialog closed and open) and the embedded page", async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const found: Record<string, unknown> = {};

    const en = await sentTo(request, { name: "Ann Axe", email: `ann.sign.${run}@example.com` });
    await page.goto(`/sign/${await signingToken(`ann.sign.${run}@example.com`)}`);
    await checkSigningPage(page, en.sigId, "en-desktop", found);

    for (const locale of ["de", "fr"]) {
      const email = `${locale}.sign.${run}@example.com`;
      const r = await sentTo(request, { name: "Greta Axe", email, locale });
      const context = await browser.newContext(phone);
      const mobile = await context.newPage();
      await mobile.goto(`/sign/${await signingToken(email)}`);
      expect(await mobile.locator("html").getAttribute("lang")).toBe(locale);
      await checkSigningPage(mobile, r.sigId, `${locale}-phone`, found);
      await context.close();
    }

    // After signing, the link shows the "done" page.
    const token = await signingToken(`ann.sign.${run}@example.com`);
    const view = (await (await request.get(`/api/sign/${token}`)).json()).data;
    const values = (view.fields as { id: string; type: string }[]).flatMap((f): Record<string, unknown>[] =>
      f.type === "DATE"
        ? []
        : f.type === "CHECKBOX"
          ? [{ fieldId: f.id, checked: true }]
          : f.type === "TEXT"
            ? [{ fieldId: f.id, text: "Tester" }]
            : [{ fieldId: f.id, typed: "Ann Axe" }],
    );
    const signed = await request.post(`/api/sign/${token}/sign`, { data: { consent: true, values } });
    expect(signed.status(), await signed.text()).toBe(200);
    await page.goto(`/sign/${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    let v = await violations(page);
    if (v.length) found["done page"] = v;
    await screenshot(page, "axe-signing-done");

    // A corrected address: the old link says it was replaced.
    const typo = `kim.axe.${run}@exmaple.com`;
    const kim = await sentTo(request, { name: "Kim Axe", email: typo });
    const oldToken = await signingToken(typo);
    const corrected = await request.post(`${SR}/${kim.id}/recipients/${kim.recipientId}/correct`, {
      headers,
      data: { email: `kim.axe.${run}@example.com` },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);
    await page.goto(`/sign/${oldToken}`);
    await expect(page.getByRole("heading", { name: "This link was replaced" })).toBeVisible();
    v = await violations(page);
    if (v.length) found["replaced link page"] = v;
    await screenshot(page, "axe-signing-replaced");

    const embedded = await sentTo(request, { name: "Erin Axe", email: `erin.axe.${run}@example.com`, delivery: "embedded" });
    const url = await request.post(`${SR}/${embedded.id}/recipients/${embedded.recipientId}/signing-url`, { headers });
    expect(url.status(), await url.text()).toBe(201);
    await page.goto((await url.json()).data.url);
    await checkSigningPage(page, embedded.sigId, "embedded-desktop", found);

    expect(found).toEqual({});
  });
});
