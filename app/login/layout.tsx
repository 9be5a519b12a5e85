import { StaffIntl } from "@/app/staff-intl";

// Outside the dashboard's layout: the sign-in form reads its words from the dashboard's messages too.
export default function LoginLayout({ children }: { children: React.ReactNode }) {
  return <StaffIntl>{children}</StaffIntl>;
}
