import { redirect } from "next/navigation";
import { requireStaff } from "@/lib/server/staff/current-staff";

export default async function SettingsPage() {
  await requireStaff("/settings/api-keys");
  redirect("/settings/api-keys");
}
