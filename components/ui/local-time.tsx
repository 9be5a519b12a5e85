"use client";
import { useEffect, useState } from "react";
import { formatDate } from "./format";

/**
 * A date in the browser's own locale and time zone. Rendered after hydration: the server, which
 * renders the page first, knows neither.
 */
export function LocalTime({ iso }: { iso: string | null | undefined }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(formatDate(iso)), [iso]);
  if (!iso) return <span>—</span>;
  return <time dateTime={iso}>{text ?? ""}</time>;
}
