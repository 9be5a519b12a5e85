import "server-only";
import type { StaffRole } from "./sessions";

/**
 * What a MEMBER may do through the dashboard's proxy: work with requests and templates, and read the
 * outbox. Everything else (API keys, webhooks, and any path added later) is for admins: an allow-list,
 * so that a new admin-only endpoint is not open to members by default.
 */
const READ = ["GET", "HEAD"];
const ALL = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"];
const MEMBER_MAY: Record<string, string[]> = {
  "signature-requests": ALL,
  templates: ALL,
  outbox: READ,
  // A member may start a bulk send on a template (templates: ALL) and so must see how it goes.
  "bulk-sends": READ,
};

/** What a member is told when a path is for admins, by its first segment. */
const ADMIN_AREAS: Record<string, string> = {
  "api-keys": "Only admins can manage API keys",
  webhooks: "Only admins can manage webhooks",
  settings: "Only admins can change the organization's settings",
};

/**
 * Whether a staff member may make this call through the dashboard's proxy (`segments`: the path after
 * /api/dashboard/). Returns why not (sent as a 403 in the envelope), or null.
 */
export function staffMayCall(staff: { role: StaffRole | string }, segments: string[], method: string): string | null {
  if (staff.role === "ADMIN") return null;
  const area = segments[0] ?? "";
  const allowed = Object.hasOwn(MEMBER_MAY, area) ? MEMBER_MAY[area] : null;
  if (allowed?.includes(method.toUpperCase())) return null;
  if (allowed) return `Members cannot ${method.toUpperCase()} ${area}; only admins can`;
  return (Object.hasOwn(ADMIN_AREAS, area) ? ADMIN_AREAS[area] : null) ?? "Only admins can use this part of the dashboard";
}
