"use client";

import dynamic from "next/dynamic";
import { useSigningT } from "./intl";

/** The signer's and the approver's pages, drawn by react-pdf: loaded in the browser only, on demand. */
export const PdfPages = dynamic(() => import("./pdf-pages"), {
  ssr: false,
  loading: () => <LoadingViewer />,
});

/** The part of a page around one field (field-by-field mode), drawn by react-pdf: loaded the same way. */
export const PageRegion = dynamic(() => import("./page-region"), { ssr: false, loading: () => <LoadingViewer /> });

function LoadingViewer() {
  const t = useSigningT();
  return <p className="py-16 text-center text-sm text-slate-500">{t("pdf.loadingViewer")}</p>;
}

/** Pages are never drawn wider than this, however wide the screen. */
export const MAX_PAGE_WIDTH = 900;
