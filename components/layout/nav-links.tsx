"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

// Admin-only pages are hidden from members here, and refused by the pages and the proxy themselves.
const links = [
  { href: "/requests", label: "Requests", adminOnly: false },
  { href: "/templates", label: "Templates", adminOnly: false },
  { href: "/outbox", label: "Outbox", adminOnly: false },
  { href: "/settings/api-keys", label: "API keys", adminOnly: true },
  { href: "/settings/webhooks", label: "Webhooks", adminOnly: true },
  { href: "/settings/team", label: "Team", adminOnly: true },
  { href: "/settings/data-retention", label: "Retention", adminOnly: true },
];

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  const path = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-1">
      {links
        .filter((l) => isAdmin || !l.adminOnly)
        .map((l) => {
          const active = path === l.href || path.startsWith(l.href + "/");
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={active ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`}
              >
                {l.label}
              </Link>
            </li>
          );
        })}
    </ul>
  );
}
