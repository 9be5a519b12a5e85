import { ApiError, plainError } from "@/lib/client/api";
import { Alert, Spinner } from "./feedback";

/**
 * What a page shows while the record it is about is not there: a spinner while it loads, else an alert that
 * says why (the `missing` text when the API answered 404).
 */
export function QueryFallback({
  query,
  loading,
  failed,
  missing,
}: {
  query: { isPending: boolean; error: unknown };
  loading: string;
  failed: string;
  missing: string;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  return (
    <Alert title={failed}>
      {query.error instanceof ApiError && query.error.status === 404 ? missing : plainError(query.error)}
    </Alert>
  );
}
