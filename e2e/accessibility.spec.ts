import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, pageDrawn, SR } from "./support";

// Issue 23, part 5: WCAG 2.1 AA on the staff pages. axe (the rules tagged wcag2a, wcag2aa, wcag21a,
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
    multipart: { name: `Axe template ${run}`, file: { name: "t.pdf", mimeType: "application/pdf", buffer: await makePdf(1) } },
  });
  const tid: string = (await tpl.json()).data.id;
  await request.put(`${T}/${tid}/roles`, { headers, data: { roles: [{ name: "Client" }] } });
  await request.post(`${T}/${tid}/fields`, {
    headers,
    data: { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 200, width: 180, height: 48 },
  });

  const pages: [string, (p: Page) => Promise<unknown>][] = [
    ["/requests", (p) => expect(p.getByRole("heading", { name: "Requests" })).toBeVisible()],
    ["/requests/new", (p) => expect(p.getByLabel("Title")).toBeVisible()],
    [`/requests/${id}/edit?step=recipients`, (p) => expect(p.getByRole("button", { name: "Continue to fields" })).toBeVisible()],
    [`/requests/${id}/edit?step=fields`, (p) => pageDrawn(p, 1)],
    [`/requests/${id}/edit?step=review`, (p) => expect(p.getByRole("button", { name: "Send for signature" })).toBeVisible()],
    [`/requests/${id}`, (p) => expect(p.getByRole("heading", { name: /Audit trail/ })).toBeVisible()],
    ["/templates", (p) => expect(p.getByRole("heading", { name: "Templates" })).toBeVisible()],
    [`/templates/${tid}`, (p) => pageDrawn(p, 1)],
    ["/outbox", (p) => expect(p.getByRole("heading", { name: "Outbox" })).toBeVisible()],
    ["/settings/account", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/api-keys", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/webhooks", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/team", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/settings/data-retention", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
  ];
  const found: Record<string, unknown> = {};
  for (const [url, ready] of pages) {
    await page.goto(url);
    await ready(page);
    const v = await violations(page);
    if (v.length) found[url] = v;
  }
  expect(found).toEqual({});
});
