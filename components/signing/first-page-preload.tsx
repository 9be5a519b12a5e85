import { headers } from "next/headers";
import { PAGE_WIDTHS } from "@/lib/schemas/page-widths";
import { signingPath } from "./api";
import { MAX_PAGE_WIDTH, pageImageUrl } from "./page-urls";

/** The signing page's frame around the pages (signing-form.tsx): `max-w-5xl`, and `px-2`, `sm:px-4` from 640 px. */
const FRAME = { maxWidth: 1024, padding: 16, widePadding: 32, wideFrom: 640 };

/**
 * Page 1's image, fetched while the page's scripts still download. On a phone network the
 * image used to start only once the JavaScript had run and the view's data had come. A few lines run as the
 * HTML is read: they work out the width the signing page will ask for (the frame's width in device pixels,
 * to PAGE_WIDTHS, as PageImages does) and preload that very URL, which the page's <img> then takes from the
 * browser's memory cache. They also start the view's GET (what the app asks first), whose answer the app
 * takes once instead of asking again after its scripts have run (components/signing/api.ts); it records the
 * first view as the app's call did. Carries the response's CSP nonce (scripts/server.mjs). Nothing is fetched for a
 * link whose turn has not come or that asks for a code (`document` unset), and a scanner that reads the HTML
 * without running scripts fetches nothing.
 */
export async function FirstPagePreload({ token, document }: { token: string; document: string }) {
  const csp = (await headers()).get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const url = pageImageUrl({ token, version: document }, 1, 0);
  const view = signingPath(token);
  // A value as a script literal that cannot close the element ("<" as \u003c; the token and paths are URL-safe anyway).
  const js = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  const [before, after] = [url.slice(0, url.indexOf("w=0") + 2), url.slice(url.indexOf("w=0") + 3)];
  const script =
    `(function(){try{var W=${js(PAGE_WIDTHS)},d=document.documentElement.clientWidth,` +
    `p=innerWidth>=${FRAME.wideFrom}?${FRAME.widePadding}:${FRAME.padding},` +
    `c=Math.min(Math.floor(Math.min(d,${FRAME.maxWidth})-p),${MAX_PAGE_WIDTH}),` +
    `x=c*Math.min(3,Math.max(1,devicePixelRatio||1)),w=W[W.length-1];` +
    `for(var i=0;i<W.length;i++)if(W[i]>=x){w=W[i];break}` +
    `var l=document.createElement("link");l.rel="preload";l.as="image";l.fetchPriority="high";` +
    `l.href=${js(before)}+w+${js(after)};document.head.appendChild(l);` +
    // The view's data too, as the app asks for it (components/signing/api.ts takes it once).
    `var r=fetch(${js(view)},{headers:{accept:"application/json"},cache:"no-store",credentials:"same-origin"});` +
    `r.catch(function(){});window.__signetView={token:${js(token)},response:r}}catch(e){}})()`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
