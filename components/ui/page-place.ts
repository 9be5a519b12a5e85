"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * Where a page is, in words: "Page 2", or "Annex A.pdf · Page 2" when the request has several documents
 * (`document` from lib/client/envelope's documentNamer: null with one). `inText` is the form inside a
 * sentence: "page 2 of Annex A.pdf".
 */
export function usePagePlace() {
  const t = useDashboardT();
  return (page: number, document: string | null, inText = false) =>
    document
      ? t(inText ? "common.place.inTextDocument" : "common.place.documentPage", { page, document })
      : t(inText ? "common.place.inText" : "common.place.page", { page });
}
