import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_KEY } from "./playwright.config";
import { makePdf, pageDrawn, screenshot, setPasswordToken, signingToken, SR } from "./support";

// Staff as users: an admin (the e2e login is the first admin) invites a member; the invitation comes
// through the run's SMTP sink; the member sets a password in a browser of their own, signs in, composes
// and sends a request (recorded as them, from their browser's address), and is refused the admin-only
// page and API; deactivated, their open session is refused at the next click.
const run = Date.now().toString(36);
const sandboxKey = { "x-api-key": E2E_KEY };
// The member's browser has an address of its own (given by the reverse proxy in front of Signet: TRUST_PROXY=1).
const MEMBER_IP = "198.51.100.77";

/** A call through the dashboard's proxy made by the page itself (same origin, with the dashboard's header). */
async function viaProxy(page: Page, method: string, p: string, json?: unknown) {
  return page.evaluate(
    async ({ method, p, json }) => {
      const headers: Record<string, string> = { "x-signet-dashboard": "1", accept: "application/json" };
      if (json !== undefined) headers["content-type"] = "application/json";
      const r = await fetch(`/api/dashboard${p}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      if ((r.headers.get("content-type") ?? "").includes("json"))
        return { status: r.status, json: await r.json(), base64: null as string | null };
      const bytes = new Uint8Array(await r.arrayBuffer());
      let bin = "";
      for (const b of bytes) bin += String.fromCharCode(b);
      return { status: r.status, json: null, base64: btoa(bin) };
    },
    { method, p, json },
  );
}

test("an admin invites a member, who sets a password, sends a request as themselves, is refused admin pages, and is signed out by deactivation", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = "Mia Member";
  const email = `mia.${run}@example.com`;
  const password = `member-pass-${run}`;

  // 1. The admin invites a member on the team page.
  await page.goto("/settings/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("MEMBER");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Invited");

  // 2. The invitation, caught by the SMTP sink; the member opens it in a browser of their own.
  const token = await setPasswordToken(email);
  const memberContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": MEMBER_IP },
  });
  const member = await memberContext.newPage();
  try {
    await member.goto(`/set-password/${token}`);
    await expect(member.getByRole("heading", { name: "Welcome to Signet" })).toBeVisible();
    await expect(member.getByText(email)).toBeVisible();
    // at least 10 characters
    await member.getByLabel("New password", { exact: true }).fill("too-short");
    await member.getByLabel("New password again", { exact: true }).fill("too-short");
    await member.getByRole("button", { name: "Set password" }).click();
    await expect(member.getByRole("alert").filter({ hasText: "password must be at least 10 characters" })).toBeVisible();
    await member.getByLabel("New password", { exact: true }).fill(password);
    await member.getByLabel("New password again", { exact: true }).fill(password);
    await member.getByRole("button", { name: "Set password" }).click();
    await expect(member).toHaveURL(/\/login\?notice=password-set$/);
    await expect(member.getByRole("status").filter({ hasText: "Your password is set" })).toBeVisible();
    await member.getByLabel("E-mail").fill(email);
    await member.getByLabel("Password").fill(password);
    await member.getByRole("button", { name: "Sign in" }).click();
    await expect(member.getByRole("heading", { name: "Signature requests" })).toBeVisible();

    // The link worked once; an unknown one is a 404.
    const again = await memberContext.newPage();
    await again.goto(`/set-password/${token}`);
    await expect(again.getByText("This link has already been used")).toBeVisible();
    expect((await again.goto(`/set-password/${"x".repeat(43)}`))!.status()).toBe(404);
    await again.close();

    // 3. The team page shows the member active.
    await page.reload();
    await expect(row).toContainText("Active");
    await expect(row.getByRole("combobox", { name: `Role of ${name}` })).toHaveValue("MEMBER");
    await screenshot(page, "team");

    // 4. Members see no admin links, and the server refuses the admin-only page and API.
    const nav = member.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Requests" })).toBeVisible();
    for (const hidden of ["API keys", "Webhooks", "Team"]) await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
    const keysPage = await member.goto("/settings/api-keys");
    expect(keysPage!.status()).toBe(403);
    await expect(member.getByRole("heading", { name: "Only admins can open this page" })).toBeVisible();
    expect((await member.goto("/settings/team"))!.status()).toBe(403);
    const keys = await viaProxy(member, "GET", "/api-keys");
    expect(keys.status).toBe(403);
    expect(keys.json).toMatchObject({ code: 403, message: "Only admins can manage API keys", data: null });
    const newKey = await viaProxy(member, "POST", "/api-keys", { name: "member's key", environment: "SANDBOX" });
    expect(newKey.status).toBe(403);
    expect((await viaProxy(member, "GET", "/webhooks")).status).toBe(403);
    expect((await viaProxy(member, "GET", "/signature-requests")).status).toBe(200);

    // 5. The member composes and sends a request; it is recorded as them, from their browser's address.
    const title = `Member request ${run}`;
    const signer = `sam.${run}@example.com`;
    await member.goto("/requests/new");
    await member
      .getByLabel("PDF document")
      .setInputFiles({ name: "member.pdf", mimeType: "application/pdf", buffer: await makePdf(1, () => [`Member ${run}`]) });
    await member.getByLabel("Title").fill(title);
    await member.getByRole("button", { name: "Upload and continue" }).click();
    await expect(member).toHaveURL(/step=recipients/);
    const id = /requests\/([0-9a-f-]{36})\//.exec(member.url())![1];
    await member.getByLabel("Name", { exact: true }).fill("Sam Signer");
    await member.getByLabel("E-mail", { exact: true }).fill(signer);
    await member.getByRole("button", { name: "Add recipient" }).click();
    await member.getByRole("button", { name: "Continue to fields" }).click();
    await pageDrawn(member, 1);
    await member.getByRole("region", { name: "Field palette" }).getByRole("button", { name: "Signature" }).press("Enter");
    await expect(member.getByTestId("save-status")).toHaveText("All changes saved");
    await member.getByRole("link", { name: "Continue to review" }).click();
    await member.getByRole("button", { name: "Send for signature" }).click();
    await expect(member).toHaveURL(new RegExp(`/requests/${id}\\?sent=1$`));
    await expect(member.getByRole("region", { name: /Audit trail/ })).toContainText(`${name} <${email}> (staff)`);
    const audit = (await (await page.request.get(`${SR}/${id}/audit`, { headers: sandboxKey })).json()).data.items as {
      type: string;
      actor: string;
      actorLabel: string | null;
      ip: string | null;
    }[];
    const sent = audit.find((e) => e.type === "request.created")!;
    expect(sent).toMatchObject({
      actor: expect.stringMatching(/^staff:/),
      actorLabel: `${name} <${email}> (staff)`,
      ip: MEMBER_IP,
    });

    // The signer signs; the sealed PDF's certificate names the member and their address.
    const signing = await signingToken(signer);
    const view = (await (await page.request.get(`/api/sign/${signing}`)).json()).data;
    const signed = await page.request.post(`/api/sign/${signing}/sign`, {
      data: { consent: true, values: view.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Sam Signer" })) },
    });
    expect(signed.status(), await signed.text()).toBe(200);
    await expect
      .poll(async () => (await (await page.request.get(`${SR}/${id}`, { headers: sandboxKey })).json()).data.status, {
        timeout: 60_000,
      })
      .toBe("COMPLETED");
    const sealed = await viaProxy(member, "GET", `/signature-requests/${id}/document`);
    expect(sealed.status).toBe(200);
    const file = path.join(test.info().outputDir, "member-sealed.pdf");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(sealed.base64!, "base64"));
    const certificate = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(certificate).toContain(`<${email}> (staff)`);
    expect(certificate).toContain(MEMBER_IP);

    // 6. The member's own page: who they are, and this browser's session from their address.
    await member.goto("/settings/account");
    await expect(member.getByRole("heading", { name: "Your account" })).toBeVisible();
    const sessions = member.getByRole("table", { name: "Sessions" });
    await expect(sessions.getByRole("row").filter({ hasText: "This browser" })).toContainText(MEMBER_IP);
    await screenshot(member, "account");

    // 7. The admin deactivates the member: the member's open session is refused at its next click.
    await page.reload();
    page.once("dialog", (d) => d.accept());
    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deactivated; 1 open session ended." })).toBeVisible();
    await expect(row).toContainText("Deactivated");
    await member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Requests" }).click();
    await expect(member).toHaveURL(/\/login\?callbackUrl=%2Frequests$/);
    expect((await viaProxy(member, "GET", "/signature-requests")).status).toBe(401);
    // and cannot sign in again
    await member.getByLabel("E-mail").fill(email);
    await member.getByLabel("Password").fill(password);
    await member.getByRole("button", { name: "Sign in" }).click();
    // (Next.js's route announcer is an alert too: look for the form's own message.)
    await expect(member.getByRole("alert").filter({ hasText: "Wrong e-mail address or password." })).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
