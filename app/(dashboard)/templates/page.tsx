import { requireStaff } from "@/lib/server/staff/current-staff";
import { TemplatesPage } from "@/components/templates/templates-page";

export const metadata = { title: "Templates – Signet" };

export default async function Templates() {
  await requireStaff("/templates");
  return <TemplatesPage />;
}
