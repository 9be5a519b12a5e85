import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_EMBED_PORT, E2E_KEY } from "./playwright.config";
import { makePdf, SR, screenshot } from "./support";

// Embedded signing: a page of the sender's own site (here http://127.0.0.1:E2E_EMBED_PORT,
// the one origin the run's server allows in EMBED_ALLOWED_ORIGINS) asks its server for a signing URL
// and frames it; the signer signs inside the iframe and the page hears `signet:signed`. The same
// page served from another origin (another port of 127.0.0.1) gets a frame the browser refuses to show.

// The signer is not staff: no session here.
test.use({ storageState: { cookies: [], origins: [] } });

const headers = { "x-api-key": E2E_KEY };
const run = Date.now().toString(36);

interface Heard {
  origin: string;
  data: { type?: string; requestId?: string; recipientId?: string };
}

/** The sender's page: records every message it hears in window.signetMessages, then frames the URL. */
function hostPage(url: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Acme portal</title></head><body>
<h1>Acme portal – sign your agreement</h1>
<script>
window.signetMessages = [];
window.addEventListener("message", (e) => { window.signetMessages.push({ origin: e.origin, data: e.data }); });
</script>
<iframe id="signet" title="Signing" src="${url}" style="width: 100%; height: 900px; border: 0"></iframe>
</body></html>`;
}

/** A tiny web server: GET /?u=<signing URL> answers the host page framing it. */
function hostServer(): http.Server {
  return http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://host").searchParams.get("u") ?? "";
    if (!/^http:\/\/127\.0\.0\.1:\d+\/sign\/embed\/[A-Za-z0-9_-]{43}$/.test(u)) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("no such page");
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(hostPage(u));
  });
}
const listen = (s: http.Server, port: number) =>
  new Promise<number>((resolve) => s.listen(port, "127.0.0.1", () => resolve((s.address() as AddressInfo).port)));

async function embeddedRequest(request: APIRequestContext, title: string, signer: { name: string; email: string }) {
  const created = await request.post(SR, {
    headers,
    multipart: {
      title,
      delivery_mode: "email",
      file: {
        name: "agreement.pdf",
        mimeType: "application/pdf",
        buffer: await makePdf(1, () => ["The parties agree.", "Signature:"]),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id: string = (await created.json()).data.id;
  const added = await request.post(`${SR}/${id}/recipients`, {
    headers,
    data: { ...signer, role: "SIGNER", delivery: "embedded" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const recipient = (await added.json()).data;
  expect(recipient.delivery).toBe("EMBEDDED");
  const fields = await request.post(`${SR}/${id}/fields`, {
    headers,
    data: {
      type: "SIGNATURE",
      recipientId: recipient.id,
      page: 1,
      x: 72,
      y: 600,
      width: 200,
      height: 50,
      label: "Your signature",
    },
  });
  expect(fields.status(), await fields.text()).toBe(201);
  const sent = await request.post(`${SR}/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, recipientId: recipient.id as string };
}

async function signingUrl(request: APIRequestContext, id: string, recipientId: string): Promise<string> {
  const res = await request.post(`${SR}/${id}/recipients/${recipientId}/signing-url`, { headers });
  expect(res.status(), await res.text()).toBe(201);
  const { url, expiresAt } = (await res.json()).data;
  expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);
  return url as string;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { signetMessages: Heard[] }).signetMessages);

