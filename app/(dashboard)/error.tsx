"use client";
import { Alert } from "@/components/ui/feedback";
import { Button } from "@/components/ui/button";

// A page of the dashboard failed to render: say so in plain words and offer to try again.
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <Alert title="This page could not be shown">
        Something went wrong on our side. Try again; if it keeps happening, reload the page.
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
