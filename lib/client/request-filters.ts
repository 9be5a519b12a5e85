import { REQUEST_STATUSES } from "./constants";
import type { RequestStatus } from "./types";

/** How a request was started, as the list filters it: by staff or the API, or by a public link's visitor. */
export const REQUEST_SOURCES = ["api", "public_link"] as const;
export type RequestSourceFilter = (typeof REQUEST_SOURCES)[number] | "";

/** The list's filters as the page's URL holds them (`?q=…&status=…&by=me&from=…&to=…&source=…`). */
export type ListFilters = {
  q: string;
  status: RequestStatus | "";
  mine: boolean;
  from: string;
  to: string;
  source: RequestSourceFilter;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query names; anything malformed is left out (the list then shows everything). */
export function filtersFromQuery(query: Record<string, string | string[] | undefined>): ListFilters {
  const one = (k: string) => {
    const v = query[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const status = one("status");
  return {
    // Control characters are no part of a search (the API refuses them): left out, not sent.
    q: one("q")
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
      .slice(0, 200),
    status: (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as RequestStatus) : "",
    mine: one("by") === "me",
    from: DAY.test(one("from")) ? one("from") : "",
    to: DAY.test(one("to")) ? one("to") : "",
    source: (REQUEST_SOURCES as readonly string[]).includes(one("source")) ? (one("source") as RequestSourceFilter) : "",
  };
}

export function queryOfFilters(f: ListFilters) {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.status) p.set("status", f.status);
  if (f.mine) p.set("by", "me");
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.source) p.set("source", f.source);
  const s = p.toString();
  return s ? `?${s}` : "";
}
