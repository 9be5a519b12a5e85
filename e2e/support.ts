import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import { AxeBuilder } from "@axe-core/playwright";
import { E2E_KEY, E2E_MAIL_DIR } from "./playwright.config";

export const SR = "/api/v1/enterprise/signature-requests";
export const SCREENSHOTS = path.join(__dirname, "screenshots");

/** A PDF made here with pdf-lib: `pages` US Letter pages, each with a heading and the given lines. */
export async function makePdf(pages: number, lines: (page: number) => string[] = () => []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const p = doc.addPage([612, 792]);
    p.drawText(`Service agreement – page ${i} of ${pages}`, { x: 72, y: 720, font, size: 18, color: rgb(0.1, 0.1, 0.2) });
    lines(i).forEach((t, n) => p.drawText(t, { x: 72, y: 660 - n * 40, font, size: 12 }));
  }
  return Buffer.from(await doc.save());
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Waits until page `n` of the placer is drawn (its canvas rendered by react-pdf). */
export async function pageDrawn(page: Page, n: number): Promise<Locator> {
  const el = page.locator(`[data-page="${n}"]`);
  await expect(el).toHaveAttribute("data-rendered", "true", { timeout: 30_000 });
  return el;
}

/**
 * A pointer drag the way a person makes it: press, a few small moves, then the way to the target. When a
 * dnd-kit drag is under way (an element marked `data-dragging`) and a drop target lies under the pointer, it
 * returns once the page shows that target as hovered (`data-drop-over`): dnd-kit drops on what its last render
 * saw, and on a loaded machine a release sent before React has drawn the last move was dropped nowhere.
 */
export async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page
    .waitForFunction(
      ({ x, y }) => {
        const dragging = document.querySelector("[data-dragging]");
        if (!dragging) return true;
        const target = document.elementsFromPoint(x, y).find((e) => e.hasAttribute("data-droppable"));
        return !target || target.hasAttribute("data-drop-over");
      },
      to,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // the test's own expectation after the drop says what went wrong
}

/**
 * Collects what the browser refuses under the Content-Security-Policy (scripts/server.mjs): Chromium
 * reports each refusal as a console error starting "Refused to …" and naming the policy.
 */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/**
 * What `pick` finds in the newest mail to `email` that has it (the run's SMTP sink keeps each message
 * as a file, quoted-printable soft breaks undone), waiting for it up to 30 s.
 */
export async function mailed<T>(email: string, pick: (raw: string) => T | undefined, what = `a mail to ${email}`): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      () => {
        for (const f of fs.existsSync(E2E_MAIL_DIR)
          ? fs
              .readdirSync(E2E_MAIL_DIR)
              .filter((x) => x.endsWith(".eml"))
              .sort()
          : []) {
          const raw = fs.readFileSync(path.join(E2E_MAIL_DIR, f), "utf8").replace(/=\r?\n/g, "");
          if (raw.toLowerCase().includes(email.toLowerCase())) found = pick(raw) ?? found;
        }
        return found !== undefined;
      },
      { timeout: 30_000, message: what },
    )
    .toBe(true);
  return found!;
}

/** The token `link` (its first group) finds in the newest mail to `email`. */
export const mailedToken = (email: string, link: RegExp): Promise<string> => mailed(email, (raw) => link.exec(raw)?.[1]);

/** The signing token of the last invitation mailed to `email`. */
export const signingToken = (email: string) => mailedToken(email, /\/sign\/([A-Za-z0-9_-]+)/);

/** The token of the last set-password link (staff invitation or reset) mailed to `email`. */
export const setPasswordToken = (email: string) => mailedToken(email, /\/set-password\/([A-Za-z0-9_-]{43})/);

/**
 * The text of a request's sealed PDF (pdftotext), once the seal has made the request COMPLETED (within a
 * minute). The PDF stays in the temp folder as signet-e2e-<name>.pdf, to look at when a test fails.
 */
export async function sealedPdfText(request: APIRequestContext, id: string, name: string): Promise<string> {
  const headers = { "x-api-key": E2E_KEY };
  await expect
    .poll(async () => (await (await request.get(`${SR}/${id}`, { headers })).json()).data.status, {
      timeout: 60_000,
      message: "the request is sealed and COMPLETED",
    })
    .toBe("COMPLETED");
  const sealed = await request.get(`${SR}/${id}/document`, { headers });
  expect(sealed.status()).toBe(200);
  const file = path.join(os.tmpdir(), `signet-e2e-${name}.pdf`);
  fs.writeFileSync(file, await sealed.body());
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
}

