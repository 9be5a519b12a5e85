"use client";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/feedback";
import { useDashboardT } from "@/components/layout/dashboard-intl";

// pdf.js needs the browser (canvas, workers): the placer is never rendered on the server.
export const TemplatePlacerLazy = dynamic(() => import("./template-placer").then((m) => m.TemplatePlacer), {
  ssr: false,
  loading: () => <PlacerLoading />,
});

function PlacerLoading() {
  const tr = useDashboardT();
  return (
    <div className="p-6">
      <Spinner label={tr("templates.placer.loading")} />
    </div>
  );
}
