/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or workers relative to their own files: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfjs-dist", "nodemailer", "piscina", "pino", "libsodium-wrappers"],
  poweredByHeader: false,
  // forbidden(): a MEMBER on an admin-only page gets a 403 and app/(dashboard)/forbidden.tsx.
  // inlineCss: the stylesheet is in the HTML, so a page paints as soon as its HTML has come (the signing page
  // shows page 1 then, on a phone network, not a round trip for the stylesheet later).
  experimental: { authInterrupts: true, inlineCss: true },
  // npm test runs `tsc --noEmit` itself before it builds, and says so with SIGNET_TYPES_CHECKED: the build then
  // skips its own second type check of the same files. Every other build (npm run up, bench) checks types.
  typescript: { ignoreBuildErrors: process.env.SIGNET_TYPES_CHECKED === "1" },
};
export default nextConfig;
