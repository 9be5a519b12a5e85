import "server-only";
import { getDb } from "../db";
import { AppError } from "../errors";
import { assertOpen, assertTotalQuota, findLink } from "./find-link";

/**
 * The HTTP status of a public link's page (proxy.ts: a page cannot set its own), by the rules the visitor's
 * API applies (find-link.ts): 200 open, 404 unknown (or its template deleted), 410 revoked or expired, 409
 * paused or its total quota used up. Counts nothing, limits nothing, and carries no request-making code.
 */
export async function publicLinkPageStatus(slug: string): Promise<number> {
  const db = await getDb();
  try {
    const { link } = await findLink(db, slug);
    assertOpen(link);
    await assertTotalQuota(db, link);
    return 200;
  } catch (e) {
    if (e instanceof AppError) return e.status;
    throw e;
  }
}
