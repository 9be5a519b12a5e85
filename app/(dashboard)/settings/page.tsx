import { redirect } from "next/navigation";
import { requireStaff } from "@/lib/server/staff/current-staff";

export default async function SettingsPage() {
  const staff = await requireStaff("/settings");
  redirect(staff.role === "ADMIN" ? "/settings/api-keys" : "/settings/account");
}
