/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or workers relative to their own files: keep them out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-saml/node-saml",
    "@modelcontextprotocol/sdk",
    "pg",
    "pdfjs-dist",
    "nodemailer",
    "piscina",
    "pino",
    "libsodium-wrappers",
  ],
  poweredByHeader: false,
  // forbidden(): a MEMBER on an admin-only page gets a 403 and app/(dashboard)/forbidden.tsx.
  // inlineCss: the stylesheet is in the HTML, so a page paints as soon as its HTML has come (the signing page
  // shows page 1 then, on a phone network, not a round trip for the stylesheet later).
  experimental: { authInterrupts: true, inlineCss: true },
};
export default nextConfig;
