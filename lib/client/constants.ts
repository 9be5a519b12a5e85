// The API's enumerations, for the browser: lib/schemas/states.ts is plain constants (no zod), so the
// bundle takes them from there rather than keeping a copy.
export { FIELD_TYPES, REQUEST_STATUSES } from "@/lib/schemas/states";

/**
 * Sent by the dashboard's own fetchers on every call through the proxy. A page of another origin cannot
 * send it without a CORS preflight the proxy never grants, and a form cannot send it at all: with the
 * same-origin check it is what keeps other pages (even of the same site) from acting as a signed-in staff member.
 */
export const DASHBOARD_HEADER = "x-signet-dashboard";
