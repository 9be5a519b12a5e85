import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";

// An unknown set-password link: HTTP 404 (notFound() in page.tsx), in plain words.
export default function SetPasswordLinkNotFound() {
  return (
    <AuthCard title="This link cannot be used">
      <div className="space-y-4">
        <Alert kind="warning">
          This link is not valid. Check that you opened the whole link from the mail, or ask an admin for a new one.
        </Alert>
        <Link href="/login" className={linkButton("secondary")}>
          Go to the sign-in page
        </Link>
      </div>
    </AuthCard>
  );
}
