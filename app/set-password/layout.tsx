import { StaffIntl } from "@/app/staff-intl";

// Outside the dashboard's layout: the set-password form reads its words from the dashboard's messages too.
export default function SetPasswordLayout({ children }: { children: React.ReactNode }) {
  return <StaffIntl>{children}</StaffIntl>;
}
