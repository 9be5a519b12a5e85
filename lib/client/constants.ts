// Mirrors of the API's enumerations, for the browser (lib/schemas pulls zod into the bundle).
export const REQUEST_STATUSES = ["DRAFT", "IN_PROGRESS", "COMPLETED", "DECLINED", "CANCELLED", "EXPIRED"] as const;
export const FIELD_TYPES = [
  "SIGNATURE",
  "INITIAL",
  "DATE",
  "TEXT",
  "CHECKBOX",
  "RADIO",
  "DROPDOWN",
  "NUMBER",
  "NAME",
  "EMAIL",
] as const;

/**
 * Sent by the dashboard's own fetchers on every call through the proxy. A page of another origin cannot
 * send it without a CORS preflight the proxy never grants, and a form cannot send it at all: with the
 * same-origin check it is what keeps other pages (even of the same site) from acting as a signed-in staff member.
 */
export const DASHBOARD_HEADER = "x-signet-dashboard";
