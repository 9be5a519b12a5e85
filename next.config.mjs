/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or workers relative to their own files: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfjs-dist", "nodemailer", "piscina", "pino", "libsodium-wrappers"],
  poweredByHeader: false,
  // forbidden(): a MEMBER on an admin-only page gets a 403 and app/(dashboard)/forbidden.tsx.
  experimental: { authInterrupts: true },
};
export default nextConfig;
