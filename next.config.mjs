/** @type {import('next').NextConfig} */
const nextConfig = {
  // These load WebAssembly, native bindings or workers relative to their own files: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfjs-dist", "nodemailer"],
  poweredByHeader: false,
  typedRoutes: false,
};
export default nextConfig;
