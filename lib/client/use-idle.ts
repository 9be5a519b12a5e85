"use client";
import { useEffect, useState } from "react";

/**
 * True once the browser has been idle after the component mounted (requestIdleCallback, or a moment later
 * where there is none): what can wait for it (code loaded ahead of its first use) stays out of the way of
 * what the page needs first.
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), timeoutMs);
    return () => window.clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
