import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY, STAFF } from "./playwright.config";
import { makePdf, screenshot, signingToken, SR, viaProxy } from "./support";

// What staff do through the dashboard is recorded as them, from their browser's address; and the
// dashboard's sandbox/production switch shows and makes only that environment's records.
const run = Date.now().toString(36);
const sandboxKey = { "x-api-key": E2E_KEY };

/** Creates, fills and sends a one-signer request through the proxy; returns its id. */
async function sendThroughDashboard(page: Page, title: string, signer: { name: string; email: string }) {
  const created = await viaProxy(page, "POST", "/signature-requests", {
    pdf: { title, base64: (await makePdf(1)).toString("base64") },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.data.id as string;
  const r = await viaProxy(page, "POST", `/signature-requests/${id}/recipients`, { json: { ...signer, order: 1 } });
  expect(r.status).toBe(201);
  expect(
    (
      await viaProxy(page, "POST", `/signature-requests/${id}/fields`, {
        json: { type: "SIGNATURE", recipientId: r.json.data.id, page: 1, x: 72, y: 500, width: 200, height: 50 },
      })
    ).status,
  ).toBe(201);
  expect((await viaProxy(page, "POST", `/signature-requests/${id}/send`)).status).toBe(200);
  return id;
}

async function signByLink(page: Page, email: string, typed: string) {
  const token = await signingToken(email);
  const view = (await (await page.request.get(`/api/sign/${token}`)).json()).data;
  const signed = await page.request.post(`/api/sign/${token}/sign`, {
    data: { consent: true, values: view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed })) },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

function pdfText(base64: string, name: string): string {
  const file = path.join(test.info().outputDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(base64, "base64"));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test.describe("attribution", () => {
  // The staff member's browser has an address of its own (given by the reverse proxy in front of Signet).
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.23" } });

  test("the audit trail and the certificate name the staff member and their browser's address", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/requests");
    const email = `attr.${run}@example.com`;
    const id = await sendThroughDashboard(page, `Attributed ${run}`, { name: "Abe Attr", email });
    const audit = (await (await page.request.get(`${SR}/${id}/audit`, { headers: sandboxKey })).json()).data.items as {
      type: string;
      actor: string;
      actorLabel: string | null;
      ip: string;
    }[];
    const created = audit.find((e) => e.type === "request.created")!;
    expect(created.actorLabel).toMatch(new RegExp(`<${STAFF.email.replace(".", "\\.")}> \\(staff\\)$`));
    expect(created.actor).toMatch(/^staff:/);
    expect(created.ip).toBe("198.51.100.23");
    expect(audit.filter((e) => e.actor.startsWith("api-key:"))).toEqual([]);

    await page.goto(`/requests/${id}`);
    await expect(page.getByRole("table")).toContainText(`<${STAFF.email}> (staff)`);

    await signByLink(page, email, "Abe Attr");
    await expect
      .poll(async () => (await (await page.request.get(`${SR}/${id}`, { headers: sandboxKey })).json()).data.status, {
        timeout: 60_000,
      })
      .toBe("COMPLETED");
    const sealed = await viaProxy(page, "GET", `/signature-requests/${id}/document`);
    const text = pdfText(sealed.base64!, "attributed.pdf");
    expect(text).toContain(`<${STAFF.email}> (staff)`);
    expect(text).toContain("198.51.100.23");
  });
});

test("switching to production shows only production records; a request sent there is a production request", async ({ page }) => {
  test.setTimeout(120_000);
  // Something in the sandbox first, sent through the dashboard.
  const sandboxTitle = `Sandbox only ${run}`;
  await page.goto("/requests");
  const sandboxId = await sendThroughDashboard(page, sandboxTitle, { name: "Sid Sandbox", email: `sid.${run}@example.com` });
  await page.goto("/requests");
  await expect(page.getByRole("status", { name: "Sandbox" })).toBeVisible();
  await expect(page.getByText(sandboxTitle).first()).toBeVisible();

  const env = page.getByRole("form", { name: "Environment" });
  await env.getByRole("button", { name: "Production" }).click();
  await expect(env.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status", { name: "Sandbox" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Signature requests" })).toBeVisible();
  await expect(page.getByText(sandboxTitle)).toHaveCount(0);
  await screenshot(page, "requests-production");
  // The sandbox request's page is not there in production.
  expect((await page.goto(`/requests/${sandboxId}`))!.status()).toBe(404);

  // A production key, made by an admin through the dashboard in production.
  await page.goto("/requests");
  const key = await viaProxy(page, "POST", "/api-keys", { json: { name: `prod ${run}`, environment: "PRODUCTION" } });
  expect(key.status, JSON.stringify(key.json)).toBe(201);
  const productionKey = { "x-api-key": key.json.data.apiKey as string };

  const email = `pia.${run}@example.com`;
  const id = await sendThroughDashboard(page, `Production ${run}`, { name: "Pia Prod", email });
  expect((await page.request.get(`${SR}/${id}`, { headers: productionKey })).status()).toBe(200);
  expect((await page.request.get(`${SR}/${id}`, { headers: sandboxKey })).status()).toBe(404);
  const data = (await (await page.request.get(`${SR}/${id}`, { headers: productionKey })).json()).data;
  expect(data.environment).toBe("PRODUCTION");

  await signByLink(page, email, "Pia Prod");
  await expect
    .poll(async () => (await (await page.request.get(`${SR}/${id}`, { headers: productionKey })).json()).data.status, {
      timeout: 60_000,
    })
    .toBe("COMPLETED");
  const sealed = await viaProxy(page, "GET", `/signature-requests/${id}/document`);
  const text = pdfText(sealed.base64!, "production.pdf");
  expect(text).toContain("Pia Prod");
  expect(text.toLowerCase()).not.toContain("sandbox");

  // Back to the sandbox for the other specs.
  await env.getByRole("button", { name: "Sandbox" }).click();
  await expect(page.getByRole("status", { name: "Sandbox" })).toBeVisible();
});
