"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

const tones: Record<string, string> = {
  DRAFT: "bg-slate-100 text-slate-700 ring-slate-300",
  IN_PROGRESS: "bg-sky-50 text-sky-700 ring-sky-300",
  COMPLETED: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  DECLINED: "bg-red-50 text-red-700 ring-red-300",
  CANCELLED: "bg-zinc-100 text-zinc-600 ring-zinc-300",
  EXPIRED: "bg-amber-50 text-amber-800 ring-amber-300",
  PENDING: "bg-slate-100 text-slate-600 ring-slate-300",
  SENT: "bg-sky-50 text-sky-700 ring-sky-300",
  VIEWED: "bg-indigo-50 text-indigo-700 ring-indigo-300",
  SIGNED: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  APPROVED: "bg-emerald-50 text-emerald-700 ring-emerald-300",
  RELEASED: "bg-zinc-100 text-zinc-600 ring-zinc-300",
};

/** A request's or a recipient's status → its message in common.status. */
const keys = {
  DRAFT: "draft",
  IN_PROGRESS: "inProgress",
  COMPLETED: "completed",
  DECLINED: "declined",
  CANCELLED: "cancelled",
  EXPIRED: "expired",
  PENDING: "pending",
  SENT: "sent",
  VIEWED: "viewed",
  SIGNED: "signed",
  APPROVED: "approved",
  // A signing group's member whose signature is no longer needed (enough of the group signed).
  RELEASED: "released",
} as const;

/** A status as the dashboard names it ("In progress"); one it does not know, from its own name. */
export function useStatusLabel() {
  const t = useDashboardT();
  return (s: string) =>
    Object.hasOwn(keys, s)
      ? t(`common.status.${keys[s as keyof typeof keys]}`)
      : s.charAt(0) + s.slice(1).toLowerCase().replace("_", " ");
}

export function StatusBadge({ status }: { status: string }) {
  const statusLabel = useStatusLabel();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[status] ?? tones.DRAFT}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** Beside a DRAFT whose send waits for a staff member's approval (an API key's production send). */
export function ApprovalBadge() {
  const t = useDashboardT();
  return (
    <span className="ml-1 inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300 ring-inset">
      {t("requests.approval.badge")}
    </span>
  );
}
