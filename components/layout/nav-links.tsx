"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useDashboardT } from "./dashboard-intl";

// Admin-only pages are hidden from members here, and refused by the pages and the proxy themselves.
const links: {
  href: string;
  label: "requests" | "templates" | "outbox" | "apiKeys" | "webhooks" | "team" | "signIn" | "branding" | "retention" | "sending";
  adminOnly: boolean;
}[] = [
  { href: "/requests", label: "requests", adminOnly: false },
  { href: "/templates", label: "templates", adminOnly: false },
  { href: "/outbox", label: "outbox", adminOnly: false },
  { href: "/settings/api-keys", label: "apiKeys", adminOnly: true },
  { href: "/settings/webhooks", label: "webhooks", adminOnly: true },
  { href: "/settings/team", label: "team", adminOnly: true },
  { href: "/settings/sign-in", label: "signIn", adminOnly: true },
  { href: "/settings/branding", label: "branding", adminOnly: true },
  { href: "/settings/sending", label: "sending", adminOnly: true },
  { href: "/settings/data-retention", label: "retention", adminOnly: true },
];

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  const path = usePathname();
  const t = useDashboardT();
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
                {t(`common.nav.${l.label}`)}
              </Link>
            </li>
          );
        })}
    </ul>
  );
}
