import { StaffIntl } from "@/app/staff-intl";

// Outside the dashboard's layout: the verification form reads its words from the dashboard's messages too.
export default function VerifyLayout({ children }: { children: React.ReactNode }) {
  return <StaffIntl>{children}</StaffIntl>;
}
