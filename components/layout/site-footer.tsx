import Link from "next/link";

/** The links for integrators and operators, at the foot of the sign-in page and the dashboard. */
export function SiteFooter() {
  return (
    <footer className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-6 text-xs text-slate-500">
      <span>Signet</span>
      <Link className="hover:text-slate-800 hover:underline" href="/verify">
        Verify a signed document
      </Link>
      <Link className="hover:text-slate-800 hover:underline" href="/api/v1/openapi.json">
        API reference (OpenAPI 3.1)
      </Link>
      <Link className="hover:text-slate-800 hover:underline" href="/api/health">
        Health
      </Link>
    </footer>
  );
}
