import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import { clock } from "../clock";
import { getDb } from "../db";
import { publicLinks, publicVisits, templates } from "../db/schema";

/**
 * The HTTP status of a public link's page (proxy.ts: a page cannot set its own), by the rules the visitor's
 * API applies (visit-link.ts): 200 open, 404 unknown (or its template deleted), 410 revoked or expired, 409
 * paused or its total quota used up. Counts nothing, limits nothing; a module of its own, so the proxy
 * does not carry the request-making code.
 */
export async function publicLinkPageStatus(slug: string): Promise<number> {
  if (!/^[0-9A-Za-z]{16}$/.test(slug)) return 404;
  const db = await getDb();
  const [row] = await db
    .select({ link: publicLinks, deletedAt: templates.deletedAt })
    .from(publicLinks)
    .innerJoin(templates, eq(templates.id, publicLinks.templateId))
    .where(eq(publicLinks.slug, slug));
  if (!row || row.deletedAt) return 404;
  const { link } = row;
  if (link.status === "REVOKED") return 410;
  if (link.expiresAt && link.expiresAt.getTime() <= clock.now().getTime()) return 410;
  if (link.status === "PAUSED") return 409;
  if (link.quotaTotal !== null) {
    const [n] = await db
      .select({ n: count() })
      .from(publicVisits)
      .where(and(eq(publicVisits.linkId, link.id), eq(publicVisits.status, "STARTED"), gte(publicVisits.createdAt, new Date(0))));
    if ((n?.n ?? 0) >= link.quotaTotal) return 409;
  }
  return 200;
}
