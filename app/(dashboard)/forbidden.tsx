import Link from "next/link";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";

// What a MEMBER sees (with a 403) on an admin-only page: requireAdmin() calls forbidden().
export default function DashboardForbidden() {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Only admins can open this page</h1>
      <Alert kind="warning" title="403: admins only">
        API keys, webhooks, the team and the environment settings are managed by your organization&apos;s admins. Ask one of them
        if you need a change here.
      </Alert>
      <Link href="/requests" className={linkButton("secondary")}>
        Back to the requests
      </Link>
    </div>
  );
}
