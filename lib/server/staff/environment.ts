import "server-only";
import { and, eq } from "drizzle-orm";
import { cookies } from "next/headers";
import type { Environment } from "../auth/keys";
import { getDb } from "../db";
import { organizations, signatureRequests } from "../db/schema";
import { isUuid, requestScope } from "../auth/scope";

/**
 * The environment a staff member works in, like a payment dashboard's test mode: a cookie of their
 * browser, SANDBOX unless they switched to PRODUCTION, which only an organization on the ENTERPRISE
 * plan has. Everything the dashboard shows and does goes through the server-held key of that
 * environment, so lists, templates, webhooks and the outbox hold only its records.
 */
export const ENVIRONMENT_COOKIE = "signet-environment";

export async function productionAvailable(orgId: string): Promise<boolean> {
  const db = await getDb();
  const [org] = await db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, orgId));
  return org?.plan === "ENTERPRISE";
}

/** The environment of this browser's dashboard (SANDBOX when production is asked for but not available). */
export async function dashboardEnvironment(staff: { orgId: string }): Promise<Environment> {
  const wanted = (await cookies()).get(ENVIRONMENT_COOKIE)?.value;
  if (wanted === "PRODUCTION" && (await productionAvailable(staff.orgId))) return "PRODUCTION";
  return "SANDBOX";
}

/** Whether a request exists in the environment this dashboard shows (else its page is a 404). */
export async function requestInDashboard(staff: { orgId: string }, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const environment = await dashboardEnvironment(staff);
  const [row] = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(requestScope({ orgId: staff.orgId, environment }), eq(signatureRequests.id, id)));
  return !!row;
}
