import "server-only";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db";
import { staffUsers } from "../db/schema";
import { isUuid } from "./scope";

export type StaffRow = typeof staffUsers.$inferSelect;

/**
 * The staff member a dashboard call was made for (the proxy's signed identity, `auth.staff`), read again
 * from the store: active and of the caller's organization. Null for anyone else: an API key's own call,
 * a deactivated member, another organization's, an id that is no UUID.
 */
export async function signedInStaff(
  tx: Queryable,
  auth: { staff?: { id: string } | null; orgId: string },
): Promise<StaffRow | null> {
  const id = auth.staff?.id;
  const [me] = id && isUuid(id) ? await tx.select().from(staffUsers).where(eq(staffUsers.id, id)) : [];
  return me && !me.deactivatedAt && me.orgId === auth.orgId ? me : null;
}