/** Console errors of the page and its frames that name frame-ancestors (Chromium's report of a refused frame). */
function frameRefusals(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /frame-ancestors|Refused to frame/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/**
 * The framed page was refused: Chromium reports it (a console error naming frame-ancestors) and puts
 * its error page in the frame; nothing of the signing page shows there, and the parent hears nothing.
 */
async function expectRefused(page: Page, title: string, refusals: string[]) {
  const child = () => page.frames().find((f) => f !== page.mainFrame());
  await expect
    .poll(() => refusals.length > 0 || (child()?.url() ?? "").startsWith("chrome-error:"), {
      timeout: 15_000,
      message: "Chromium refuses the frame (frame-ancestors)",
    })
    .toBe(true);
  expect(child(), "the iframe exists").toBeTruthy();
  // Never the signing page's address or content.
  expect(child()!.url()).not.toMatch(/\/sign\/embed\//);
  await expect(page.frameLocator("#signet").getByRole("heading", { name: title })).toHaveCount(0);
  // A message of the page's own, posted now, arrives after anything the frame posted before it: once it is
  // heard, the frame's silence is known (an event, not a pause).
  await page.evaluate(() => window.postMessage({ type: "test:marker" }, "*"));
  await expect.poll(async () => (await heard(page)).some((m) => m.data?.type === "test:marker")).toBe(true);
  expect((await heard(page)).filter((m) => m.data?.type !== "test:marker")).toEqual([]);
}

test("a page on an allowed origin embeds the signing URL: the signer signs in the iframe, the page hears signet:signed; another origin is refused", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const signet = new URL(baseURL!).origin;
  const title = `Embedded agreement ${run}`;
  const { id, recipientId } = await embeddedRequest(request, title, { name: "Erin Embedded", email: `erin.${run}@example.com` });

  const allowed = hostServer();
  const foreign = hostServer();
  const allowedOrigin = `http://127.0.0.1:${await listen(allowed, E2E_EMBED_PORT)}`;
  const foreignOrigin = `http://127.0.0.1:${await listen(foreign, 0)}`;
  try {
    // 1. A page of an origin not in EMBED_ALLOWED_ORIGINS frames a fresh signing URL: refused.
    const refusals = frameRefusals(page);
    const first = await signingUrl(request, id, recipientId);
    expect(first.startsWith(`${signet}/sign/embed/`)).toBe(true);
    await page.goto(`${foreignOrigin}/?u=${encodeURIComponent(first)}`);
    await expectRefused(page, title, refusals);

    // 2. The sender's page on the allowed origin frames a new URL; the signer signs inside the frame.
    const url = await signingUrl(request, id, recipientId);
    const framed = page.waitForResponse((r) => r.url() === url);
    await page.goto(`${allowedOrigin}/?u=${encodeURIComponent(url)}`);
    const response = await framed;
    expect(response.status()).toBe(200);
    const csp = (await response.allHeaders())["content-security-policy"] ?? "";
    expect(csp).toContain(`frame-ancestors 'self' ${allowedOrigin}`);
    expect(csp).not.toContain(foreignOrigin);

    const frame = page.frameLocator("#signet");
    await expect(frame.getByRole("heading", { name: title })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await heard(page)).map((m) => m.data.type)).toContain("signet:loaded");

    const sig = frame.getByRole("button", { name: "Your signature" });
    await sig.scrollIntoViewIfNeeded();
    await sig.click();
    const dialog = frame.getByRole("dialog", { name: "Add your signature" });
    await dialog.getByRole("tab", { name: "Type" }).click();
    await expect(dialog.getByLabel("Type your name")).toHaveValue("Erin Embedded");
    await dialog.getByRole("button", { name: "Use this signature" }).click();
    await expect(dialog).toBeHidden();
    await frame.getByLabel("I agree to sign this document electronically").check();
    await frame.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(frame.getByRole("heading", { name: "Thank you – you have signed" })).toBeVisible();
    await screenshot(page, "embedded-signed");

    // The parent heard, in order, from Signet's exact origin, about this request and recipient.
    await expect.poll(async () => (await heard(page)).map((m) => m.data.type)).toEqual(["signet:loaded", "signet:signed"]);
    for (const m of await heard(page)) {
      expect(m.origin).toBe(signet);
      expect(m.data).toMatchObject({ requestId: id, recipientId });
    }
    const after = await (await request.get(`${SR}/${id}`, { headers })).json();
    expect(after.data.recipients[0]).toMatchObject({ id: recipientId, status: "SIGNED", delivery: "EMBEDDED" });

    // 3. The URL was good once: framed again on the allowed origin it says it has expired (and posts nothing).
    await page.goto(`${allowedOrigin}/?u=${encodeURIComponent(url)}`);
    await expect(frame.getByRole("heading", { name: "This signing link has expired" })).toBeVisible();
    expect(await heard(page)).toEqual([]);

    // 4. The same URL framed from the other origin: refused.
    const refusedAgain = frameRefusals(page);
    await page.goto(`${foreignOrigin}/?u=${encodeURIComponent(url)}`);
    await expectRefused(page, title, refusedAgain);
  } finally {
    allowed.close();
    foreign.close();
  }
});

test("the signing page opened on its own (not framed) posts nothing and still signs", async ({ page, request }) => {
  const title = `Embedded top-level ${run}`;
  const { id, recipientId } = await embeddedRequest(request, title, { name: "Tom Toplevel", email: `tom.${run}@example.com` });
  const url = await signingUrl(request, id, recipientId);
  await page.goto(url);
  await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 30_000 });
  // A second visit of the same URL: used.
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "This signing link has expired" })).toBeVisible();
});
