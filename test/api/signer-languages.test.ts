import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { renderToStaticMarkup } from "react-dom/server";
import { LOCALE_HEADER } from "@/lib/i18n/locales";
import { runDueJobs } from "@/lib/server/worker/worker";
import { proxy } from "@/proxy";
import RootLayout from "@/app/layout";
import SigningLayout from "@/app/sign/layout";
import SignPage from "@/app/sign/[token]/page";
import SigningLinkNotFound from "@/app/sign/[token]/not-found";
import { call, makeOrg } from "../support/api";
import { firstOf } from "../support/expect-helpers";
import { simplePdf } from "../support/simple-pdf";
import { sentRequest, tokenOf } from "../support/signing";

// The signer side speaks the recipient's language, else the request's, else the
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

  it("a page that is not a signer's (the dashboard, signed out) is in the browser's language, else English", async () => {
    requestHeaders.current = new Headers({ "accept-language": "de-DE" });
    expect(renderToStaticMarkup(await RootLayout({ children: null }))).toMatch(/<html lang="de">/);
    requestHeaders.current = new Headers({ "accept-language": "ja, <script>" });
    expect(renderToStaticMarkup(await RootLayout({ children: null }))).toMatch(/<html lang="en">/);
  });

  it("a recipient's locale: German page whatever the browser; else the request's", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { recipientIds } = await sentRequest(key, [{ email: "de-page@example.com", name: "Dora", order: 1, locale: "de" }]);
    const de = await renderSigningRoute(await tokenOf(recipientIds[0]), { "accept-language": "fr-FR" });
    expect(de.html).toMatch(/<html lang="de">/);
    expect(de.html).toContain("Ihr Dokument wird geladen …");

    const id = await requestIn(key, "it", { email: "it-page@example.com", name: "Ivo" });
    const r = firstOf((await call("GET", `${SR}/${id}`, { key })).body.data.recipients, "the recipient");
    const it = await renderSigningRoute(await tokenOf(r.id), { "accept-language": "fr-FR" });
    expect(it.html).toMatch(/<html lang="it">/);
  });
});

/** A sent request made with a `locale`, one signer (with a signature field). */
async function requestIn(key: string, locale: string, signer: { email: string; name: string; locale?: string }) {
  const made = await call("POST", SR, {
    key,
    form: { title: "Contratto", locale, file: { data: await simplePdf(), name: "c.pdf", type: "application/pdf" } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id: string = made.body.data.id;
  const r = await call("POST", `${SR}/${id}/recipients`, { key, json: { order: 1, ...signer } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const f = await call("POST", `${SR}/${id}/fields`, {
    key,
    json: { fields: [{ type: "SIGNATURE", recipientId: r.body.data.id, page: 1, x: 72, y: 100, width: 180, height: 50 }] },
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
  return id;
}

/** The invitation an address got, as the outbox shows it (text; the link hidden). */
async function invitationTo(key: string, email: string) {
  await runDueJobs();
  const list = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items as { id: string; to: string }[];
  const item = list.find((m) => m.to.includes(email));
  expect(item, `a mail to ${email}`).toBeTruthy();
  return (await call("GET", `/api/v1/enterprise/outbox/${item!.id}`, { key })).body.data as {
    subject: string;
    text: string;
    html: string;
  };
}

describe("the recipients' mails' language", () => {
  it("a locale de recipient's invitation is German (subject, text, HTML); English without any locale", async () => {
    const key = (await makeOrg()).sandboxKey;
    await sentRequest(key, [
      { email: "de-mail@example.com", name: "Dora Deutsch", order: 1, locale: "de" },
      { email: "en-mail@example.com", name: "Ed English", order: 1 },
    ]);
    const de = await invitationTo(key, "de-mail@example.com");
    expect(de.subject).toBe("[Sandbox] Bitte unterschreiben: Signing test");
    expect(de.text).toContain("Guten Tag Dora Deutsch,");
    expect(de.text).toContain("Sie werden gebeten, „Signing test“ zu unterschreiben.");
    expect(de.text).toContain("Dokument öffnen und unterschreiben: [link hidden]");
    expect(de.text).toContain("Sandbox: Dies ist ein Test und keine rechtsgültige Signatur.");
    expect(de.html).toContain("Sie werden gebeten, <b>Signing test</b> zu unterschreiben.");
    expect(de.html).toContain("Gesendet von Signet");
    const en = await invitationTo(key, "en-mail@example.com");
    expect(en.subject).toBe("[Sandbox] Please sign: Signing test");
    expect(en.text).toContain('You are asked to sign "Signing test".');
  });

  it("a recipient without a locale is written in the request's; their own wins over it", async () => {
    const key = (await makeOrg()).sandboxKey;
    await requestIn(key, "fr", { email: "fr-req@example.com", name: "Fanny" });
    const fr = await invitationTo(key, "fr-req@example.com");
    expect(fr.subject).toBe("[Bac à sable] À signer : Contratto");
    expect(fr.text).toContain("Nous vous invitons à signer « Contratto ».");
    await requestIn(key, "fr", { email: "pl-own@example.com", name: "Piotr", locale: "pl" });
    expect((await invitationTo(key, "pl-own@example.com")).subject).toBe("[Piaskownica] Prośba o podpis: Contratto");
  });
});
