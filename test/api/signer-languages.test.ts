import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { renderToStaticMarkup } from "react-dom/server";
import { LOCALE_HEADER } from "@/lib/i18n/locales";
import { proxy } from "@/proxy";
import RootLayout from "@/app/layout";
import SigningLayout from "@/app/sign/layout";
import SignPage from "@/app/sign/[token]/page";
import SigningLinkNotFound from "@/app/sign/[token]/not-found";
import { call, makeOrg } from "../support/api";
import { sentRequest, tokenOf } from "../support/signing";

// Issue 23, part 1: the signer side speaks the recipient's language, else the request's, else the
// browser's, else English; the page says which in <html lang>.

// The signing app renders in Node here (its first screen); only the script face, a Next.js font, is not loadable.
vi.mock("@/components/signing/script-font", () => ({ scriptFont: { className: "" } }));
// The layouts read the request's headers as Next.js hands them over: here, those proxy.ts set.
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));

const SR = "/api/v1/enterprise/signature-requests";

/**
 * /sign/{token} as the server answers it: proxy.ts (status, language), then the root layout, the
 * signing layout and the page (or its not-found screen), with the request headers the proxy passed on.
 */
async function renderSigningRoute(token: string, browser: Record<string, string> = {}) {
  const incoming = new Headers(browser);
  const res = await proxy(new NextRequest(`http://localhost:3000/sign/${token}`, { headers: incoming }));
  const locale = res.headers.get(`x-middleware-request-${LOCALE_HEADER}`);
  expect(locale, "proxy.ts hands the page its language").toBeTruthy();
  requestHeaders.current = new Headers({ ...browser, [LOCALE_HEADER]: locale! });
  const page = await SignPage({ params: Promise.resolve({ token }) }).catch((e: unknown) => {
    if ((e as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") return SigningLinkNotFound();
    throw e;
  });
  const html = renderToStaticMarkup(await RootLayout({ children: await SigningLayout({ children: page }) }));
  return { status: res.status, locale, html };
}

describe("the signing page's language", () => {
  it("a recipient without a locale and a French browser get French; no browser language gets English", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id, recipientIds } = await sentRequest(key, [{ email: "fr-browser@example.com", name: "Fabienne", order: 1 }]);
    const t = await tokenOf(recipientIds[0]);

    const fr = await renderSigningRoute(t, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(fr.status).toBe(200);
    expect(fr.html).toMatch(/<html lang="fr">/);
    expect(fr.html).toContain("Chargement de votre document…"); // the app's first screen
    expect(fr.html).not.toContain("Loading your document");

    const plain = await renderSigningRoute(t);
    expect(plain.html).toMatch(/<html lang="en">/);
    expect(plain.html).toContain("Loading your document…");

    // A closed link's screen is rendered by the server: in French too, with its 410.
    expect((await call("POST", `${SR}/${id}/cancel`, { key })).status).toBe(200);
    const closed = await renderSigningRoute(t, { "accept-language": "fr" });
    expect(closed.status).toBe(410);
    expect(closed.html).toContain("Cette demande a été annulée");
    expect(closed.html).toContain("L’expéditeur a annulé cette demande de signature");
    expect(closed.html).toMatch(/<label[^>]*>Langue<\/label><select[^>]*><option value="en" lang="en">English/); // the switcher
  });

  it("the signer's own choice (the switcher's cookie) wins over the browser; an unknown link is answered in it too", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { recipientIds } = await sentRequest(key, [{ email: "chooser@example.com", name: "Chris", order: 1 }]);
    const t = await tokenOf(recipientIds[0]);
    const chosen = await renderSigningRoute(t, { "accept-language": "fr", cookie: "signet_lang=pl" });
    expect(chosen.html).toMatch(/<html lang="pl">/);
    expect(chosen.html).toContain("Wczytywanie dokumentu…");

    const unknown = await renderSigningRoute("x".repeat(43), { "accept-language": "es-ES" });
    expect(unknown.status).toBe(404);
    expect(unknown.locale).toBe("es");
    expect(unknown.html).toContain("Este enlace de firma no es válido");
    // A junk cookie or header is no language: English.
    const junk = await renderSigningRoute(t, { "accept-language": "<script>", cookie: "signet_lang=../../x" });
    expect(junk.html).toMatch(/<html lang="en">/);
  });

  it("the dashboard's pages stay English whatever the browser says", async () => {
    requestHeaders.current = new Headers({ "accept-language": "de-DE" });
    const html = renderToStaticMarkup(await RootLayout({ children: null }));
    expect(html).toMatch(/<html lang="en">/);
  });
});
