import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { toLocale } from "@/lib/i18n/locales";
import { zOwnProfile, type OwnProfile } from "@/lib/schemas/staff";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { AppError, validationError } from "../errors";
import { log } from "../log";
import type { StaffIdentity } from "./sessions";

/**
 * A staff member changes their own display name and mail language. Refused whole (400 VALIDATION_FAILED naming
 * the field, nothing kept) when the name is empty, too long or holds control or hidden characters. Requests sent
 * afterwards carry the new name in their mails and on the signing page; those already sent keep the one they had.
 */
export async function changeOwnProfile(staff: StaffIdentity, body: { name: unknown; locale: unknown }): Promise<OwnProfile> {
  const parsed = zOwnProfile.safeParse({ name: body.name, locale: body.locale === "" ? null : body.locale });
  if (!parsed.success) throw validationError(parsed.error, "body");
  const db = await getDb();
  const [me] = await db
    .update(staffUsers)
    .set({ name: parsed.data.name, locale: parsed.data.locale })
    .where(and(eq(staffUsers.id, staff.id), isNull(staffUsers.deactivatedAt)))
    .returning();
  if (!me) throw new AppError("SIGN_IN_REQUIRED", "Sign in again");
  log().info(`staff: ${staff.email} changed their profile (name ${JSON.stringify(me.name)}, language ${me.locale ?? "default"})`);
  return { name: me.name, locale: parsed.data.locale };
}

/** The staff member's own name and mail language, as the account page shows them. */
export async function readOwnProfile(staff: StaffIdentity): Promise<OwnProfile & { hasPassword: boolean }> {
  const db = await getDb();
  const [me] = await db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
  // An account made by single sign-on (or SCIM) has no password until someone sets one through a mailed link.
  return { name: me?.name ?? staff.name, locale: toLocale(me?.locale), hasPassword: Boolean(me?.passwordHash) };
}
