import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import { clock } from "../clock";
import type { Queryable } from "../db";
import { publicLinks, publicVisits, templates } from "../db/schema";
import { AppError, notFound } from "../errors";

// A public link found by its slug and judged: what the visitor's API (visit-link.ts) and the page's status
// (page-status.ts, read by the proxy) both decide by. A module of its own, light: the proxy imports it.

export type PublicLinkRow = typeof publicLinks.$inferSelect;

export const isSlug = (s: string) => /^[0-9A-Za-z]{16}$/.test(s);

/** The start of today in UTC, and the seconds until tomorrow's: a link's day for its daily quota. */
export function utcDay(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, secondsLeft: Math.max(1, Math.ceil((start.getTime() + 86_400_000 - now.getTime()) / 1000)) };
}

/** The link at this slug and its template; 404 for a slug of another shape, an unknown one, or a deleted template. */
export async function findLink(db: Queryable, slug: string) {
  if (!isSlug(slug)) throw notFound("PUBLIC_LINK_NOT_FOUND", "Public link");
  const [row] = await db
    .select({ link: publicLinks, template: { id: templates.id, name: templates.name, deletedAt: templates.deletedAt } })
    .from(publicLinks)
    .innerJoin(templates, eq(templates.id, publicLinks.templateId))
    .where(eq(publicLinks.slug, slug));
  if (!row || row.template.deletedAt) throw notFound("PUBLIC_LINK_NOT_FOUND", "Public link");
  return { link: row.link, template: { id: row.template.id, name: row.template.name } };
}

/** Revoked, expired, paused: the link serves nothing, and says which. */
export function assertOpen(link: PublicLinkRow) {
  if (link.status === "REVOKED") {
    throw new AppError("PUBLIC_LINK_REVOKED", "This link was withdrawn: it no longer starts anything", {
      details: { status: "REVOKED" },
    });
  }
  if (link.expiresAt && link.expiresAt.getTime() <= clock.now().getTime()) {
    throw new AppError("PUBLIC_LINK_EXPIRED", "This link has expired", { details: { expiredAt: link.expiresAt.toISOString() } });
  }
  if (link.status === "PAUSED") {
    throw new AppError("PUBLIC_LINK_PAUSED", "This link is paused for now; try again later", { details: { status: "PAUSED" } });
  }
}

/** Requests the link's visitors started, all time or since a moment. */
export async function startedCount(db: Queryable, linkId: string, since?: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(publicVisits)
    .where(
      and(
        eq(publicVisits.linkId, linkId),
        eq(publicVisits.status, "STARTED"),
        since ? gte(publicVisits.createdAt, since) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The total quota used up: 409, for good (unless staff raise it). */
export async function assertTotalQuota(db: Queryable, link: PublicLinkRow) {
  if (link.quotaTotal !== null && (await startedCount(db, link.id)) >= link.quotaTotal) {
    throw new AppError("PUBLIC_LINK_QUOTA_REACHED", "This link has started as many requests as it may", {
      details: { quota: link.quotaTotal },
    });
  }
}

/** The quota, total and today's (UTC): judged with the link's row locked when a request is about to be made. */
export async function assertQuota(db: Queryable, link: PublicLinkRow) {
  await assertTotalQuota(db, link);
  if (link.quotaPerDay !== null) {
    const day = utcDay(clock.now());
    if ((await startedCount(db, link.id, day.start)) >= link.quotaPerDay) {
      throw new AppError(
        "PUBLIC_LINK_DAILY_QUOTA_REACHED",
        "This link has started as many requests today as it may; try again tomorrow",
        {
          details: { quotaPerDay: link.quotaPerDay },
          headers: { "Retry-After": String(day.secondsLeft) },
        },
      );
    }
  }
}
