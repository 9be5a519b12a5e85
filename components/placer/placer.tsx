"use client";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/feedback";
import { useDashboardT } from "@/components/layout/dashboard-intl";

const load = () => import("./placer-view");

/** Starts loading the placer's code (react-pdf, pdf.js) while the draft itself is still being fetched. */
export const preloadPlacer = () => void load();

// pdf.js needs the browser (canvas, workers): the placer is never rendered on the server.
export const Placer = dynamic(() => load().then((m) => m.PlacerView), {
  ssr: false,
  loading: () => <PlacerLoading />,
});

function PlacerLoading() {
  const t = useDashboardT();
  return (
    <div className="p-6">
      <Spinner label={t("placer.loading")} />
    </div>
  );
}
