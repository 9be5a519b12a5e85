import { headers } from "next/headers";
import { signingPath } from "./api";

/**
 * The view's data, asked for as the HTML is read: a few lines start the GET the app asks first, whose
 * answer the app takes once instead of asking again after its scripts have run (components/signing/api.ts);
 * it records the first view as the app's call did. Page 1's image needs no script: the HTML names it
 * (first-paint.tsx). Carries the response's CSP nonce (scripts/server.mjs). Rendered only for a link whose
 * turn has come and that asks for no code, so a scanner that reads the HTML without running scripts
 * fetches nothing but the image.
 */
export async function ViewPrefetch({ token }: { token: string }) {
  const csp = (await headers()).get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  // A value as a script literal that cannot close the element ("<" as \u003c; the token and path are URL-safe anyway).
  const js = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  const script =
    `(function(){try{var r=fetch(${js(signingPath(token))},{headers:{accept:"application/json"},cache:"no-store",credentials:"same-origin"});` +
    `r.catch(function(){});window.__signetView={token:${js(token)},response:r}}catch(e){}})()`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
