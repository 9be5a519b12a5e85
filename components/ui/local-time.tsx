"use client";
import { useSyncExternalStore } from "react";
import { formatDate } from "./format";

/** The locale and time zone do not change while the page is open: nothing to subscribe to. */
const subscribeToNothing = () => () => {};

/**
 * A date in the browser's own locale and time zone. Rendered after hydration: the server, which
 * renders the page first, knows neither.
 */
export function LocalTime({ iso }: { iso: string | null | undefined }) {
  // The server's snapshot is null (no text); the browser's is the date in its locale, once hydrated.
  const text = useSyncExternalStore(
    subscribeToNothing,
    () => formatDate(iso),
    () => null,
  );
  if (!iso) return <span>—</span>;
  return <time dateTime={iso}>{text ?? ""}</time>;
}
