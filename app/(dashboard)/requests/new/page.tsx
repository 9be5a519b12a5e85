import { requireStaff } from "@/lib/server/staff/current-staff";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";
import { UploadStep } from "@/components/compose/upload-step";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("compose.meta.newTitle") };
}

export default async function NewRequestPage() {
  await requireStaff("/requests/new");
  return <UploadStep />;
}
