import type { Metadata } from "next";
import { VerifyApp } from "./verify-app";

// Public: anyone holding a PDF may check it; no sign-in, nothing stored.
export const metadata: Metadata = {
  title: "Verify a signed document – Signet",
  description: "Check whether a PDF was sealed by this Signet service and is unmodified since",
};
// Rendered per request, so that Next.js puts this response's CSP nonce on its scripts (scripts/server.mjs).
export const dynamic = "force-dynamic";

// GET /verify – upload a PDF and see whether this service sealed it, and whether it is unchanged
export default function VerifyPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-indigo-600">Signet</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Verify a signed document</h1>
      <p className="mt-2 text-sm text-slate-600">
        Choose a PDF to check whether this service sealed it and whether it is unchanged since. The file is checked and not kept.
      </p>
      <VerifyApp />
      <p className="mt-10 text-center text-xs text-slate-600">Signet · electronic signatures</p>
    </main>
  );
}
