import Link from "next/link";

/** The way back above a record's title: the list it is in ("Requests /"). */
export function Breadcrumb({ href, label }: { href: string; label: string }) {
  return (
    <p className="text-sm text-slate-500">
      <Link href={href} className="hover:underline">
        {label}
      </Link>{" "}
      /
    </p>
  );
}