/** Draws a looping scribble with the mouse (pointer events, as a person's hand would make them). */
export async function drawSignature(page: Page, canvasLabel = "Draw your signature") {
  const canvas = page.getByRole("dialog").getByLabel(canvasLabel);
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  const x0 = box.x + box.width * 0.15;
  const y0 = box.y + box.height * 0.6;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    const t = i / 30;
    await page.mouse.move(x0 + t * box.width * 0.65, y0 - Math.sin(t * Math.PI * 4) * box.height * 0.25, { steps: 2 });
  }
  await page.mouse.up();
}

/** The page's resource loads whose URL matches `url`: each URL and what started it (link, img, fetch…). */
export function loadsOf(page: Page, url: RegExp): Promise<{ url: string; by: string }[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => new RegExp(source).test(e.name))
        .map((e) => ({ url: e.name, by: (e as PerformanceResourceTiming).initiatorType })),
    url.source,
  );
}

/**
 * A phone's browser context: a touch screen `width` × `height` CSS px at `scale` device px each, whose screen
 * is its viewport (the project's Desktop Chrome settings would otherwise leave a 1920-px screen behind a
 * 390-px viewport, which no phone has and which Chromium's preload scanner reads before the page's viewport).
 */
export const phone = (width = 390, height = 844, scale = 3) => ({
  viewport: { width, height },
  screen: { width, height },
  deviceScaleFactor: scale,
  isMobile: true,
  hasTouch: true,
});

/** axe (WCAG 2.1 A and AA) finds nothing on the page; `what` names the page in the failure. */
export async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

/** A browser of someone signed out of Signet (none of the staff login's cookies), at 1280×720. */
export function signedOutBrowser(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 1280, height: 720 } });
}

/**
 * Someone the identity provider knows, whose address is outside the connection's allowed domains, presses the
 * connection's button (`signInAs` makes the provider answer as them): back on the sign-in page with the reason.
 */
export async function refusedOutsideDomain(browser: Browser, button: string, signInAs: () => void, axeWhat?: string) {
  const stranger = await signedOutBrowser(browser);
  const s = await stranger.newPage();
  await s.goto("/login");
  signInAs();
  await s.getByRole("button", { name: button }).click();
  await expect(s).toHaveURL(/\/login\?sso=SSO_DOMAIN_NOT_ALLOWED$/, { timeout: 20_000 });
  await expect(s.getByRole("alert").filter({ hasText: "not in a domain allowed to sign in here" })).toBeVisible();
  if (axeWhat) await axe(s, axeWhat);
  await stranger.close();
}

/** A call through the dashboard's proxy, made by the page itself (same origin, with the dashboard's header). */
export async function viaProxy(
  page: Page,
  method: string,
  p: string,
  body?: { json?: unknown; pdf?: { title: string; base64: string } },
) {
  return page.evaluate(
    async ({ method, p, body }) => {
      const headers: Record<string, string> = { "x-signet-dashboard": "1", accept: "application/json" };
      let payload: BodyInit | undefined;
      if (body?.json !== undefined) {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(body.json);
      } else if (body?.pdf) {
        const f = new FormData();
        f.append("title", body.pdf.title);
        f.append(
          "file",
          new Blob([Uint8Array.from(atob(body.pdf.base64), (c) => c.charCodeAt(0))], { type: "application/pdf" }),
          "doc.pdf",
        );
        payload = f;
      }
      const r = await fetch(`/api/dashboard${p}`, { method, headers, body: payload });
      const type = r.headers.get("content-type") ?? "";
      if (type.includes("json")) return { status: r.status, json: await r.json(), base64: null as string | null };
      const bytes = new Uint8Array(await r.arrayBuffer());
      let bin = "";
      for (const b of bytes) bin += String.fromCharCode(b);
      return { status: r.status, json: null, base64: btoa(bin) };
    },
    { method, p, body },
  );
}

/**
 * The page's width once its layout has followed a new viewport (a preview sized by a ResizeObserver follows
 * a frame or more later): the document's scroll width when it is within `max`, or after `ms` the width it has.
 */
export async function settledWidth(page: Page, max: number, ms = 5000): Promise<number> {
  const end = Date.now() + ms;
  for (;;) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width <= max || Date.now() > end) return width;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
}
