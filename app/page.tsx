import Link from "next/link";

// Rendered per request, so its scripts carry the response's CSP nonce (scripts/server.mjs).
export const dynamic = "force-dynamic";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Signet</h1>
      <p className="mt-3 text-slate-600">
        Electronic signatures on PDF documents: signature requests, ordered recipients, fields placed by coordinates or
        by anchors in the PDF text, templates, and delivery by e-mail.
      </p>
      <p className="mt-6">
        <Link className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700" href="/requests">
          Staff dashboard
        </Link>
      </p>
      <ul className="mt-8 space-y-2">
        <li>
          <Link className="text-blue-700 underline" href="/api/v1/openapi.json">
            API reference (OpenAPI 3.1)
          </Link>
        </li>
        <li>
          <Link className="text-blue-700 underline" href="/api/health">
            Health
          </Link>
        </li>
      </ul>
    </main>
  );
}
