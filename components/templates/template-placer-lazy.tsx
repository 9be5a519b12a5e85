"use client";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/feedback";

// pdf.js needs the browser (canvas, workers): the placer is never rendered on the server.
export const TemplatePlacerLazy = dynamic(() => import("./template-placer").then((m) => m.TemplatePlacer), {
  ssr: false,
  loading: () => (
    <div className="p-6">
      <Spinner label="Loading the field placer" />
    </div>
  ),
});
