import { requireStaff } from "@/lib/server/staff/current-staff";
import { dashboardT } from "@/lib/i18n/dashboard";
import { UploadStep } from "@/components/compose/upload-step";

export const metadata = { title: dashboardT("compose.meta.newTitle") };

export default async function NewRequestPage() {
  await requireStaff("/requests/new");
  return <UploadStep />;
}
