import { requireStaff } from "@/lib/server/staff/current-staff";
import { RequestDetail } from "@/components/requests/request-detail";

export const metadata = { title: "Request – Signet" };

export default async function RequestPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ sent?: string }> }) {
  const { id } = await params;
  await requireStaff(`/requests/${encodeURIComponent(id)}`);
  return <RequestDetail id={id} justSent={(await searchParams).sent === "1"} />;
}
