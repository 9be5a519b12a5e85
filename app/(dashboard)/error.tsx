"use client";
import { Alert } from "@/components/ui/feedback";
import { Button } from "@/components/ui/button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

// A page of the dashboard failed to render: say so in plain words and offer to try again.
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const t = useDashboardT();
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <Alert title={t("common.errorPage.title")}>{t("common.errorPage.text")}</Alert>
      <Button onClick={reset}>{t("common.errorPage.retry")}</Button>
    </div>
  );
}
