"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const links = [
  { href: "/requests", label: "Requests" },
  { href: "/templates", label: "Templates" },
  { href: "/outbox", label: "Outbox" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/webhooks", label: "Webhooks" },
];

export function NavLinks() {
  const path = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-1">
      {links.map((l) => {
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
