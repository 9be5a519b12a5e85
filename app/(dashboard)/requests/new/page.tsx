import { requireStaff } from "@/lib/server/staff/current-staff";
import { UploadStep } from "@/components/compose/upload-step";

export const metadata = { title: "New request – Signet" };

export default async function NewRequestPage() {
  await requireStaff("/requests/new");
  return <UploadStep />;
}
