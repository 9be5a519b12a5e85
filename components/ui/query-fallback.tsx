"use client";
import { ApiError, plainError } from "@/lib/client/api";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { Alert, Spinner } from "./feedback";

/**
 * What a page shows while the record it is about is not there: a spinner while it loads, else an alert that
 * says why. `messages`: where the page's texts are, each with `loading`, `loadFailed` and `missing` (when the
 * API answered 404).
 */
export function QueryFallback({
  query,
  messages,
}: {
  query: { isPending: boolean; error: unknown };
  messages: "compose.flow" | "requests.detail" | "templates.builder";
}) {
  const t = useDashboardT();
  if (query.isPending) return <Spinner label={t(`${messages}.loading`)} />;
  return (
    <Alert title={t(`${messages}.loadFailed`)}>
      {query.error instanceof ApiError && query.error.status === 404 ? t(`${messages}.missing`) : plainError(query.error)}
    </Alert>
  );
}
