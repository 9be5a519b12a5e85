"use client";
import { useSyncExternalStore } from "react";
import { useLocale } from "use-intl";
import { formatDate } from "./format";

/** The locale and time zone do not change while the page is open: nothing to subscribe to. */
const subscribeToNothing = () => () => {};

/**
 * A date in the page's language (the staff member's or the signer's) and the browser's time zone. Rendered
 * after hydration: the server, which renders the page first, does not know the zone.
 */
export function LocalTime({ iso }: { iso: string | null | undefined }) {
  const locale = useLocale();
  // The server's snapshot is null (no text); the browser's is the date in its locale, once hydrated.
  const text = useSyncExternalStore(
    subscribeToNothing,
    () => formatDate(iso, locale),
    () => null,
  );
  if (!iso) return <span>—</span>;
  return <time dateTime={iso}>{text ?? ""}</time>;
}
